// The backoffice's starts of an import: each opens the run, hands the work
// to where it runs, and returns the run's id at once for the page to poll
// (getImportRun). The CLI and the schedule open and run theirs through
// import-release-list.server.ts too.
import type { ImportRunView } from "~/domain/backoffice-rows";
import type { DatabaseHandle } from "~/server/db/client.server";
import { importJobPayload, IMPORT_RUN_JOB } from "~/server/jobs/import-run.job.server";
import { runJobNow } from "~/server/jobs/run-job-now.server";
import { findTldImport } from "./configs/find-tld-import.server";
import { getImportRun } from "./runs/get-import-run.server";
import { carryOutImportRun, openImportRun, type ImportRequest } from "./import-release-list.server";
import { canApplyAnyway, canApplyAsComplete } from "./runs/list-import-runs.server";
import { configuredListRequest } from "./run-tld-imports.server";

export type StartedImport =
  | { ok: true; runId: number }
  /** not-found: no such configuration (or run); busy: its list is importing; refused: the run cannot be applied as complete. */
  | { ok: false; reason: "not-found" | "busy" | "refused"; error: string };

/**
 * "Run Import" on a configuration: the run is opened at once and the import
 * job carries it out (on whichever instance runs jobs, or in this process
 * when none does). Refused while the same configuration is still importing.
 */
export async function startConfiguredImport(
  handle: DatabaseHandle,
  tldImportId: number,
  options: { trigger: string; startedBy?: string | null; forceComplete?: boolean; applyPastDated?: boolean; now?: Date },
): Promise<StartedImport> {
  const config = await findTldImport(handle.db, tldImportId);
  const request = config && configuredListRequest(config, options);
  if (!request) return { ok: false, reason: "not-found", error: "No such import configuration" };
  const opened = await openImportRun(handle, request, { now: options.now ?? new Date(), refuseWhileRunning: true });
  if (!opened.ok) return { ok: false, reason: "busy", error: opened.error };
  await runJobNow(IMPORT_RUN_JOB, request.trigger, importJobPayload(opened.runId, request));
  return opened;
}

type StartOptions = { trigger: string; startedBy?: string | null; now?: Date };

/**
 * "Apply as complete" on a run whose renewals the sanity threshold held back:
 * its configuration's list is fetched and imported again, and its renewals are
 * applied however many they are. Only such a run (canApplyAsComplete) can be.
 */
export function startImportAsComplete(handle: DatabaseHandle, runId: number, options: StartOptions): Promise<StartedImport> {
  return startConfiguredListAgain(handle, runId, options, {
    allowed: canApplyAsComplete,
    refusal: "Only a configured list whose renewals the sanity threshold held back can be applied as complete",
    changes: { forceComplete: true },
  });
}

/**
 * "Apply anyway" on a run that held a configured past-dated list: its list is
 * fetched and imported again, written however old its dates are, and read as
 * complete as the configured list always is. An upload's held list is
 * uploaded again instead (its bytes are not kept).
 */
export function startImportAnyway(handle: DatabaseHandle, runId: number, options: StartOptions): Promise<StartedImport> {
  return startConfiguredListAgain(handle, runId, options, {
    allowed: (run) => canApplyAnyway(run) && run.trigger !== "upload",
    refusal: "Only a configured list held as past-dated can be applied anyway; upload a held file again",
    changes: { applyPastDated: true },
  });
}

/** A finished run's configured list, imported again with `changes` when the run allows it. */
async function startConfiguredListAgain(
  handle: DatabaseHandle,
  runId: number,
  options: StartOptions,
  again: { allowed: (run: ImportRunView) => boolean; refusal: string; changes: { forceComplete?: boolean; applyPastDated?: boolean } },
): Promise<StartedImport> {
  const run = await getImportRun(handle.db, runId);
  if (!run) return { ok: false, reason: "not-found", error: "No such import run" };
  if (!again.allowed(run) || run.tldImportId === null) return { ok: false, reason: "refused", error: again.refusal };
  // A list applied anyway although past-dated stays applied when it is imported again (as complete).
  const pastDated = run.pastDatedList === "applied" ? { applyPastDated: true } : {};
  return startConfiguredImport(handle, run.tldImportId, { ...options, ...pastDated, ...again.changes });
}

/**
 * An uploaded list: the run is opened at once and the list imported in this
 * process, which holds its bytes (too large for a job's payload), while the
 * page polls. A failure is recorded on the run.
 */
export async function startUploadImport(
  handle: DatabaseHandle,
  request: ImportRequest & { source: { kind: "bytes" } },
  options: { now?: Date } = {},
): Promise<{ ok: true; runId: number }> {
  const now = options.now ?? new Date();
  const opened = await openImportRun(handle, request, { now });
  if (!opened.ok) throw new Error(opened.error);
  // carryOutImportRun records a failure on the run and logs one it did not expect: nothing is left to handle here.
  void carryOutImportRun(handle, opened.runId, request, { now }).catch(() => undefined);
  return opened;
}
