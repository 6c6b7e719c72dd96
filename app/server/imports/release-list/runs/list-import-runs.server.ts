import { count, desc, eq, lt, and, type SQL } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import type { ImportRunRow, ImportRunView } from "~/domain/backoffice-rows";
import { importRuns } from "~/server/db/schema/index.server";
import { getLiveImportProgress } from "./import-run-record.server";

/**
 * Newest first, one page (default 20, at most 100): `before` is the last id
 * of the previous page, or `offset` skips that many runs (the backoffice's
 * numbered pages); `running` only the runs under way.
 */
export async function listImportRuns(
  db: Db,
  options: { limit?: number; before?: number; offset?: number; tldImportId?: number; running?: boolean } = {},
): Promise<ImportRunView[]> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
  const conditions: SQL[] = [];
  if (options.before) conditions.push(lt(importRuns.id, options.before));
  if (options.tldImportId) conditions.push(eq(importRuns.tldImportId, options.tldImportId));
  if (options.running) conditions.push(eq(importRuns.state, "running"));
  const rows = await db
    .select()
    .from(importRuns)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(importRuns.id))
    .limit(limit)
    .offset(Math.max(options.offset ?? 0, 0));
  return rows.map(withProgress);
}

/** How many import runs are recorded (the history's page count). */
export async function countImportRuns(db: Db): Promise<number> {
  const [row] = await db.select({ runs: count() }).from(importRuns);
  return row?.runs ?? 0;
}

/**
 * A run's row with its progress. While the run is going on in this process
 * the live count is used (on the embedded engine the row only moves at commit).
 */
export function withProgress(row: ImportRunRow): ImportRunView {
  const live = row.state === "running" ? getLiveImportProgress(row.id) : undefined;
  const processed = Math.max(row.processed, live?.processed ?? 0);
  const total = Math.max(row.total, live?.total ?? 0);
  const done = row.state === "running" ? processed + row.failed : total;
  const percent = wasWritten(row) ? 100 : total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  return { ...row, processed, total, percent, applicableAsComplete: canApplyAsComplete(row), applicableAnyway: canApplyAnyway(row) };
}

/** The run wrote its list (every entry, or all but those it rejected). */
export function wasWritten(run: Pick<ImportRunRow, "state">): boolean {
  return run.state === "succeeded" || run.state === "partly_failed";
}

/**
 * A configured list's run whose renewals the sanity threshold held back: it
 * succeeded with a warning, and was not a broken list (no valid names, or
 * more bad entries than good), which no choice makes readable.
 */
export function canApplyAsComplete(run: ImportRunRow): boolean {
  return (
    wasWritten(run) &&
    run.completeList &&
    !run.forceComplete &&
    run.warning !== null &&
    run.tldImportId !== null &&
    run.processed > 0 &&
    run.failed <= run.processed
  );
}

/**
 * A run that held a past-dated list (it wrote nothing): an administrator may
 * import that list anyway, a configured list fetched again, an upload chosen
 * again.
 */
export function canApplyAnyway(run: ImportRunRow): boolean {
  return run.state === "succeeded" && run.pastDatedList === "held";
}
