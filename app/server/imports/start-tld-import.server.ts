import type { DatabaseHandle } from "../db/client.server";
import { IMPORT_RUN_JOB } from "../jobs/import-run.job.server";
import { runJobNow } from "../jobs/run-job-now.server";
import { failStaleImportRuns } from "./fail-stale-import-runs.server";
import { findTldImport } from "./find-tld-import.server";
import { createImportRun } from "./import-run-record.server";

export type StartTldImportResult = { ok: true; runId: number } | { ok: false; error: string };

/**
 * "Run Import" on a configuration: records the run at once and hands the
 * work to the job queue, so the request returns with a run id to poll
 * (getImportRun). Refused while the same configuration is still importing.
 */
export async function startTldImport(
  handle: DatabaseHandle,
  tldImportId: number,
  options: { trigger: string; startedBy?: string | null; now?: Date },
): Promise<StartTldImportResult> {
  const now = options.now ?? new Date();
  const config = await findTldImport(handle.db, tldImportId);
  if (!config) return { ok: false, error: "No such import configuration" };
  await failStaleImportRuns(handle, { now });
  const [running] = await handle.query<{ id: number }>(
    "select id from import_runs where tld_import_id = $1 and state = 'running' order by id desc limit 1",
    [tldImportId],
  );
  if (running)
    return {
      ok: false,
      error: `An import of ${config.tld} is already running`,
    };

  const runId = await createImportRun(
    handle,
    {
      source: config.url,
      trigger: options.trigger,
      tld: config.tld,
      tldImportId,
      startedBy: options.startedBy,
    },
    now,
  );
  await runJobNow(IMPORT_RUN_JOB, options.trigger, {
    runId,
    tldImportId,
    startedBy: options.startedBy ?? null,
  });
  return { ok: true, runId };
}
