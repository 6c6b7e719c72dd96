// The upkeep PostgreSQL's autovacuum does in the background, which the
// embedded PGlite (no background workers) never gets unless the app does it:
// - the planner's statistics (row counts, value distributions), which choose
//   between walking a list's order and collecting its matches, between the
//   search keys and a scan. Left alone, every estimate is a default guess, and
//   a filtered search on the soon list that takes 0.1 s with statistics took
//   2 s without (docs/decisions/0029-filter-counts-and-saved-searches.md, "Measurements");
// - the search keys' GIN index's pending list: new rows' keys are queued there
//   and every lookup reads the whole queue until a vacuum merges it. After a
//   demo seed of 100,000 names it held ~450 pages, and a name's similar names
//   (28–56 lookups) took 1–4 s instead of ~50 ms;
// - the visibility map, without which an index-only scan still reads each row.
import { logger } from "~/server/logger.server";
import type { DatabaseHandle } from "./client.server";

/** After a large write (an import, the demo data): the upkeep nothing else would do on the embedded database. */
export async function refreshPlannerStatistics(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") return;
  await handle.query("vacuum analyze domains");
}

/**
 * At start: a database whose names were never analyzed, or never vacuumed (an
 * embedded one written before the upkeep above), gets it once.
 */
export async function analyzeIfNeverAnalyzed(handle: DatabaseHandle): Promise<boolean> {
  const [state] = await handle.query<{ never_analyzed: boolean; never_vacuumed: boolean }>(
    `select reltuples < 0 as never_analyzed, relpages > 0 and relallvisible = 0 as never_vacuumed
       from pg_class where oid = 'domains'::regclass`,
  );
  const embedded = handle.kind !== "postgres";
  if (!state?.never_analyzed && !(embedded && state?.never_vacuumed)) return false;
  await handle.query(embedded ? "vacuum analyze" : "analyze");
  return true;
}

/**
 * After a write that changed rows of `tables` (a zone snapshot applied): their statistics now, not
 * at autovacuum's next pass (PostgreSQL) or never (the embedded engine has no autovacuum). ANALYZE
 * reads a sample of a bounded size, however large the table (~1 s for 1.5 million delegations on the
 * embedded engine), and SKIP_LOCKED passes over a table autovacuum is busy with rather than wait for it.
 * Run outside any transaction; a failure is logged and swallowed, since stale statistics make queries
 * slower, never wrong. Returns whether it ran.
 */
export async function analyzeTables(
  handle: Pick<DatabaseHandle, "query">,
  tables: readonly PlannerStatisticsTable[],
  context: Record<string, unknown>,
): Promise<boolean> {
  if (tables.length === 0) return false;
  try {
    await handle.query(`analyze (skip_locked) ${tables.join(", ")}`);
    return true;
  } catch (error) {
    logger.warn({ err: error, tables, ...context }, "analyze after the write failed; the tables keep their older planner statistics");
    return false;
  }
}

/** The tables analyzeTables is given: written out, since their names go into the statement as they are. */
export type PlannerStatisticsTable = "zone_delegations" | "zone_changes";
