import { SCORE_THRESHOLDS } from "~/domain/labels";
import { RELEASE_HOUR_UTC } from "~/domain/release-instant";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { RELEASE_MORNING_END_HOUR_UTC } from "~/domain/release-morning";
import {
  CATCH_BUCKETS,
  CATCH_STATES,
  CHAR_GROUPS,
  FIRST_HOUR_GROUPS,
  LENGTH_GROUPS,
  RELEASE_MINUTE_BUCKET,
  RENEWAL_CURVE_MAX_DAYS_LEFT,
  STATS_FUTURE_DAYS,
  STATS_PAST_DAYS,
  type CatchBucketKey,
  type CatchCounts,
  type CatchState,
  type CountedGroup,
  type MorningStatistics,
  type ReleaseDayCounts,
  type RenewalCurvePoint,
  type StatisticsView,
} from "~/domain/statistics";
import type { DatabaseHandle } from "~/server/db/client.server";
import { loadTakenBy } from "./taken-by.server";

type CatchRow = { grouping: "day" | "length" | "chars"; group_key: string; state: CatchState; by_next_check: boolean; names: number };

/** Everything /statistik shows: a read of the small stats_* tables, never of domains (refreshStatistics fills them). */
export async function loadStatistics(handle: DatabaseHandle, now: Date): Promise<StatisticsView> {
  const today = todayUtc(now);
  const [computed] = await handle.query<{ computed_at: Date | null }>("select min(computed_at) as computed_at from stats_computations");
  const releaseRows = await handle.query<{ day: string; tld: string; names: number; scheduled: boolean }>(
    "select day::text as day, tld::text as tld, names, scheduled from stats_release_days order by day",
  );
  // One read for the three catch charts: the counts summed per day, per length group and per character group.
  const catchRows = await handle.query<CatchRow>(
    `select case when grouping(release_date) = 0 then 'day' when grouping(length_group) = 0 then 'length' else 'chars' end as grouping,
            coalesce(release_date::text, length_group, char_group) as group_key, state, by_next_check, sum(names)::int as names
       from stats_catches
      group by grouping sets ((release_date, state, by_next_check), (length_group, state, by_next_check), (char_group, state, by_next_check))`,
  );
  const curveRows = await handle.query<{ days_left: number; on_list: number; renewed: number }>(
    "select days_left, on_list, renewed from stats_renewal_curve order by days_left desc",
  );
  const currentRows = await handle.query<{ grouping: string; group_key: string; names: number }>(
    "select grouping, group_key, names from stats_current_list",
  );
  const mornings = await loadMornings(handle, today);
  const takenBy = await loadTakenBy(handle);

  const catchesOf = (grouping: CatchRow["grouping"], key: string) =>
    countCatches(catchRows.filter((row) => row.grouping === grouping && row.group_key === key));
  const pastDays = Array.from({ length: STATS_PAST_DAYS + 1 }, (_, index) => addDays(today, index - STATS_PAST_DAYS));
  const current = (grouping: string) => currentRows.filter((row) => row.grouping === grouping);
  const counted = (grouping: string, groups: readonly { key: string; label: string }[]): CountedGroup[] =>
    // Only the key and label of each group: LENGTH_GROUPS also hold their bounds (9+'s is Infinity, null in JSON).
    groups.map(({ key, label }) => ({ key, label, names: current(grouping).find((row) => row.group_key === key)?.names ?? 0 }));

  return {
    computedAt: computed?.computed_at ? new Date(computed.computed_at).toISOString() : null,
    today,
    releaseDays: releaseDays(releaseRows, today),
    catchByDay: pastDays.map((day) => ({ day, ...catchesOf("day", day) })),
    catchByLength: LENGTH_GROUPS.map((group) => ({ key: group.key, label: group.label, ...catchesOf("length", group.key) })),
    catchByChars: CHAR_GROUPS.map((group) => ({ key: group.key, label: group.label, ...catchesOf("chars", group.key) })),
    renewalCurve: renewalCurve(curveRows),
    currentList: {
      total: current("tld").reduce((sum, row) => sum + row.names, 0),
      lengths: counted("length", LENGTH_GROUPS),
      chars: counted("chars", CHAR_GROUPS),
      tlds: counted("tld", TLD_GROUPS),
      scoreLabels: counted("score", [...SCORE_THRESHOLDS.map((threshold) => threshold.label), "Mindre bra"].map((label) => ({ key: label, label }))),
    },
    mornings,
    takenBy,
  };
}

const TLD_GROUPS = [
  { key: ".se", label: ".se" },
  { key: ".nu", label: ".nu" },
];

