import type { ImportCounts, ImportRunRow } from "~/domain/backoffice-rows";
import { classifyRun, importRunTally, type RunOutcome } from "~/domain/run-outcome";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { TransactionQuery } from "~/server/db/with-transaction.server";

/** What an import reports: its run, the counts the database made, and the outcome they give (importOutcome). */
export type ImportSummary = ImportCounts & {
  runId: number;
  outcome: RunOutcome;
  /** A past-dated list: "held" (nothing written) or "applied" anyway; absent or null otherwise. */
  pastDatedList?: ImportRunRow["pastDatedList"];
};

/** A rejected entry as the run keeps it (parse/release-list-entries.server.ts gives them). */
export type RejectedEntry = { position: number; entry: string; reason: string };

/**
 * A written list's outcome (docs/product.md, "A run's outcome"): succeeded
 * when no entry was rejected, partly failed when some were, failed when every
 * entry was; and, for a failed one, why in words.
 */
export function importOutcome(counts: { total: number; processed: number; failed: number }): {
  outcome: RunOutcome;
  reason: string | null;
} {
  const outcome = classifyRun(importRunTally(counts));
  return { outcome, reason: outcome === "failed" ? `Every entry of the list was rejected (${counts.failed} of ${counts.total})` : null };
}

export type NewImportRun = {
  source: string;
  /** "schedule", "cli", "upload", "admin:<user id>". */
  trigger: string;
  tld?: string | null;
  tldImportId?: number | null;
  startedBy?: string | null;
};

export async function createImportRun(handle: DatabaseHandle, run: NewImportRun, now: Date): Promise<number> {
  const [row] = await handle.query<{ id: number }>(
    `insert into import_runs (source, trigger, tld, tld_import_id, started_by, state, started_at)
     values ($1, $2, $3, $4, $5, 'running', $6) returning id`,
    [run.source, run.trigger, run.tld ?? null, run.tldImportId ?? null, run.startedBy ?? null, now],
  );
  return row.id;
}

/** Whether an import of the configuration is under way (its run is 'running'). */
export async function isImportRunning(handle: DatabaseHandle, tldImportId: number): Promise<boolean> {
  const rows = await handle.query("select 1 from import_runs where tld_import_id = $1 and state = 'running' limit 1", [tldImportId]);
  return rows.length > 0;
}

// Progress of imports running in this process, for a reader that cannot see
// the database row move (the embedded engine is one connection; see below).
const liveProgress = new Map<number, { processed: number; total: number }>();

/** This process's latest count for a running import, if it is running here. */
export function getLiveImportProgress(runId: number) {
  return liveProgress.get(runId);
}

/** Marks a run as alive in this process (so it is never taken for a crashed one) until the returned function is called. */
export function beginLiveImport(runId: number): () => void {
  liveProgress.set(runId, { processed: 0, total: 0 });
  return () => liveProgress.delete(runId);
}

/**
 * Writes an import's progress where another session can read it while the
 * import's own transaction is still open. On PostgreSQL that is a second pool
 * connection (autocommit), outside the import's transaction: an UPDATE inside
 * it would stay invisible until commit. The embedded engine has one connection
 * that the transaction holds, so there the count is kept in this process
 * (getLiveImportProgress) and reaches the row with the summary.
 */
export function createProgressReporter(handle: DatabaseHandle, runId: number) {
  const separateConnection = handle.kind === "postgres" && (handle.pool?.options.max ?? 1) > 1;
  // The row's update in flight: each waits for the one before, so counts arrive in order.
  let written: Promise<void> = Promise.resolve();
  return {
    /**
     * Records the count and starts writing it; resolves once the count
     * before it is written. Each write (a commit, so a flush of the
     * server's log) thus runs while the import writes its next batch instead
     * of between two batches; a failed write fails the import one batch later.
     */
    report(processed: number, total: number): Promise<void> {
      if (liveProgress.has(runId)) liveProgress.set(runId, { processed, total });
      if (!separateConnection) return Promise.resolve();
      const previous = written;
      written = previous.then(async () => {
        await handle.query("update import_runs set processed = $2, total = $3 where id = $1 and state = 'running'", [
          runId,
          processed,
          total,
        ]);
      });
      // Its failure is reported by the next report() or by settle(); no rejection goes unhandled meanwhile.
      written.catch(() => undefined);
      return previous;
    },
    /** Resolves once every count is written; call it before the import's transaction writes the run's row. */
    settle(): Promise<void> {
      return written;
    },
  };
}

