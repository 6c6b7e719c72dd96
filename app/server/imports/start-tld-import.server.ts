import type { DatabaseHandle } from "~/server/db/client.server";
import { IMPORT_RUN_JOB } from "~/server/jobs/import-run.job.server";
import { runJobNow } from "~/server/jobs/run-job-now.server";
import { failStaleImportRuns } from "./fail-stale-import-runs.server";
import { findTldImport } from "./find-tld-import.server";
import { getImportRun } from "./get-import-run.server";
import { createImportRun } from "./import-run-record.server";
import { canApplyAsComplete } from "./list-import-runs.server";

export type StartTldImportResult = { ok: true; runId: number } | { ok: false; error: string };

/**
 * "Run Import" on a configuration: records the run at once and hands the
 * work to the job queue, so the request returns with a run id to poll
 * (getImportRun). Refused while the same configuration is still importing.
 */
export async function startTldImport(
  handle: DatabaseHandle,
  tldImportId: number,
  options: { trigger: string; startedBy?: string | null; now?: Date; forceComplete?: boolean },
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
    ...(options.forceComplete ? { forceComplete: true } : {}),
  });
  return { ok: true, runId };
}

/**
 * "Apply as complete" on a run whose renewals the sanity threshold held back:
 * its configuration's list is fetched and imported again, and its renewals are
 * applied however many they are. Only such a run (canApplyAsComplete) can be.
 */
export async function startImportAsComplete(
  handle: DatabaseHandle,
  runId: number,
  options: { trigger: string; startedBy?: string | null; now?: Date },
): Promise<StartTldImportResult> {
  const run = await getImportRun(handle.db, runId);
  if (!run) return { ok: false, error: "No such import run" };
  if (!canApplyAsComplete(run)) {
    return { ok: false, error: "Only a configured list whose renewals the sanity threshold held back can be applied as complete" };
  }
  return startTldImport(handle, run.tldImportId!, { ...options, forceComplete: true });
}
