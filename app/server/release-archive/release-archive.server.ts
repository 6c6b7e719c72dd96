/**
 * The archive of release days (docs/product.md, "The archive of release
 * days"; decision 0074): every release day and,
 * for one day, every name released and what became of it.
 *
 * Read from release_outcomes (one row per release of a name, decision 0030)
 * by its release_date index, never from a scan of domains: a day is one
 * range of that index (~640 names a TLD), each name then looked up by key —
 * its name, score and word class in domains, its first appearance in the
 * zone since the release (zone_changes_name_idx), its delegation now
 * (zone_delegations' primary key) and, for a taken time, whether a zone
 * snapshot wrote it (domain_events_domain_created_idx).
 */
import { archiveVerdict, type ArchiveName, type DayCounts } from "~/domain/release-archive";
import type { Tld } from "~/domain/names";
import { releaseInstant } from "~/domain/release-instant";
import { todayUtc } from "~/domain/utc-dates";
import type { DatabaseHandle } from "~/server/db/client.server";
import { loadNameServerOperatorMatcher } from "~/server/zone/operators.server";

type DayRow = {
  name: string;
  unicode_name: string;
  tld: Tld;
  length: number;
  name_chars: number;
  word_class: number | null;
  score: number | null;
  /** Epoch milliseconds as float8: hundreds of timestamps parsed into Dates cost more than the query. */
  taken_at: number | null;
  taken_by_zone: boolean;
  zone_seen_at: number | null;
  zone_seen_is_baseline: boolean;
  first_free_at: number | null;
  last_free_at: number | null;
  name_servers: string[] | null;
};

const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The first snapshot since the release moment ($2) that has the name: its first "appeared" change
 * since then (zone_changes_name_idx), as a query of one row for `o`, the release.
 */
const FIRST_APPEARED = `select c.seen_at from zone_changes c
  where c.name = o.domain_name and c.kind = 'appeared' and c.seen_at >= $2
  order by c.seen_at asc limit 1`;

/**
 * Or else its delegation in force when that began after the release: a TLD's first snapshot (the
 * baseline) writes no change, and changes are pruned after 13 months. By its key alone (OFFSET 0
 * keeps the planner from a hash join over the whole zone).
 */
const DELEGATION = `select name_servers, delegated_since, since_snapshot_id from zone_delegations
  where zone_delegations.name = o.domain_name offset 0`;

/**
 * True when the name was taken again after the release: the check saw it taken, or a snapshot since
 * the release has it. Each test a scalar query of one row, made only when the ones before it are false
 * (never a hashed plan over zone_changes or zone_delegations).
 */
const TAKEN = `(o.taken_at is not null
  or (${FIRST_APPEARED}) is not null
  or (select z.delegated_since from zone_delegations z where z.name = o.domain_name and z.delegated_since >= $2 limit 1) is not null)`;

