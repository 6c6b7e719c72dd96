import type { DatabaseHandle } from "~/server/db/client.server";

/** How long the zone's changes are kept. */
export const ZONE_CHANGES_KEPT_MONTHS = 13;

/**
 * Deletes the zone's changes seen more than 13 months before `now`, and the
 * records of runs that applied nothing (failed or held) as old. Snapshots
 * that were applied stay: delegations refer to them, and they are one row per
 * read. Called after each apply.
 */
export async function pruneZoneChanges(handle: Pick<DatabaseHandle, "query">, options: { now: Date }) {
  const cutoff = `$1::timestamptz - interval '${ZONE_CHANGES_KEPT_MONTHS} months'`;
  let changes = 0;
  // Per TLD, so that the delete walks zone_changes_seen_idx (tld, seen_at).
  for (const tld of [".nu", ".se"]) {
    const [row] = await handle.query<{ n: number }>(
      `with gone as (delete from zone_changes where tld = $2 and seen_at < ${cutoff} returning 1) select count(*)::int as n from gone`,
      [options.now, tld],
    );
    changes += row.n;
  }
  const runs = await handle.query<{ n: number }>(
    `with gone as (delete from zone_snapshots where state in ('failed', 'held') and started_at < ${cutoff} returning 1)
     select count(*)::int as n from gone`,
    [options.now],
  );
  return { changes, runs: runs[0].n };
}
