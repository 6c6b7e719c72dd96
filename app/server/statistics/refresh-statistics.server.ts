import { addDays, todayUtc } from "~/domain/utc-dates";
import { lastReleasedDate, RELEASE_HOUR_UTC } from "~/domain/release-instant";
import { RELEASE_MINUTE_BUCKET, RENEWAL_CURVE_MAX_DAYS_LEFT, STATS_FUTURE_DAYS, STATS_PAST_DAYS } from "~/domain/statistics";
import { RELEASE_MORNING_END_HOUR_UTC } from "~/domain/release-morning";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { withTransaction, type TransactionQuery } from "~/server/db/with-transaction.server";
import { logger } from "~/server/logger.server";
import { computeTakenBy } from "./taken-by.server";
import { computeCatchRisk } from "./catch-risk.server";
import { storeNameCatchRisks } from "./catch-risk-names.server";
import { catchPlacementSql, charGroupSql, lengthGroupSql, releaseMomentSql, scoreLabelSql } from "./statistics-sql.server";

/** A release morning's length: from the release moment to its end (12:00 UTC). */
const MORNING_HOURS = RELEASE_MORNING_END_HOUR_UTC - RELEASE_HOUR_UTC;

/** The renewal curve counts the releases of the past year: long enough to be steady, recent enough to be true today. */
export const RENEWAL_CURVE_HISTORY_DAYS = 365;

/** Each part of the statistics, recomputed on its own: a job recomputes the parts its work can change. */
export const STATISTICS_PARTS = ["release-days", "catches", "renewal-curve", "current-list", "mornings", "taken-by", "catch-risk", "catch-risk-names"] as const;
export type StatisticsPart = (typeof STATISTICS_PARTS)[number];

/** What each job's work can change (docs/product.md, "Statistics"). */
export const PARTS_AFTER = {
  // New soon-available names get their risk from the counts of the last daily run (decision 0085).
  import: ["release-days", "renewal-curve", "current-list", "catch-risk-names"],
  release: ["release-days", "catches", "renewal-curve", "current-list", "mornings", "taken-by", "catch-risk", "catch-risk-names"],
  availabilityCheck: ["catches", "mornings"],
  // A snapshot brings released names back to the zone (taken-by) and marks them taken (catches).
  zoneSync: ["catches", "taken-by"],
} as const satisfies Record<string, readonly StatisticsPart[]>;

/**
 * Recomputes the aggregate tables /statistik reads (stats_*) from release_outcomes and, for the
 * names still to be released, from domains. Each part is replaced in one transaction of its own,
 * so a page reads either the old figures or the new ones; all of them together is
 * `npm run cli -- rebuild-stats`.
 */
export async function refreshStatistics(
  handle: DatabaseHandle,
  options: { now: Date; parts?: readonly StatisticsPart[] },
): Promise<void> {
  const window = statisticsWindow(options.now);
  for (const part of options.parts ?? STATISTICS_PARTS) {
    await withTransaction(handle, async (query) => {
      await computePart[part](query, window);
      await query(
        `insert into stats_computations (part, computed_at) values ($1, $2)
         on conflict (part) do update set computed_at = excluded.computed_at`,
        [part, options.now],
      );
    });
  }
  // Pages read the figures through the cached reads (the statistics page, a name's chance of release).
  invalidateDomainCaches();
}

/**
 * refreshStatistics after a job's work, which must not fail for it: the figures are derived, and
 * the next job (or `rebuild-stats`) computes them again. A failure is logged.
 */
export async function refreshStatisticsAfterJob(handle: DatabaseHandle, options: { now: Date; parts: readonly StatisticsPart[] }) {
  try {
    await refreshStatistics(handle, options);
  } catch (error) {
    logger.warn({ err: error, parts: options.parts }, "statistics were not recomputed");
  }
}

/**
 * At start: computes the figures once if they never were (a database from before the statistics,
 * or a new one), in the background, so /statistik is not empty until the first job.
 */
export async function refreshStatisticsIfNeverComputed(handle: DatabaseHandle, now: Date): Promise<void> {
  const [row] = await handle.query<{ computed: boolean }>("select exists(select 1 from stats_computations) as computed");
  if (!row.computed) await refreshStatisticsAfterJob(handle, { now, parts: STATISTICS_PARTS });
}

type StatisticsWindow = { now: Date; today: string; firstPastDay: string; lastReleased: string; lastFutureDay: string; firstCurveDay: string };

function statisticsWindow(now: Date): StatisticsWindow {
  const today = todayUtc(now);
  return {
    now,
    today,
    firstPastDay: addDays(today, -STATS_PAST_DAYS),
    lastReleased: lastReleasedDate(now),
    lastFutureDay: addDays(today, STATS_FUTURE_DAYS),
    firstCurveDay: addDays(today, -RENEWAL_CURVE_HISTORY_DAYS),
  };
}

