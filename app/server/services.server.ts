import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { join, resolve } from "node:path";
import { openDatabase, SOCKET_FILE, type DatabaseHandle, type Db } from "./db/client.server";
import { migrateDatabase } from "./db/migrate.server";
import { analyzeIfNeverAnalyzed, refreshPlannerStatistics } from "./db/planner-statistics.server";
import { serveEmbeddedDatabase } from "./db/socket-server.server";
import { invalidateDomainCaches } from "./cache/domain-cache.server";
import { seedDemoIfEmpty } from "./demo/seed-demo.server";
import { fillUnknownWordClasses } from "./domains/rescore-domains.server";
import { refreshFamilyFlagsAfter } from "./zone/family-flags.server";
import { refreshStatisticsIfNeverComputed } from "./statistics/refresh-statistics.server";
import { getEnv } from "./env.server";
import { closeLeftoverRuns } from "./jobs/close-leftover-runs.server";
import { startJobRunner, type JobRunner } from "./jobs/job-runner.server";
import { jobDefinitions } from "./jobs/registry.server";
import { logger } from "./logger.server";

export type Services = {
  handle: DatabaseHandle;
  jobs?: JobRunner;
  socketServer?: PGLiteSocketServer;
  /** The start's background classification of names stored without a word class, and how to stop it. */
  wordClassFill?: { done: Promise<void>; stop: AbortController };
  /** The start's first computation of the statistics, when they never were computed (awaited before the database closes). */
  statisticsStart?: Promise<void>;
  /** The start's refresh of the listed names' family flags (awaited before the database closes). */
  familyFlagsStart?: Promise<void>;
};

/** Rows the start's flag refresh may rewrite before the embedded database is vacuumed after it. */
const FAMILY_FLAGS_VACUUM_AFTER = 10_000;

// Kept on globalThis so the dev server's module reloads reuse one database instead of opening it twice.
const state = globalThis as typeof globalThis & { __snartServices?: Promise<Services> };

/** The running app's services, started on first use (the web server starts them at boot). */
export function getServices(): Promise<Services> {
  state.__snartServices ??= startServices().catch((error) => {
    state.__snartServices = undefined;
    throw error;
  });
  return state.__snartServices;
}

export async function getDb(): Promise<Db> {
  return (await getServices()).handle.db;
}

export async function getHandle(): Promise<DatabaseHandle> {
  return (await getServices()).handle;
}

/** Tests run the app's loaders and actions on their own database. */
export function useDatabaseForTests(handle: DatabaseHandle) {
  state.__snartServices = Promise.resolve({ handle });
}

async function startServices(): Promise<Services> {
  const env = getEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, mode: "owner" });
  await migrateDatabase(handle);
  if (await analyzeIfNeverAnalyzed(handle))
    logger.info("planner statistics (and, embedded, a vacuum) done for a database that never had them");
  const services: Services = { handle };
  await closeLeftoverRuns(handle, { now: new Date() });

  if (handle.kind === "pglite") {
    services.socketServer = await serveEmbeddedDatabase(handle.pglite!, join(resolve(env.DATA_DIR), SOCKET_FILE), {
      idleInTransactionMs: env.SOCKET_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
  }
  if (env.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(handle, { size: env.SEED_DEMO_SIZE, now: new Date() });
    if (seeded > 0) logger.info({ domains: seeded }, "empty database filled with demo data");
  }
  services.wordClassFill = startWordClassFill(handle);
  // Not awaited: a database migrated to 0043 has no family flags yet, and a refresh that failed after an
  // apply or import left them lagging; this brings them up to the zone (writing only what changed).
  // A flag change rewrites the row and its index entries (the flags are in partial indexes' predicates),
  // so the first refresh leaves the embedded database, which has no autovacuum, a vacuum to do.
  services.familyFlagsStart = refreshFamilyFlagsAfter(handle.db, { after: "start" }).then(async (rewritten) => {
    if (rewritten !== null && rewritten > FAMILY_FLAGS_VACUUM_AFTER) {
      await refreshPlannerStatistics(handle).catch((error: unknown) => logger.warn({ err: error }, "vacuum after the family flags failed"));
    }
  });
  // Not awaited: the site serves meanwhile; a failure is logged and the next job computes them.
  services.statisticsStart = refreshStatisticsIfNeverComputed(handle, new Date()).catch((error: unknown) =>
    logger.warn({ err: error }, "statistics were not computed at start"),
  );
  if (env.JOBS_ENABLED) {
    services.jobs = await startJobRunner(handle, jobDefinitions, { databaseUrl: env.DATABASE_URL });
  }
  logger.info({ database: handle.kind === "pglite" ? resolve(env.DATA_DIR) : "postgres" }, "services started");
  return services;
}

/**
 * Classifies, in the background, the names whose word class is not known yet
 * (after migration 0024, every stored name): the site serves meanwhile, and
 * the "Svenska ord" filter skips those names until they are done. Usually
 * there are none, and this is one empty index read.
 */
function startWordClassFill(handle: DatabaseHandle): Services["wordClassFill"] {
  const stop = new AbortController();
  const done = fillUnknownWordClasses(handle, { signal: stop.signal }).then(
    ({ filled }) => {
      if (filled === 0) return;
      // Filtered pages cached before now left these names out.
      invalidateDomainCaches();
      logger.info({ domains: filled }, "word classes filled in for names stored without one");
    },
    (error: unknown) => {
      if (!stop.signal.aborted) logger.error({ err: error }, "filling in word classes failed; the next start tries again");
    },
  );
  return { done, stop };
}

export async function stopServices() {
  const pending = state.__snartServices;
  state.__snartServices = undefined;
  if (!pending) return;
  const services = await pending.catch(() => undefined);
  if (!services) return;
  services.wordClassFill?.stop.abort();
  await services.wordClassFill?.done;
  await services.statisticsStart;
  await services.familyFlagsStart;
  await services.jobs?.stop().catch((error) => logger.error({ err: error }, "stopping jobs failed"));
  await services.socketServer?.stop().catch(() => undefined);
  await services.handle.close();
}
