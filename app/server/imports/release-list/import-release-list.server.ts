// The release-list pipeline's one way through (docs/architecture.md, "A nightly
// import"): a run is opened (runs/), then carried out top to bottom: the list's
// bytes are read (source/), parsed into entries (parse/) and written in one
// transaction (write/), and the run is closed. The schedule (run-tld-imports),
// the hourly check (check-release-lists), the backoffice (start-import), the
// import-run job and the CLI all come in here.
import type { Tld } from "~/domain/names";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { refreshPlannerStatistics } from "~/server/db/planner-statistics.server";
import { refreshFamilyFlagsAfter } from "~/server/zone/family-flags.server";
import { logger } from "~/server/logger.server";
import { PARTS_AFTER, refreshStatisticsAfterJob } from "~/server/statistics/refresh-statistics.server";
import { describeSource, readReleaseListSource, type ListVersion, type ReleaseListSource } from "./source/read-release-list-source.server";
import { parseReleaseList, type ParsedReleaseList } from "./parse/parse-release-list.server";
import { writeReleaseList } from "./write/write-release-list.server";
import { failStaleImportRuns } from "./runs/fail-stale-import-runs.server";
import { ImportError, importFailureMessage } from "./runs/import-error.server";
import { startPhaseClock, type ImportPhaseTimes, type PhaseClock } from "./runs/import-phases.server";
import {
  beginLiveImport,
  createImportRun,
  failImportRun,
  isImportRunning,
  recordParsedList,
  type ImportSummary,
} from "./runs/import-run-record.server";

export type ImportRequest = {
  source: ReleaseListSource;
  /** The list's TLD: names of another TLD are skipped and counted as failed. */
  tld?: Tld;
  /**
   * The list is the registry's whole list of `tld` (a configured URL, or an
   * upload said to be complete): soon-available names missing from it are
   * marked renewed. Never set this for a partial list.
   */
  completeList?: boolean;
  /**
   * Apply the renewals even past the sanity threshold (an administrator's
   * "apply as complete", the CLI's --force-complete); implies `completeList`.
   */
  forceComplete?: boolean;
  /**
   * Write a past-dated list (most release dates before the import day) all
   * the same: an administrator's "Apply anyway", the CLI's --apply-past-dated.
   * Without it such a list is held and writes nothing.
   */
  applyPastDated?: boolean;
  /** "schedule", "cli", "upload", "admin:<user id>". */
  trigger: string;
  startedBy?: string | null;
  tldImportId?: number | null;
};

export type ImportOptions = {
  /** The clock: import timestamps and the renewal rule read it (a job's start; tests move it). */
  now?: Date;
  /** Told where a successful import's time went, phase by phase, as its log line says (the import benchmark). */
  onPhaseTimes?: (times: ImportPhaseTimes) => void;
};

export type OpenedImportRun = { ok: true; runId: number } | { ok: false; error: string };

/**
 * The one way an import's run begins, whoever asks (the backoffice, the CLI,
 * the schedule): runs a stopped process left 'running' are closed first, so
 * they neither look busy nor stay open for ever, and the new run is recorded
 * 'running', so its id can be handed out before the list is read.
 * `refuseWhileRunning`: a configuration that is importing already is refused
 * (a start by hand) instead of taking its turn after that import.
 */
export async function openImportRun(
  handle: DatabaseHandle,
  request: ImportRequest,
  options: { now: Date; refuseWhileRunning?: boolean },
): Promise<OpenedImportRun> {
  await failStaleImportRuns(handle, { now: options.now });
  if (options.refuseWhileRunning && request.tldImportId && (await isImportRunning(handle, request.tldImportId))) {
    return { ok: false, error: `An import of ${request.tld ?? "this list"} is already running` };
  }
  const { trigger, tld, tldImportId, startedBy } = request;
  const runId = await createImportRun(
    handle,
    { source: describeSource(request.source), trigger, tld, tldImportId, startedBy },
    options.now,
  );
  return { ok: true, runId };
}