const computePart: Record<StatisticsPart, (query: TransactionQuery, window: StatisticsWindow) => Promise<void>> = {
  "release-days": async (query, window) => {
    await query("delete from stats_release_days");
    await query(
      `insert into stats_release_days (day, tld, names, scheduled)
       select release_date, tld, count(*)::int, false
         from release_outcomes
        where release_date between $1::date and $2::date and released_at is not null
        group by release_date, tld
       union all
       select release_date, tld, count(*)::int, true
         from domains
        where status = 'soonavailable' and release_date > $2::date and release_date <= $3::date
        group by release_date, tld`,
      [window.firstPastDay, window.lastReleased, window.lastFutureDay],
    );
  },

  catches: async (query, window) => {
    const placement = catchPlacementSql();
    await query("delete from stats_catches");
    await query(
      `insert into stats_catches (release_date, length_group, char_group, state, by_next_check, names)
       select release_date, length_group, char_group, state, by_next_check, count(*)::int
         from (select o.release_date, ${lengthGroupSql("o.length")} as length_group, ${charGroupSql("o.name_chars")} as char_group,
                      ${placement.state} as state, ${placement.byNextCheck} as by_next_check
                 from release_outcomes o
                where o.release_date between $1::date and $2::date and o.released_at is not null) as placed
        group by release_date, length_group, char_group, state, by_next_check`,
      [window.firstPastDay, window.lastReleased],
    );
  },

  // On the list with N days left: listed at least N days before the release and not renewed by
  // then. Only releases whose day has passed count, so every one has an outcome; a release with
  // neither (its date moved, or the list lost it near its day) is left out.
  "renewal-curve": async (query, window) => {
    await query("delete from stats_renewal_curve");
    await query(
      `with cycles as (
         select least(release_date - listed_on, ${RENEWAL_CURVE_MAX_DAYS_LEFT}) as listed_left,
                release_date - renewed_on as renewed_left, count(*)::int as names
           from release_outcomes
          where release_date between $1::date and $2::date and (released_at is not null or renewed_on is not null)
          group by 1, 2
       )
       insert into stats_renewal_curve (days_left, on_list, renewed)
       select n.days_left, coalesce(sum(c.names), 0)::int, coalesce(sum(c.names) filter (where c.renewed_left is not null), 0)::int
         from generate_series(0, ${RENEWAL_CURVE_MAX_DAYS_LEFT}) as n(days_left)
         left join cycles c on c.listed_left >= n.days_left and (c.renewed_left is null or c.renewed_left < n.days_left)
        group by n.days_left`,
      [window.firstCurveDay, window.lastReleased],
    );
  },

  // Measured mornings only (a release_mornings row with rounds): when each name was first seen free,
  // in ten-minute buckets after 04:00 UTC, and how long after that it was seen taken again, within
  // its first day (rounds or half-hourly checks: precise to a round, or to half an hour).
  mornings: async (query, window) => {
    const moment = releaseMomentSql("o.release_date");
    const measured = `from release_outcomes o
        join release_mornings m on m.release_date = o.release_date and m.rounds > 0
       where o.release_date between $1::date and $2::date
         and o.first_free_at >= ${moment} and o.first_free_at < ${moment} + interval '${MORNING_HOURS} hours'`;
    await query("delete from stats_release_minutes");
    await query(
      `insert into stats_release_minutes (minute, length_group, char_group, tld, names)
       select (floor(extract(epoch from o.first_free_at - ${moment}) / ${RELEASE_MINUTE_BUCKET * 60}) * ${RELEASE_MINUTE_BUCKET})::int,
              ${lengthGroupSql("o.length")}, ${charGroupSql("o.name_chars")}, o.tld, count(*)::int
         ${measured}
        group by 1, 2, 3, 4`,
      [window.firstPastDay, window.lastReleased],
    );
    await query("delete from stats_catch_durations");
    const quartiles = `count(*)::int, percentile_cont(0.25) within group (order by seconds), percentile_cont(0.5) within group (order by seconds),
                       percentile_cont(0.75) within group (order by seconds)`;
    await query(
      `with caught as (
         select ${lengthGroupSql("o.length")} as length_group, ${charGroupSql("o.name_chars")} as char_group,
                extract(epoch from o.taken_at - o.first_free_at) as seconds
           ${measured} and o.taken_at is not null and o.taken_at < o.first_free_at + interval '1 day'
       )
       insert into stats_catch_durations (grouping, group_key, names, p25_seconds, p50_seconds, p75_seconds)
       select 'all', '', ${quartiles} from caught having count(*) > 0
       union all select 'length', length_group, ${quartiles} from caught group by length_group
       union all select 'chars', char_group, ${quartiles} from caught group by char_group`,
      [window.firstPastDay, window.lastReleased],
    );
  },

  // The risk of being taken at once (app/server/statistics/catch-risk.server.ts).
  "catch-risk": async (query, window) => computeCatchRisk(query, window.now),
  // Each soon-available name's risk from those counts, for the soon list's filter and sorts (catch-risk-names.server.ts).
  "catch-risk-names": async (query, window) => {
    await storeNameCatchRisks(query, window.now);
  },

  "current-list": async (query, window) => {
    await query("delete from stats_current_list");
    await query(
      `with soon as (
         select length, name_chars, tld, score from domains where status = 'soonavailable' and release_date > $1::date
       )
       insert into stats_current_list (grouping, group_key, names)
       select 'length', ${lengthGroupSql("length")}, count(*)::int from soon group by 2
       union all select 'chars', ${charGroupSql("name_chars")}, count(*)::int from soon group by 2
       union all select 'tld', tld::text, count(*)::int from soon group by 2
       union all select 'score', ${scoreLabelSql("score")}, count(*)::int from soon group by 2`,
      [window.lastReleased],
    );
  },

  // Released names the registry's zone has again, by operator (taken-by.server.ts).
  "taken-by": computeTakenBy,
};
