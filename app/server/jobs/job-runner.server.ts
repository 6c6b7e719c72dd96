import { PgBoss, fromPglite } from "pg-boss";
import type { DatabaseHandle } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import type { JobDefinition } from "./job-definition.server";
import { claimScheduledRun } from "./claim-scheduled-run.server";
import { failInterruptedJobRuns, runRecordedJob } from "./record-job-run.server";

export type JobRunner = {
  boss: PgBoss;
  /**
   * Queue a job now (the backoffice's "Run Manually", the CLI when a server
   * runs). Resolves to the job id, or null when the queue's policy refused it
   * because the same job is already queued or running.
   */
  enqueue(name: string, payload?: object): Promise<string | null>;
  stop(): Promise<void>;
};

/** A pg-boss instance on the app's database (PGlite through its adapter, or the server). */
export function createBoss(handle: DatabaseHandle, options: { databaseUrl?: string; supervise?: boolean; schedule?: boolean }) {
  // Only the options given: pg-boss reads a present-but-undefined key differently from a missing one.
  const extra = Object.fromEntries(
    Object.entries({
      supervise: options.supervise,
      schedule: options.schedule,
    }).filter(([, value]) => value !== undefined),
  );
  return handle.kind === "pglite"
    ? new PgBoss({
        backend: "pglite",
        db: fromPglite(handle.pglite!),
        ...extra,
      } as never)
    : new PgBoss({ connectionString: options.databaseUrl ?? handle.pool?.options.connectionString, ...extra });
}

/**
 * Starts pg-boss on the app's database, creates each queue with its policy,
 * sets its UTC schedule (pg-boss sends each occurrence once across all app
 * instances; a scheduled job first claims its occurrence, so one that is
 * sent twice still runs once) and a worker that records every run in
 * job_runs. (Runs left
 * 'running' by a crashed process are closed at start: closeLeftoverRuns.)
 */
export async function startJobRunner(
  handle: DatabaseHandle,
  definitions: JobDefinition[],
  options: { databaseUrl?: string },
): Promise<JobRunner> {
  const boss = createBoss(handle, options);
  boss.on("error", (error) => logger.error({ err: error }, "job runner error"));
  await boss.start();

  for (const definition of definitions) {
    await boss.createQueue(definition.name, {
      policy: definition.policy ?? "standard",
      retryLimit: definition.retryLimit ?? 2,
      retryBackoff: true,
      ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
    });
    if (definition.cron) {
      await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
    } else {
      await boss.unschedule(definition.name).catch(() => undefined);
    }
    await boss.work(definition.name, async (jobs) => {
      for (const job of jobs) {
        const data = (job.data ?? {}) as { trigger?: string };
        const trigger = data.trigger ?? "schedule";
        const now = new Date();
        if (trigger === "schedule" && definition.cron) {
          const claim = { job: definition.name, cron: definition.cron, bossJobId: job.id, now };
          if (!(await claimScheduledRun(handle, claim))) {
            logger.info({ job: definition.name, bossJobId: job.id }, "scheduled run skipped: another job already ran this occurrence");
            return undefined;
          }
        }
        return runRecordedJob(definition, { handle, now, trigger }, data);
      }
    });
  }

  return {
    boss,
    enqueue: (name, payload = {}) => boss.send(name, payload),
    async stop() {
      await boss.stop({ graceful: true, timeout: 8000 });
      // A job still working after the grace period dies with the process: say so rather than leave it 'running'.
      await failInterruptedJobRuns(handle, new Date()).catch((error) => logger.error({ err: error }, "could not close interrupted job runs"));
    },
  };
}
