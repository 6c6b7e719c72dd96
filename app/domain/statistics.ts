// What /statistik and the domain page tell about released names (docs/product.md, "Statistics"):
// the groups and buckets the charts count in, and the one rule that places a released name's
// catch in a bucket. The aggregation (app/server/statistics) applies the same rule in SQL; a test
// checks both agree.
import { countNounSv, formatNumberSv, formatUtcAndSwedishTimeSv } from "./format";
import { NAME_CHAR_BITS } from "./name-chars";
import { RELEASE_HOUR_UTC } from "./release-instant";
import type { TakenByWindow } from "./statistics-taken-by";

const HOUR_MS = 60 * 60 * 1000;

/** How far back and ahead the charts reach, in days from today (UTC). */
export const STATS_PAST_DAYS = 90;
export const STATS_FUTURE_DAYS = 60;
/** The renewal curve's longest lead: N = 60 … 0 days left. */
export const RENEWAL_CURVE_MAX_DAYS_LEFT = 60;
/** Fewer names than this behind a figure, and the domain page says the history is too thin. */
export const MIN_BASIS = 100;

/**
 * When a released name was seen registered again, counted from its release moment (04:00 UTC on
 * its release date): the disjoint buckets of the "caught again" chart, each with its upper bound.
 */
export const CATCH_BUCKETS = [
  { key: "1h", label: "Inom 1 timme", upToMs: HOUR_MS },
  { key: "1d", label: "Inom 1 dygn", upToMs: 24 * HOUR_MS },
  { key: "7d", label: "Inom 7 dygn", upToMs: 7 * 24 * HOUR_MS },
  { key: "30d", label: "Inom 30 dygn", upToMs: 30 * 24 * HOUR_MS },
  { key: "later", label: "Senare", upToMs: Number.POSITIVE_INFINITY },
] as const;
export type CatchBucketKey = (typeof CATCH_BUCKETS)[number]["key"];

/** A released name's state as the catch chart counts it: a bucket, still free, or not checked since its release. */
export type CatchState = CatchBucketKey | "free" | "unchecked";
export const CATCH_STATES: readonly CatchState[] = [...CATCH_BUCKETS.map((bucket) => bucket.key), "free", "unchecked"];
export const CATCH_STATE_LABELS: Record<CatchState, string> = {
  ...(Object.fromEntries(CATCH_BUCKETS.map((bucket) => [bucket.key, bucket.label])) as Record<CatchBucketKey, string>),
  free: "Fortfarande ledigt",
  unchecked: "Inte kontrollerat än",
};

/** What the statistics know of one release of a name (a row of release_outcomes). */
export type ReleaseOutcome = {
  releaseDate: string;
  /** The last "free" answer before the catch (or the latest one, if not caught). */
  lastFreeAt: Date | null;
  /** The first "occupied" answer that counted as registered again. */
  takenAt: Date | null;
};

export type CatchPlacement = {
  state: CatchState;
  /**
   * Caught, but the answer before the catch came before the previous bucket's bound: the name may
   * have been taken sooner, and the check only saw it at the next check. "Within 1 hour" is never
   * claimed this way: it needs a check within the hour.
   */
  byNextCheck: boolean;
};

/** The moment a release date's names are released: 04:00 UTC. */
export function releaseMomentMs(releaseDate: string): number {
  return Date.parse(`${releaseDate}T00:00:00Z`) + RELEASE_HOUR_UTC * HOUR_MS;
}

/** The days a name has left before its release, as the renewal curve counts them: "mindre än en dag", "1 dag", "12 dagar". */
export function daysLeftSv(days: number): string {
  return countNounSv(days, { one: "dag", many: "dagar", none: "mindre än en dag" });
}

/** Where a released name's catch falls (docs/product.md, "Statistics"). */
export function placeCatch(outcome: ReleaseOutcome): CatchPlacement {
  if (outcome.takenAt === null) return { state: outcome.lastFreeAt === null ? "unchecked" : "free", byNextCheck: false };
  const moment = releaseMomentMs(outcome.releaseDate);
  const takenAfter = outcome.takenAt.getTime() - moment;
  const index = CATCH_BUCKETS.findIndex((bucket) => takenAfter <= bucket.upToMs);
  const bucket = CATCH_BUCKETS[index];
  const previousBound = index === 0 ? 0 : CATCH_BUCKETS[index - 1].upToMs;
  const lastFreeAfter = outcome.lastFreeAt === null ? 0 : Math.max(0, outcome.lastFreeAt.getTime() - moment);
  return { state: bucket.key, byNextCheck: index > 0 && lastFreeAfter < previousBound };
}

