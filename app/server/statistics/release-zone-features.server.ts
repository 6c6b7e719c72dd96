// Each release's zone features as of its release (decision 0088): recorded on its row of
// release_outcomes once, from the zone's history (app/server/zone/zone-as-of.server.ts), so the
// catch-risk forecast counts released names by what the zone said before they were free, never by
// what it says today. The statistics part "catch-risk" records the releases since its last run
// before it counts; the first run after migration 0044 records the whole history at once.
import { sql } from "drizzle-orm";
import type { TransactionQuery } from "~/server/db/with-transaction.server";
import { foldedLabelSql } from "~/server/zone/name-families.server";
import { delegationGroupAtSql, siblingRegisteredAtSql, sqlText, twinRegisteredAtSql } from "~/server/zone/zone-as-of.server";
import { releaseMomentSql } from "./statistics-sql.server";

/** foldedLabelSql as a string for the statements written as text (it carries no parameters). */
const FOLDED_NAME = sqlText(foldedLabelSql(sql.raw("o.domain_name"), sql.raw("d.unicode_name")));

/**
 * At most this many releases are recorded a run, newest first: the first run after migration 0044
 * meets the whole history, and on the embedded database one transaction holds the whole site. A
 * day brings a few hundred; a release not recorded yet counts as "unknown" until a later run.
 */
export const RECORD_AT_ONCE = 20_000;

/**
 * Records the zone features of every release whose release moment has passed by `now` and that has
 * none yet (delegation null): the sibling and a twin delegated at the release moment, and how the
 * name was delegated before it dropped. A release before any zone was read gets null flags and
 * 'unknown' without reading the zone. Safe to run twice: a recorded row is never recomputed.
 * Returns how many it recorded.
 */
export async function recordReleaseZoneFeatures(query: TransactionQuery, now: Date): Promise<number> {
  const [row] = await query<{ n: number }>(
    `with pending as materialized (
       select o.domain_name as name, o.release_date, o.tld::text as tld, ${releaseMomentSql("o.release_date")} as at, ${FOLDED_NAME} as folded
         from release_outcomes o
         left join domains d on d.name = o.domain_name
        where o.delegation is null and o.released_at is not null and ${releaseMomentSql("o.release_date")} <= $1
        order by o.release_date desc
        limit ${RECORD_AT_ONCE}
     ), zone_from as (
       select min(applied_at) as at from zone_snapshots where state = 'succeeded'
     ), changed_folds as materialized (
       -- A twin delegated at a release and gone since left the zone after it: the only candidates not in today's delegations.
       select distinct gone.name, zone_twin_fold(gone.name) as fold
         from zone_changes gone
        where gone.name like 'xn--%' and gone.kind = 'disappeared' and gone.seen_at > (select min(at) from pending)
     ), features as (
       select p.name, p.release_date,
              ${siblingRegisteredAtSql("p.name", "p.at")} as sibling_registered,
              ${twinRegisteredAtSql("p.name", "p.folded", "p.at", "changed_folds")} as twin_registered,
              ${delegationGroupAtSql("p.name", "p.tld", "p.at")} as delegation
         from pending p, zone_from
        where p.at >= zone_from.at
       -- Released before any zone was read: nothing to look up.
       union all
       select p.name, p.release_date, null, null, 'unknown'
         from pending p, zone_from
        where zone_from.at is null or p.at < zone_from.at
     ), recorded as (
       update release_outcomes o
          set sibling_registered = f.sibling_registered, twin_registered = f.twin_registered, delegation = f.delegation
         from features f
        where o.domain_name = f.name and o.release_date = f.release_date
       returning 1
     )
     select count(*)::int as n from recorded`,
    [now],
  );
  return row?.n ?? 0;
}