/**
 * The summary, written inside the import's transaction so it commits with the
 * data; `list` says whether it was read as a complete list (and forced past
 * the sanity threshold): the next complete list of the TLD is compared with it.
 */
export async function completeImportRun(
  query: TransactionQuery,
  summary: ImportSummary,
  list: { completeList: boolean; forceComplete: boolean; pastDatedList?: ImportRunRow["pastDatedList"] },
  now: Date,
) {
  await query(
    `update import_runs set state = $13, total = $2, processed = $3, inserted = $4, updated = $5, failed = $6,
            renewed = $7, errors = $8::jsonb, error_message = $14, finished_at = $9, warning = $10,
            complete_list = $11, force_complete = $12, past_dated_list = $15
      where id = $1`,
    [
      summary.runId,
      summary.total,
      summary.processed,
      summary.inserted,
      summary.updated,
      summary.failed,
      summary.renewed,
      JSON.stringify(summary.errors),
      now,
      summary.warning,
      list.completeList,
      list.forceComplete,
      summary.outcome,
      summary.outcome === "failed" ? importOutcome(summary).reason : null,
      list.pastDatedList ?? null,
    ],
  );
}

/** A failed run keeps what was learnt before the failure (total, skipped entries) and says why. */
export async function failImportRun(
  handle: DatabaseHandle,
  runId: number,
  failure: {
    message: string;
    total?: number;
    failed?: number;
    errors?: string[];
  },
  now: Date,
) {
  await handle.query(
    `update import_runs set state = 'failed', error_message = $2, processed = 0, inserted = 0, updated = 0, renewed = 0,
            total = coalesce($3, total), failed = coalesce($4, failed), errors = coalesce($5::jsonb, errors), finished_at = $6
      where id = $1`,
    [runId, failure.message, failure.total ?? null, failure.failed ?? null, failure.errors ? JSON.stringify(failure.errors) : null, now],
  );
}

/** Rejected entries written a statement at a time. */
const REJECTIONS_PER_STATEMENT = 5000;

/**
 * Records the list's size and skipped entries as soon as it is parsed, before
 * the slow part and outside its transaction: a run that fails later still
 * says what it rejected, and its rejected entries can be downloaded.
 */
export async function recordParsedList(
  handle: DatabaseHandle,
  runId: number,
  parsed: { total: number; failed: number; errors: string[]; rejections: RejectedEntry[] },
) {
  await handle.query("update import_runs set total = $2, failed = $3, errors = $4::jsonb where id = $1", [
    runId,
    parsed.total,
    parsed.failed,
    JSON.stringify(parsed.errors),
  ]);
  for (let start = 0; start < parsed.rejections.length; start += REJECTIONS_PER_STATEMENT) {
    const chunk = parsed.rejections.slice(start, start + REJECTIONS_PER_STATEMENT);
    await handle.query(
      `insert into import_rejections (run_id, position, entry, reason)
       select $1, position, entry, reason from unnest($2::int[], $3::text[], $4::text[]) as r(position, entry, reason)
       on conflict do nothing`,
      [runId, chunk.map((rejection) => rejection.position), chunk.map(withoutNul("entry")), chunk.map(withoutNul("reason"))],
    );
  }
}

// PostgreSQL text cannot hold a NUL byte, which a hostile list may carry.
const withoutNul = (key: "entry" | "reason") => (rejection: RejectedEntry) => rejection[key].replaceAll("\u0000", "\uFFFD");
