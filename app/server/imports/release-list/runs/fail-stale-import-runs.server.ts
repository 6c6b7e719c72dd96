import type { DatabaseHandle } from "~/server/db/client.server";
import { getLiveImportProgress } from "./import-run-record.server";

/** Longer than any real import (500 000 names take well under a minute on PostgreSQL). */
export const STALE_IMPORT_AFTER_MS = 2 * 60 * 60 * 1000;

export const STALE_IMPORT_MESSAGE = "The import stopped without finishing (the server was stopped or crashed). Run it again.";

/**
 * A process that dies mid-import leaves its run 'running' for ever. Such rows
 * are closed as failed: those older than STALE_IMPORT_AFTER_MS (any instance),
 * or all of them when `allRunning` (at the start of the only process that can
 * write this database: the embedded engine). Runs alive in this process are kept.
 */
export async function failStaleImportRuns(handle: DatabaseHandle, options: { now: Date; allRunning?: boolean }): Promise<number> {
  const startedBefore = options.allRunning ? options.now : new Date(options.now.getTime() - STALE_IMPORT_AFTER_MS);
  const rows = await handle.query<{ id: number }>(
    "select id from import_runs where state = 'running' and started_at <= $1 order by id limit 1000",
    [startedBefore],
  );
  const stale = rows.map((row) => row.id).filter((id) => !getLiveImportProgress(id));
  if (stale.length === 0) return 0;
  await handle.query(
    "update import_runs set state = 'failed', error_message = $2, finished_at = $3 where id = any($1::int[]) and state = 'running'",
    [stale, STALE_IMPORT_MESSAGE, options.now],
  );
  return stale.length;
}
