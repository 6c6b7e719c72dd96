// The database the list benchmarks read (bench/public-filters.ts, bench/exports.ts):
// PostgreSQL's million-name database that bench:search fills (snart_bench_search,
// kept per size), or with --embedded a PGlite directory filled with demo names
// on first use (default /tmp/snart-bench-filters-<size>, shared by both).
import pg from "pg";
import type { OptionSpecs, OptionValues } from "~cli/command-line";
import { drizzle } from "drizzle-orm/node-postgres";
import { type Db, openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import * as schema from "~/server/db/schema/index.server";
import { seedDemoIfEmpty } from "~/server/demo/seed-demo.server";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";

/** The options a script that reads this database takes (its spec spread into the script's own). */
export const LIST_DATABASE_OPTIONS = {
  embedded: { type: "boolean" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
  "data-dir": { type: "string" },
} as const satisfies OptionSpecs;
type Options = OptionValues<typeof LIST_DATABASE_OPTIONS>;

export async function openListBenchDatabase(options: Options, size: number): Promise<{ db: Db; close: () => Promise<void> }> {
  return options.embedded === true ? openEmbedded(options, size) : openPostgres(options, size);
}

async function openPostgres(options: Options, size: number) {
  const serverUrl = (typeof options["database-url"] === "string" ? options["database-url"] : undefined) ?? (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL);
  if (!serverUrl) throw new Error("Give --database-url or set BENCH_DATABASE_URL to a PostgreSQL server");
  const name = typeof options["database-name"] === "string" ? options["database-name"] : "snart_bench_search";
  const databaseUrl = await prepareSearchBenchDatabase({ serverUrl, name, size, fresh: false });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return { db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
}

async function openEmbedded(options: Options, size: number) {
  const dataDir = typeof options["data-dir"] === "string" ? options["data-dir"] : `/tmp/snart-bench-filters-${size}`;
  const handle = await openDatabase({ dataDir });
  await migrateDatabase(handle);
  // The list totals are kept by triggers as the names go in, as on a server that seeded itself.
  await seedDemoIfEmpty(handle, { size, now: new Date() });
  return { db: handle.db, close: () => handle.close() };
}
