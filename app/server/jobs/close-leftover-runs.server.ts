import type { DatabaseHandle } from "~/server/db/client.server";
import { failStaleImportRuns } from "~/server/imports/release-list/runs/fail-stale-import-runs.server";
import { closeLeftoverZoneRuns } from "~/server/zone/store/zone-runs.server";
import { releaseLeftoverZoneSyncLeases } from "~/server/zone/sync/zone-sync.server";
import { failStaleJobRuns } from "./record-job-run.server";

/**
 * Closes job, import and zone runs left 'running' by a process that died (and
 * frees its zone sync lease), so the
 * backoffice never shows a run that will not finish. Called at every start,
 * also when this instance runs no jobs (JOBS_ENABLED=false): an import
 * started from the backoffice runs in the web process all the same. The
 * embedded database has one owner process, so at its start every 'running'
 * row is a leftover; on PostgreSQL other instances may be working, so only
 * old rows are closed there.
 */
export async function closeLeftoverRuns(handle: DatabaseHandle, options: { now: Date }) {
  const allRunning = handle.kind === "pglite";
  const jobRuns = await failStaleJobRuns(handle, { now: options.now, allRunning });
  const importRuns = await failStaleImportRuns(handle, { now: options.now, allRunning });
  const zone = await closeLeftoverZoneRuns(handle, { now: options.now, allRunning });
  const zoneSyncLeases = await releaseLeftoverZoneSyncLeases(handle, { now: options.now, allRunning });
  return { jobRuns, importRuns, zoneRuns: zone.runs, zoneSyncLeases };
}
