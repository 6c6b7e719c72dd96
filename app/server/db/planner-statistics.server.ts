// The planner's statistics (row counts, value distributions), which choose
// between walking a list's order and collecting its matches, between the
// search keys and a scan. PostgreSQL's autovacuum gathers them after enough
// of a table changed. The embedded PGlite runs no background workers: left
// alone, its tables are never analyzed, every estimate is a default guess,
// and a filtered search on the soon list that takes 0.1 s with statistics
// took 2 s without (docs/benchmarks.md, "The public lists' filters").
import type { DatabaseHandle } from "./client.server";

/** After a large write (an import, the demo data): gathers the statistics where nothing else would. */
export async function refreshPlannerStatistics(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") return;
  await handle.query("analyze domains");
}

/** At start: a database whose names were never analyzed (an embedded one written before this) is analyzed once. */
export async function analyzeIfNeverAnalyzed(handle: DatabaseHandle): Promise<boolean> {
  const [never] = await handle.query<{ never: boolean }>("select reltuples < 0 as never from pg_class where oid = 'domains'::regclass");
  if (!never?.never) return false;
  await handle.query("analyze");
  return true;
}
