import type { Tld } from "~/domain/names";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { failStaleImportRuns } from "./fail-stale-import-runs.server";
import { ImportError, importFailureMessage } from "./import-error.server";
import { beginLiveImport, createImportRun, failImportRun, recordParsedList, type ImportSummary } from "./import-run-record.server";
import { parseReleaseList, type ParsedReleaseList } from "./parse-release-list.server";
import { describeSource, readReleaseListSource, type ListVersion, type ReleaseListSource } from "./read-release-list-source.server";
import { writeReleaseList } from "./write-release-list.server";

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
  /** "schedule", "cli", "upload", "admin:<user id>". */
  trigger: string;
  startedBy?: string | null;
  tldImportId?: number | null;
};

export type ImportOptions = {
  /** The clock: import timestamps and the renewal rule read it (tests move it). */
  now?: Date;
  /** Continue a run row created beforehand (so a caller could hand out its id at once). */
  runId?: number;
  batchSize?: number;
  /** How many new names make a bulk load (bulk-load-domains.server.ts); tests lower it. */
  bulkLoadFrom?: number;
  beforeBatch?: (batchIndex: number) => void | Promise<void>;
};

/**
 * Imports one release list and returns its exact summary. The run is recorded
 * in import_runs from the start (state running, then succeeded or failed with
 * the reason); the data is written in one transaction. Throws an ImportError
 * with the administrator-facing message when the list cannot be imported.
 */
export async function importReleaseList(
  handle: DatabaseHandle,
  request: ImportRequest,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const now = options.now ?? new Date();
  await failStaleImportRuns(handle, { now });
  const runId = options.runId ?? (await recordNewRun(handle, request, now));

  let parsed: ParsedReleaseList | undefined;
  const endLive = beginLiveImport(runId);
  try {
    const read = await readAndParse(request);
    parsed = read.parsed;
    await recordParsedList(handle, runId, parsed);
    const summary = await writeReleaseList(handle, parsed, {
      runId,
      now,
      tld: request.tld,
      completeList: request.completeList || request.forceComplete,
      forceComplete: request.forceComplete,
      tldImportId: request.tldImportId,
      listVersion: read.version,
      batchSize: options.batchSize,
      bulkLoadFrom: options.bulkLoadFrom,
      beforeBatch: options.beforeBatch,
    });
    logger.info({ ...summary, errors: undefined, trigger: request.trigger }, "import finished");
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

export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; runId: number; message: string };

/**
 * Starts an import and returns its run id at once (an upload: the HTTP request
 * answers while the list is written; the page polls getImportRun). `finished`
 * never rejects: a failure is recorded on the run and reported as a value.
 */
export async function startReleaseListImport(
  handle: DatabaseHandle,
  request: ImportRequest,
  options: ImportOptions = {},
): Promise<{ runId: number; finished: Promise<ImportOutcome> }> {
  const now = options.now ?? new Date();
  const runId = options.runId ?? (await recordNewRun(handle, request, now));
  const finished = importReleaseList(handle, request, { ...options, now, runId }).then(
    (summary): ImportOutcome => ({ ok: true, summary }),
    (error: unknown): ImportOutcome => ({ ok: false, runId, message: importFailureMessage(error) }),
  );
  return { runId, finished };
}

function recordNewRun(handle: DatabaseHandle, request: ImportRequest, now: Date) {
  const { trigger, tld, tldImportId, startedBy } = request;
  return createImportRun(handle, { source: describeSource(request.source), trigger, tld, tldImportId, startedBy }, now);
}

// The raw bytes are only needed for parsing: kept out of the long-lived scope, they can be freed while the list is written.
async function readAndParse(request: ImportRequest): Promise<{ parsed: ParsedReleaseList; version?: ListVersion }> {
  const { bytes, format, version } = await readReleaseListSource(request.source);
  return { parsed: parseReleaseList(bytes, { format, tld: request.tld }), version };
}