/** Label lengths as the charts group them. */
export const LENGTH_GROUPS = [
  { key: "1-3", label: "1–3 tecken", min: 1, max: 3 },
  { key: "4", label: "4 tecken", min: 4, max: 4 },
  { key: "5", label: "5 tecken", min: 5, max: 5 },
  { key: "6-8", label: "6–8 tecken", min: 6, max: 8 },
  { key: "9+", label: "9 tecken eller fler", min: 9, max: Number.POSITIVE_INFINITY },
] as const;
export type LengthGroupKey = (typeof LENGTH_GROUPS)[number]["key"];

export function lengthGroup(length: number): LengthGroupKey {
  return (LENGTH_GROUPS.find((group) => length <= group.max) ?? LENGTH_GROUPS[LENGTH_GROUPS.length - 1]).key;
}

/**
 * Character classes as the charts group them, one per name: an IDN name (å, ä, ö …) counts as IDN
 * whatever else it holds, then a hyphen, then digits; the rest are letters only.
 */
export const CHAR_GROUPS = [
  { key: "letters", label: "Bara bokstäver" },
  { key: "digits", label: "Med siffror" },
  { key: "hyphen", label: "Med bindestreck" },
  { key: "idn", label: "Med å, ä, ö m.fl. (IDN)" },
] as const;
export type CharGroupKey = (typeof CHAR_GROUPS)[number]["key"];

export function charGroup(nameChars: number): CharGroupKey {
  if (nameChars & NAME_CHAR_BITS.nonLatin) return "idn";
  if (nameChars & NAME_CHAR_BITS.special) return "hyphen";
  if (nameChars & NAME_CHAR_BITS.digits) return "digits";
  return "letters";
}

/** Counts of names in each catch state, and how many of the caught ones were seen only at the next check. */
export type CatchCounts = {
  released: number;
  states: Record<CatchState, number>;
  byNextCheck: Record<CatchBucketKey, number>;
};

export type ReleaseDayCounts = {
  day: string;
  /** Released names (past days) or names scheduled for release (today before 04:00 UTC and later), per TLD. */
  se: number;
  nu: number;
  scheduled: boolean;
};

export type RenewalCurvePoint = {
  daysLeft: number;
  /** Names that were on a list with this many days left, and whose release day has passed. */
  onList: number;
  /** How many of those were renewed (left the list) instead of released. */
  renewed: number;
};

export type CountedGroup = { key: string; label: string; names: number };

/** The release-morning charts count first-seen-free moments in buckets of this many minutes after 04:00 UTC. */
export const RELEASE_MINUTE_BUCKET = 10;

/** The groups "Lediga under första timmen" counts, in the order loadStatistics gives them. */
export const FIRST_HOUR_GROUPS: readonly { grouping: "length" | "chars" | "tld"; key: string; label: string }[] = [
  ...LENGTH_GROUPS.map(({ key, label }) => ({ grouping: "length" as const, key, label })),
  ...CHAR_GROUPS.map(({ key, label }) => ({ grouping: "chars" as const, key, label })),
  { grouping: "tld", key: ".se", label: ".se" },
  { grouping: "tld", key: ".nu", label: ".nu" },
];

/** What the measured release mornings show (issue "Release morning, live"). */
export type MorningStatistics = {
  /** Release mornings of the past 90 days whose rounds ran. */
  measuredMornings: number;
  /** Names first seen free in each bucket (minutes after 04:00 UTC), 04:00–12:00. */
  releaseMinutes: { minute: number; names: number }[];
  /** Per group, how many measured names were first seen free, and how many of them in the first hour. */
  firstHour: { grouping: "length" | "chars" | "tld"; key: string; label: string; names: number; inFirstHour: number }[];
  /** Seconds from first seen free to seen taken again, quartiles, for all measured catches and per group. */
  catchDurations: { grouping: "all" | "length" | "chars"; key: string; label: string; names: number; p25Seconds: number; p50Seconds: number; p75Seconds: number }[];
};