/** Every name released on `date` (YYYY-MM-DD) with what became of it, in no particular order; empty when none was. */
export async function findReleaseDayNames(handle: DatabaseHandle, date: string): Promise<ArchiveName[]> {
  const rows = await handle.query<DayRow>(
    `with baseline as (
       select distinct on (tld) tld, id from zone_snapshots where state = 'succeeded' order by tld, applied_at asc, id asc
     )
     select o.domain_name as name, coalesce(d.unicode_name, o.domain_name) as unicode_name, o.tld, o.length, o.name_chars,
            d.word_class, d.score,
            ${epochMs("o.taken_at")} as taken_at,
            coalesce(ze.by_zone, false) as taken_by_zone,
            ${epochMs("coalesce(a.seen_at, case when z.delegated_since >= $2 then z.delegated_since end)")} as zone_seen_at,
            (a.seen_at is null and z.delegated_since >= $2 and z.since_snapshot_id = b.id) is true as zone_seen_is_baseline,
            ${epochMs("o.first_free_at")} as first_free_at,
            ${epochMs("o.last_free_at")} as last_free_at,
            z.name_servers
       from release_outcomes o
       -- One lookup by key per name (OFFSET 0 keeps the planner from hash joins over all of domains and the zone).
       left join lateral (select unicode_name, word_class, score from domains where domains.name = o.domain_name offset 0) as d on true
       left join lateral (${DELEGATION}) as z on true
       left join lateral (${FIRST_APPEARED}) as a on true
       -- A taken time a zone snapshot wrote: its "taken" event at that time (domain_events_domain_created_idx, one row).
       left join lateral (select true as by_zone from domain_events e
                           where o.taken_at is not null and e.domain_name = o.domain_name and e.created_at = o.taken_at
                             and e.type = 'taken' and e.source like 'zone:%' limit 1) as ze on true
       left join baseline b on b.tld = o.tld
      where o.release_date = $1::date and o.released_at is not null`,
    [date, releaseInstant(date)],
  );
  if (rows.length === 0) return [];
  const operatorOf = await loadNameServerOperatorMatcher(handle.db);
  const number = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => {
    const verdict = archiveVerdict({
      takenAt: number(row.taken_at),
      takenByZone: row.taken_by_zone,
      zoneSeenAt: number(row.zone_seen_at),
      zoneSeenIsBaseline: row.zone_seen_is_baseline,
      firstFreeAt: number(row.first_free_at),
      lastFreeAt: number(row.last_free_at),
    });
    // Where it points is said only of a name taken again: a delegation of a name still free would be another story.
    const match = verdict.outcome === "taken" && row.name_servers ? operatorOf(row.name_servers) : null;
    return {
      name: row.name,
      unicodeName: row.unicode_name,
      tld: row.tld,
      length: row.length,
      nameChars: row.name_chars,
      wordClass: row.word_class,
      score: row.score,
      verdict,
      operator: match && { name: match.operator, fromTable: match.known },
    };
  });
}

export type ReleaseDaySummary = { date: string } & DayCounts;

/**
 * Release days, newest first: days on which at least one name was released, read by skipping through
 * release_outcomes' release_date index one day at a time (a probe a day, however many names).
 */
export async function listReleaseDates(handle: DatabaseHandle, now = new Date()): Promise<string[]> {
  const rows = await handle.query<{ day: string }>(
    `with recursive days(day) as (
       -- From today down: the days ahead hold the listed names, none released yet.
       (select release_date from release_outcomes where release_date <= $1::date and released_at is not null order by release_date desc limit 1)
       union all
       select (select o.release_date from release_outcomes o
                where o.release_date < days.day and o.released_at is not null
                order by o.release_date desc limit 1)
         from days where days.day is not null
     )
     select to_char(day, 'YYYY-MM-DD') as day from days where day is not null`,
    [todayUtc(now)],
  );
  return rows.map((row) => row.day);
}

/** The counts of the given days (as findReleaseDayNames would count them), newest first. */
export async function countReleaseDays(handle: DatabaseHandle, dates: readonly string[]): Promise<ReleaseDaySummary[]> {
  if (dates.length === 0) return [];
  // One statement per day: each reads its own range of the index with its own release moment.
  const counted = await Promise.all(
    dates.map(async (date) => {
      const [row] = await handle.query<{ released: number; taken: number; seen_free: number }>(
        `select count(*)::int as released,
                count(*) filter (where taken)::int as taken,
                count(*) filter (where not taken and first_free_at is not null)::int as seen_free
           from (select o.first_free_at, ${TAKEN} as taken
                   from release_outcomes o
                  where o.release_date = $1::date and o.released_at is not null) as day`,
        [date, releaseInstant(date)],
      );
      return { date, released: row.released, taken: row.taken, free: row.seen_free, unchecked: row.released - row.taken - row.seen_free };
    }),
  );
  return counted.sort((a, b) => (a.date < b.date ? 1 : -1));
}

/** One page of the index: the release days newest first, `perPage` a page, with their counts and how many pages there are. */
export async function findReleaseDaysPage(
  handle: DatabaseHandle,
  options: { page: number; perPage: number; now?: Date },
): Promise<{ days: ReleaseDaySummary[]; totalDays: number; totalPages: number; page: number }> {
  const dates = await listReleaseDates(handle, options.now);
  const totalPages = Math.max(1, Math.ceil(dates.length / options.perPage));
  const page = Math.min(Math.max(1, options.page), totalPages);
  const days = await countReleaseDays(handle, dates.slice((page - 1) * options.perPage, page * options.perPage));
  return { days, totalDays: dates.length, totalPages, page };
}
