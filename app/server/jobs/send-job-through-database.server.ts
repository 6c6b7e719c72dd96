import { PgBoss } from "pg-boss";
import type { DatabaseHandle } from "~/server/db/client.server";

/**
 * Queues a job for the app server's workers from another process (the CLI
 * while a server runs): a pg-boss instance that only inserts the job, without
 * starting workers or schedules of its own. The queue's policy still applies,
 * so null means the same job is already queued or running.
 */
export async function sendJobThroughDatabase(handle: DatabaseHandle, name: string, payload: object): Promise<string | null> {
  const sender = new PgBoss({
    db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await handle.query(text, values ?? []) }) },
  });
  sender.on("error", () => undefined);
  return sender.send(name, payload);
}