/** Everything /statistik shows, read from the aggregate tables (loadStatistics). */
export type StatisticsView = {
  /** When the figures were last computed (ISO), null before the first computation. */
  computedAt: string | null;
  /** Today (UTC), the day the release chart marks. */
  today: string;
  releaseDays: ReleaseDayCounts[];
  catchByDay: (CatchCounts & { day: string })[];
  catchByLength: (CatchCounts & { key: LengthGroupKey; label: string })[];
  catchByChars: (CatchCounts & { key: CharGroupKey; label: string })[];
  renewalCurve: RenewalCurvePoint[];
  currentList: {
    total: number;
    lengths: CountedGroup[];
    chars: CountedGroup[];
    tlds: CountedGroup[];
    scoreLabels: CountedGroup[];
  };
  mornings: MorningStatistics;
  /** "Vem tar de släppta namnen?": the last 30 and 90 days (statistics-taken-by.ts). */
  takenBy: TakenByWindow[];
};

/** "Chans att släppas" on a soon-available name's page. */
export type ReleaseChance =
  | { kind: "known"; daysLeft: number; released: number; basis: number }
  | { kind: "thin"; daysLeft: number; basis: number };

export function releaseChance(point: RenewalCurvePoint | undefined, daysLeft: number): ReleaseChance {
  const basis = point?.onList ?? 0;
  if (point === undefined || basis < MIN_BASIS) return { kind: "thin", daysLeft, basis };
  return { kind: "known", daysLeft, released: basis - point.renewed, basis };
}

/** What the domain page tells from the statistics: a soon-available name's chance, a released name's catch. */
export type DomainReleaseStats =
  | { kind: "chance"; chance: ReleaseChance }
  | {
      kind: "released";
      /** How soon it was seen registered again, when it was (placeCatch). */
      caught: { state: CatchBucketKey; byNextCheck: boolean } | null;
      /** Measured on its release morning: when it was first seen free, and taken again if that was the same morning (ISO). */
      morning: { freeAt: string; takenAt: string | null } | null;
    };

/** "9 av 10": a share as a whole number out of ten, as people say it. */
export function outOfTen(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10);
}

/** What the statistics say of this name, in a sentence (docs/product.md, "Statistics"). */
export function releaseStatsText(stats: DomainReleaseStats): string {
  if (stats.kind === "released") {
    const sentences: string[] = [];
    if (stats.morning) {
      // In UTC, as the release time beside it, with the Swedish clock: "kl. 05:15 UTC (06:15 svensk tid)".
      const taken = stats.morning.takenAt ? ` och registrerades igen kl. ${formatUtcAndSwedishTimeSv(stats.morning.takenAt)}` : "";
      sentences.push(`Blev ledig kl. ${formatUtcAndSwedishTimeSv(stats.morning.freeAt)}${taken}.`);
    }
    if (stats.caught) {
      const { state, byNextCheck } = stats.caught;
      const when = state === "later" ? "mer än 30 dygn" : CATCH_STATE_LABELS[state].toLowerCase();
      sentences.push(`Registrerades igen ${when} efter släppet${byNextCheck ? " (sågs vid nästa kontroll och kan ha tagits tidigare)" : ""}.`);
    }
    return sentences.join(" ");
  }
  const { chance } = stats;
  const days = chance.daysLeft >= RENEWAL_CURVE_MAX_DAYS_LEFT ? `minst ${RENEWAL_CURVE_MAX_DAYS_LEFT} dagar` : daysLeftSv(chance.daysLeft);
  if (chance.kind === "thin") {
    return `Chans att släppas: historiken är för tunn för att säga något än (${formatNumberSv(chance.basis)} namn med ${days} kvar, vi behöver minst ${MIN_BASIS}).`;
  }
  return `Chans att släppas: ${outOfTen(chance.released, chance.basis)} av 10 namn med ${days} kvar har släppts (av ${formatNumberSv(chance.basis)} namn det senaste året).`;
}
