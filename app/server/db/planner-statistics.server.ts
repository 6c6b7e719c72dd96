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