/**
 * The one way an opened run is carried out, wherever it runs (the import-run
 * job, the schedule's jobs, the CLI on a database it may write, an upload in
 * the process that received it): reads the list (a URL through the guarded
 * fetch), parses it and writes it in one transaction, and closes the run as
 * succeeded with its exact summary (written with the data) or as failed with
 * the reason. Throws an ImportError with the administrator-facing message
 * when the list cannot be imported.
 */
export async function carryOutImportRun(
  handle: DatabaseHandle,
  runId: number,
  request: ImportRequest,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return carryOutTimed(handle, runId, request, options, startPhaseClock());
}

async function carryOutTimed(
  handle: DatabaseHandle,
  runId: number,
  request: ImportRequest,
  options: ImportOptions,
  clock: PhaseClock,
): Promise<ImportSummary> {
  const now = options.now ?? new Date();
  let parsed: ParsedReleaseList | undefined;
  const endLive = beginLiveImport(runId);
  try {
    const read = await readAndParse(request);
    parsed = read.parsed;
    clock.lap("read");
    await recordParsedList(handle, runId, parsed);
    clock.lap("record");
    const summary = await writeReleaseList(handle, parsed, {
      runId,
      now,
      tld: request.tld,
      completeList: request.completeList || request.forceComplete,
      forceComplete: request.forceComplete,
      applyPastDated: request.applyPastDated,
      tldImportId: request.tldImportId,
      listVersion: read.version,
      clock,
    });
    clock.lap("commit");
    await refreshPlannerStatistics(handle).catch((error) => logger.warn({ err: error, runId }, "could not refresh the planner statistics"));
    clock.lap("plannerStatistics");
    // The new names' siblings and twins (decision 0087). All names, not only the new: one statement
    // that rewrites only what changed, and it heals any lag a failed refresh left. Logged, never failing the import.
    await refreshFamilyFlagsAfter(handle.db, { runId, after: "import" });
    clock.lap("familyFlags");
    await refreshStatisticsAfterJob(handle, { now, parts: PARTS_AFTER.import });
    clock.lap("statistics");
    logger.info({ ...summary, errors: undefined, trigger: request.trigger, phaseMs: clock.times }, "import finished");
    options.onPhaseTimes?.(clock.times);
    return summary;
  } catch (error) {
    const message = importFailureMessage(error);
    if (!(error instanceof ImportError)) logger.error({ err: error, runId }, "import failed unexpectedly");
    const known = { total: parsed?.total, failed: parsed?.failed, errors: parsed?.errors };
    await failImportRun(handle, runId, { message, ...known }, new Date()).catch((recordError) =>
      logger.error({ err: recordError, runId }, "could not record the failed import"),
    );
    throw error instanceof ImportError ? error : new ImportError(message, { cause: error });
  } finally {
    endLive();
    // Whoever started it (job, upload, CLI), this process's cached lists and counts may now be stale.
    invalidateDomainCaches();
  }
}

/**
 * Imports one release list here, to its end, and returns its exact summary:
 * the schedule's imports and the CLI on a database it may write open the run
 * and carry it out in one go.
 */
export async function importReleaseList(
  handle: DatabaseHandle,
  request: ImportRequest,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const now = options.now ?? new Date();
  const clock = startPhaseClock();
  const opened = await openImportRun(handle, request, { now });
  if (!opened.ok) throw new ImportError(opened.error);
  clock.lap("open");
  return carryOutTimed(handle, opened.runId, request, { ...options, now }, clock);
}

// The raw bytes are only needed for parsing: kept out of the long-lived scope, they can be freed while the list is written.
async function readAndParse(request: ImportRequest): Promise<{ parsed: ParsedReleaseList; version?: ListVersion }> {
  const { bytes, format, version } = await readReleaseListSource(request.source);
  return { parsed: parseReleaseList(bytes, { format, tld: request.tld }), version };
}