/** The measured release mornings: release minutes (one grouped read) and catch durations. */
async function loadMornings(handle: DatabaseHandle, today: string): Promise<MorningStatistics> {
  const [measured] = await handle.query<{ mornings: number }>(
    "select count(*)::int as mornings from release_mornings where rounds > 0 and release_date >= $1::date",
    [addDays(today, -STATS_PAST_DAYS)],
  );
  type MinuteRow = { grouping: "minute" | "length" | "chars" | "tld"; group_key: string; names: number; in_first_hour: number };
  const minuteRows = await handle.query<MinuteRow>(
    `select case when grouping(minute) = 0 then 'minute' when grouping(length_group) = 0 then 'length'
                 when grouping(char_group) = 0 then 'chars' else 'tld' end as grouping,
            coalesce(minute::text, length_group, char_group, tld::text) as group_key,
            sum(names)::int as names, (sum(names) filter (where minute < 60))::int as in_first_hour
       from stats_release_minutes
      group by grouping sets ((minute), (length_group), (char_group), (tld))`,
  );
  const durations = await handle.query<{ grouping: "all" | "length" | "chars"; group_key: string; names: number; p25_seconds: number; p50_seconds: number; p75_seconds: number }>(
    "select grouping, group_key, names, p25_seconds, p50_seconds, p75_seconds from stats_catch_durations",
  );
  const minuteNames = (minute: number) => minuteRows.find((row) => row.grouping === "minute" && row.group_key === String(minute))?.names ?? 0;
  const durationOf = (grouping: "all" | "length" | "chars", groups: readonly { key: string; label: string }[]) =>
    groups.flatMap(({ key, label }) => {
      const row = durations.find((candidate) => candidate.grouping === grouping && candidate.group_key === key);
      return row ? [{ grouping, key, label, names: row.names, p25Seconds: row.p25_seconds, p50Seconds: row.p50_seconds, p75Seconds: row.p75_seconds }] : [];
    });
  const morningMinutes = (RELEASE_MORNING_END_HOUR_UTC - RELEASE_HOUR_UTC) * 60;
  return {
    measuredMornings: measured.mornings,
    releaseMinutes: Array.from({ length: morningMinutes / RELEASE_MINUTE_BUCKET }, (_, index) => ({
      minute: index * RELEASE_MINUTE_BUCKET,
      names: minuteNames(index * RELEASE_MINUTE_BUCKET),
    })),
    firstHour: FIRST_HOUR_GROUPS.map((group) => {
      const row = minuteRows.find((candidate) => candidate.grouping === group.grouping && candidate.group_key === group.key);
      return { ...group, names: row?.names ?? 0, inFirstHour: row?.in_first_hour ?? 0 };
    }),
    catchDurations: [
      ...durationOf("all", [{ key: "", label: "Alla" }]),
      ...durationOf("length", LENGTH_GROUPS),
      ...durationOf("chars", CHAR_GROUPS),
    ],
  };
}

/** Every day from 90 days back to 60 ahead, with zeros where nothing was released or is listed. */
function releaseDays(rows: { day: string; tld: string; names: number; scheduled: boolean }[], today: string): ReleaseDayCounts[] {
  const byDay = new Map<string, ReleaseDayCounts>();
  for (let offset = -STATS_PAST_DAYS; offset <= STATS_FUTURE_DAYS; offset++) {
    const day = addDays(today, offset);
    byDay.set(day, { day, se: 0, nu: 0, scheduled: offset > 0 });
  }
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry[row.tld === ".se" ? "se" : "nu"] += row.names;
    entry.scheduled = row.scheduled;
  }
  return [...byDay.values()];
}

function countCatches(rows: CatchRow[]): CatchCounts {
  const states = Object.fromEntries(CATCH_STATES.map((state) => [state, 0])) as Record<CatchState, number>;
  const byNextCheck = Object.fromEntries(CATCH_BUCKETS.map((bucket) => [bucket.key, 0])) as Record<CatchBucketKey, number>;
  for (const row of rows) {
    states[row.state] += row.names;
    if (row.by_next_check && row.state in byNextCheck) byNextCheck[row.state as CatchBucketKey] += row.names;
  }
  return { released: rows.reduce((sum, row) => sum + row.names, 0), states, byNextCheck };
}

function renewalCurve(rows: { days_left: number; on_list: number; renewed: number }[]): RenewalCurvePoint[] {
  return Array.from({ length: RENEWAL_CURVE_MAX_DAYS_LEFT + 1 }, (_, index) => {
    const daysLeft = RENEWAL_CURVE_MAX_DAYS_LEFT - index;
    const row = rows.find((candidate) => candidate.days_left === daysLeft);
    return { daysLeft, onList: row?.on_list ?? 0, renewed: row?.renewed ?? 0 };
  });
}
