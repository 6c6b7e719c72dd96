import { addDays } from "~/domain/utc-dates";
import {
  CATCH_BUCKETS,
  CATCH_STATES,
  CHAR_GROUPS,
  LENGTH_GROUPS,
  RELEASE_MINUTE_BUCKET,
  RENEWAL_CURVE_MAX_DAYS_LEFT,
  STATS_FUTURE_DAYS,
  STATS_PAST_DAYS,
  type CatchBucketKey,
  type CatchCounts,
  type CatchState,
  type StatisticsView,
} from "~/domain/statistics";
import { emptyKinds, TAKEN_BY_WINDOWS, type TakenByWindow, type TakenByWindowDays } from "~/domain/statistics-taken-by";

/** A period of "Vem tar de släppta namnen?" with nothing released, every group present. */
export function takenByWindow(days: TakenByWindowDays): TakenByWindow {
  const group = ({ key, label }: { key: string; label: string }) => ({ key, label, released: 0, taken: 0, kinds: emptyKinds(), topOperators: [], medianSeconds: null });
  return {
    days,
    released: 0,
    taken: 0,
    medianSeconds: null,
    operators: [],
    otherOperators: { operators: 0, names: 0 },
    byLength: LENGTH_GROUPS.map(group),
    byChars: CHAR_GROUPS.map(group),
  };
}

/** Catch counts from the states given (the rest 0); `released` is their sum. */
export function catchCounts(states: Partial<Record<CatchState, number>> = {}, byNextCheck: Partial<Record<CatchBucketKey, number>> = {}): CatchCounts {
  const all = Object.fromEntries(CATCH_STATES.map((state) => [state, states[state] ?? 0])) as Record<CatchState, number>;
  return {
    released: Object.values(all).reduce((sum, names) => sum + names, 0),
    states: all,
    byNextCheck: Object.fromEntries(CATCH_BUCKETS.map((bucket) => [bucket.key, byNextCheck[bucket.key] ?? 0])) as Record<CatchBucketKey, number>,
  };
}

/** A StatisticsView as loadStatistics shapes it (every day and group present), all zero unless `fill` sets figures. */
export function statisticsView(today: string, fill: (view: StatisticsView) => void = () => undefined): StatisticsView {
  const view: StatisticsView = {
    computedAt: `${today}T05:00:00.000Z`,
    today,
    releaseDays: Array.from({ length: STATS_PAST_DAYS + STATS_FUTURE_DAYS + 1 }, (_, index) => {
      const offset = index - STATS_PAST_DAYS;
      return { day: addDays(today, offset), se: 0, nu: 0, scheduled: offset > 0 };
    }),
    catchByDay: Array.from({ length: STATS_PAST_DAYS + 1 }, (_, index) => ({ day: addDays(today, index - STATS_PAST_DAYS), ...catchCounts() })),
    catchByLength: LENGTH_GROUPS.map((group) => ({ key: group.key, label: group.label, ...catchCounts() })),
    catchByChars: CHAR_GROUPS.map((group) => ({ key: group.key, label: group.label, ...catchCounts() })),
    renewalCurve: Array.from({ length: RENEWAL_CURVE_MAX_DAYS_LEFT + 1 }, (_, index) => ({ daysLeft: RENEWAL_CURVE_MAX_DAYS_LEFT - index, onList: 0, renewed: 0 })),
    currentList: {
      total: 0,
      lengths: LENGTH_GROUPS.map((group) => ({ key: group.key, label: group.label, names: 0 })),
      chars: CHAR_GROUPS.map((group) => ({ key: group.key, label: group.label, names: 0 })),
      tlds: [
        { key: ".se", label: ".se", names: 0 },
        { key: ".nu", label: ".nu", names: 0 },
      ],
      scoreLabels: ["Utmärkt", "Mycket bra", "Bra", "Genomsnittlig", "Mindre bra"].map((label) => ({ key: label, label, names: 0 })),
    },
    mornings: {
      measuredMornings: 0,
      releaseMinutes: Array.from({ length: 48 }, (_, index) => ({ minute: index * RELEASE_MINUTE_BUCKET, names: 0 })),
      firstHour: [
        ...LENGTH_GROUPS.map((group) => ({ grouping: "length" as const, key: group.key, label: group.label, names: 0, inFirstHour: 0 })),
        ...CHAR_GROUPS.map((group) => ({ grouping: "chars" as const, key: group.key, label: group.label, names: 0, inFirstHour: 0 })),
        ...[".se", ".nu"].map((tld) => ({ grouping: "tld" as const, key: tld, label: tld, names: 0, inFirstHour: 0 })),
      ],
      catchDurations: [],
    },
    takenBy: TAKEN_BY_WINDOWS.map(takenByWindow),
  };
  fill(view);
  return view;
}
