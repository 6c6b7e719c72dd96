// /statistik's figures as they travel to the browser: the StatisticsView with its rows turned into
// plain lists of numbers. The page's data is serialized into the HTML a second time for hydration,
// and there an array of objects repeats every key on every row; a list of numbers does not. The
// browser unpacks the view and builds the tables and summaries from it (statistics-tables.ts,
// statistics-summaries.ts), so every figure is sent once.
import { addDays } from "./utc-dates";
import {
  CATCH_BUCKETS,
  CATCH_STATES,
  CHAR_GROUPS,
  FIRST_HOUR_GROUPS,
  LENGTH_GROUPS,
  RELEASE_MINUTE_BUCKET,
  type CatchBucketKey,
  type CatchCounts,
  type CatchState,
  type StatisticsView,
} from "./statistics";

/** Numbers per CatchCounts: released, each state (CATCH_STATES order), each bucket's "seen at the next check" (CATCH_BUCKETS order). */
const CATCH_WIDTH = 1 + CATCH_STATES.length + CATCH_BUCKETS.length;

export type PackedStatistics = {
  computedAt: string | null;
  today: string;
  /** One entry per day from `from`, a day apart. */
  releaseDays: { from: string; se: number[]; nu: number[]; scheduled: boolean[] };
  /** CATCH_WIDTH numbers per day from `from`, a day apart. */
  catchByDay: { from: string; counts: number[] };
  /** CATCH_WIDTH numbers per group, in LENGTH_GROUPS and CHAR_GROUPS order. */
  catchByLength: number[];
  catchByChars: number[];
  /** One entry per day left, from `from` down to 0. */
  renewalCurve: { from: number; onList: number[]; renewed: number[] };
  currentList: StatisticsView["currentList"];
  /** releaseMinutes as the names per bucket, a bucket apart from 0; firstHour as names and first-hour names per group of FIRST_HOUR_GROUPS. */
  mornings: Omit<StatisticsView["mornings"], "releaseMinutes" | "firstHour"> & { releaseMinutes: number[]; firstHour: number[] };
};

/** The view /statistik draws: everything but "Vem tar de släppta namnen?", which has a page of its own (/statistik/vem-tar). */
export type StatisticsFigures = Omit<StatisticsView, "takenBy">;

const packCatches = (counts: CatchCounts[]): number[] =>
  counts.flatMap((entry) => [
    entry.released,
    ...CATCH_STATES.map((state) => entry.states[state]),
    ...CATCH_BUCKETS.map((bucket) => entry.byNextCheck[bucket.key]),
  ]);

function unpackCatches(numbers: number[], index: number): CatchCounts {
  const at = index * CATCH_WIDTH;
  const states = Object.fromEntries(CATCH_STATES.map((state, offset) => [state, numbers[at + 1 + offset]])) as Record<CatchState, number>;
  const byNextCheck = Object.fromEntries(
    CATCH_BUCKETS.map((bucket, offset) => [bucket.key, numbers[at + 1 + CATCH_STATES.length + offset]]),
  ) as Record<CatchBucketKey, number>;
  return { released: numbers[at], states, byNextCheck };
}

/** Days, groups and days left are in the order and without the gaps loadStatistics gives them. */
export function packStatistics(view: StatisticsFigures): PackedStatistics {
  return {
    computedAt: view.computedAt,
    today: view.today,
    releaseDays: {
      from: view.releaseDays[0]?.day ?? view.today,
      se: view.releaseDays.map((day) => day.se),
      nu: view.releaseDays.map((day) => day.nu),
      scheduled: view.releaseDays.map((day) => day.scheduled),
    },
    catchByDay: { from: view.catchByDay[0]?.day ?? view.today, counts: packCatches(view.catchByDay) },
    catchByLength: packCatches(view.catchByLength),
    catchByChars: packCatches(view.catchByChars),
    renewalCurve: {
      from: view.renewalCurve[0]?.daysLeft ?? 0,
      onList: view.renewalCurve.map((point) => point.onList),
      renewed: view.renewalCurve.map((point) => point.renewed),
    },
    currentList: view.currentList,
    mornings: {
      ...view.mornings,
      releaseMinutes: view.mornings.releaseMinutes.map((bucket) => bucket.names),
      firstHour: view.mornings.firstHour.flatMap((group) => [group.names, group.inFirstHour]),
    },
  };
}

export function unpackStatistics(packed: PackedStatistics): StatisticsFigures {
  const { releaseDays, catchByDay, renewalCurve } = packed;
  return {
    computedAt: packed.computedAt,
    today: packed.today,
    releaseDays: releaseDays.se.map((se, index) => ({
      day: addDays(releaseDays.from, index),
      se,
      nu: releaseDays.nu[index],
      scheduled: releaseDays.scheduled[index],
    })),
    catchByDay: Array.from({ length: catchByDay.counts.length / CATCH_WIDTH }, (_, index) => ({
      day: addDays(catchByDay.from, index),
      ...unpackCatches(catchByDay.counts, index),
    })),
    catchByLength: LENGTH_GROUPS.map((group, index) => ({ key: group.key, label: group.label, ...unpackCatches(packed.catchByLength, index) })),
    catchByChars: CHAR_GROUPS.map((group, index) => ({ key: group.key, label: group.label, ...unpackCatches(packed.catchByChars, index) })),
    renewalCurve: renewalCurve.onList.map((onList, index) => ({
      daysLeft: renewalCurve.from - index,
      onList,
      renewed: renewalCurve.renewed[index],
    })),
    currentList: packed.currentList,
    mornings: {
      ...packed.mornings,
      releaseMinutes: packed.mornings.releaseMinutes.map((names, index) => ({ minute: index * RELEASE_MINUTE_BUCKET, names })),
      firstHour: FIRST_HOUR_GROUPS.map((group, index) => ({
        ...group,
        names: packed.mornings.firstHour[index * 2],
        inFirstHour: packed.mornings.firstHour[index * 2 + 1],
      })),
    },
  };
}
