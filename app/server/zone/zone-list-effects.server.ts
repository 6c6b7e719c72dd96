/**
 * What the registry's zone tells the lists (docs/product.md, "What the zone
 * tells the lists"): a name is in the zone only while it is registered, so a
 * name on our lists that appears in a snapshot of its TLD is not free.
 *
 * - Renewed, seen early: a soon-available name that comes back to the zone
 *   before its release instant (04:00 UTC on its release date) was renewed by
 *   its holder. It is marked renewed at once, with the snapshot's time, as a
 *   complete release list would mark it days later (markRenewedDomains); the
 *   48-hour rule for names missing from a list is the list's, not the zone's.
 *   So is an available one the snapshot saw before its release instant and
 *   that no check has seen free since (its read began before 04:00 and was
 *   applied after the mark-released step).
 * - Registered again: a released (available) name that appears in the zone was
 *   taken, as an "occupied" answer of the availability check would say
 *   (recordDasAnswers), at the snapshot's time. The release-morning rule's
 *   "held" does not apply: the registry delegates no name it still holds.
 *   A name the availability check has already seen taken is registered, so it
 *   is left alone with its times; the release's taken_at in release_outcomes
 *   is written only when empty, and a taken time is never before the last
 *   "free" answer the check recorded.
 *
 * Run inside the transaction that applies the snapshot (applyZoneRead), over
 * the snapshot's `appeared` changes: a held read writes none, and a TLD's
 * first snapshot (the baseline) none either. Idempotent: a second run finds no
 * name left in the statuses it changes.
 */
import { releaseMomentSql } from "~/server/statistics/statistics-sql.server";
import type { TransactionQuery } from "~/server/db/with-transaction.server";
import { logger } from "~/server/logger.server";

export type ZoneListEffects = { renewed: number; registered: number };

/** Who made the change in a name's history: the zone snapshot, by its run id. */
export const zoneEventSource = (snapshotId: number) => `zone:${snapshotId}`;

/**
 * SQL true when the stored name `d` is renewed, `listedReleaseDate` is the
 * release it was renewed from, and the zone in force delegates it: a release
 * list that still names it (the registry regenerates its lists when it
 * chooses) is behind the zone, and the import leaves the name renewed instead
 * of making it soon-available (or, past its date, available) again. A name
 * listed with another release date is a new release and is imported as one.
 * A CASE tests it first, so the lookup (the zone's primary key) is made for
 * renewed names only.
 */
export function renewedInZoneSql(d: string, listedReleaseDate: string): string {
  return `(${d}.status = 'renewed' and ${d}.release_date = ${listedReleaseDate}
           and exists (select 1 from zone_delegations z where z.name = ${d}.name))`;
}

export async function applyZoneListEffects(query: TransactionQuery, snapshot: { id: number; seenAt: Date }): Promise<ZoneListEffects> {
  const moment = releaseMomentSql("d.release_date");
  const [row] = await query<ZoneListEffects>(
    `with seen as (
       select d.name, d.status, d.release_date,
              (d.release_date is not null and $2::timestamptz < ${moment}
                and (d.status = 'soonavailable' or d.last_checked_at is null or d.last_checked_at < ${moment})) as before_release,
              greatest($2::timestamptz, case when d.status = 'available' then d.last_checked_at end) as taken_at
         from zone_changes c
         -- One lookup by key per name that appeared (OFFSET 0 keeps the planner from a hash join over all of domains).
        cross join lateral (select name, status, release_date, last_checked_at from domains
                             where domains.name = c.name and domains.status in ('soonavailable', 'available') offset 0) as d
        where c.snapshot_id = $1 and c.kind = 'appeared'
     ),
     renewed as (
       update domains d set status = 'renewed', next_check_at = null, updated_at = $2
         from seen s
        where d.name = s.name and s.before_release and d.status = s.status
       returning d.name, d.release_date, s.status as from_status
     ),
     renewed_events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select name, 'renewed', from_status, 'renewed', 'back in the registry''s zone before its release date', $3, $2 from renewed
     ),
     renewed_outcomes as (
       update release_outcomes o set renewed_on = ($2::timestamptz at time zone 'UTC')::date, released_at = null
         from renewed r where o.domain_name = r.name and o.release_date = r.release_date and o.taken_at is null
     ),
     taken as (
       update domains d set status = 'registered', registration_date = (s.taken_at at time zone 'UTC')::date, taken_at = s.taken_at,
              next_check_at = null, updated_at = s.taken_at
         from seen s
        where d.name = s.name and not s.before_release and s.status = 'available' and d.status = 'available'
       returning d.name, d.release_date, s.taken_at
     ),
     taken_events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select name, 'taken', 'available', 'registered', 'registered again (in the registry''s zone)', $3, taken_at from taken
     ),
     taken_outcomes as (
       update release_outcomes o set taken_at = t.taken_at
         from taken t where o.domain_name = t.name and o.release_date = t.release_date and o.taken_at is null
     )
     select (select count(*)::int from renewed) as renewed, (select count(*)::int from taken) as registered`,
    [snapshot.id, snapshot.seenAt, zoneEventSource(snapshot.id)],
  );
  if (row.renewed + row.registered > 0) logger.info({ snapshotId: snapshot.id, ...row }, "the zone renewed or registered listed names");
  return row;
}
