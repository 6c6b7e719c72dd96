import { PgBoss, fromPglite } from "pg-boss";
import type { DatabaseHandle } from "../db/client.server";
import { logger } from "../logger.server";
import type { JobDefinition } from "./job-definition.server";

export type JobRunner = {
  boss: PgBoss;
  /** Queue a job now (the backoffice's "Run Manually", the CLI when a server runs). */
  enqueue(name: string, payload?: object): Promise<string | null>;
  stop(): Promise<void>;
};

/** Starts pg-boss on the app's database, creates each queue, sets its UTC schedule and worker. */
export async function startJobRunner(
  handle: DatabaseHandle,
  definitions: JobDefinition[],
  options: { databaseUrl?: string },
): Promise<JobRunner> {
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({ backend: "pglite", db: fromPglite(handle.pglite!) } as never)
      : new PgBoss({ connectionString: options.databaseUrl! });
  boss.on("error", (error) => logger.error({ err: error }, "job runner error"));
  await boss.start();

  for (const definition of definitions) {
    await boss.createQueue(definition.name, { retryLimit: definition.retryLimit ?? 2, retryBackoff: true } as never);
    if (definition.cron) {
      await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" } as never);
    } else {
      await boss.unschedule(definition.name).catch(() => undefined);
    }
    await boss.work(definition.name, async (jobs) => {
      for (const job of jobs) {
        const payload = definition.payload.parse(job.data ?? {});
        const started = Date.now();
        const trigger = (job.data as { trigger?: string } | undefined)?.trigger ?? "schedule";
        const result = await definition.handler({ handle, now: new Date(), trigger }, payload);
        logger.info({ job: definition.name, ms: Date.now() - started }, "job finished");
        return result;
      }
    });
  }

  return {
    boss,
    enqueue: (name, payload = {}) => boss.send(name, payload),
    async stop() {
      await boss.stop({ graceful: true, timeout: 8000 } as never);
    },
  };
}
