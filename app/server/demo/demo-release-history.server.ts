// The demo's release history (issue 27): for each demo name on a release list, when it was listed,
// whether its holder renewed it and, once released, what the registry's availability service
// answered. The answers are simulated with the product's own rules (when the availability check
// asks again, when an "occupied" answer counts), so /statistik reads a history like the one the
// jobs write, and every history row agrees with its name's row in domains.
import { checkIntervalAfterRelease, nextCheckAfterHeld } from "~/server/availability/next-check-at.server";
import { lastReleasedDate, releaseInstant } from "~/domain/release-instant";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { occupiedAnswerMeans } from "~/domain/release-morning";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How far back the demo's releases reach: the charts show 90 days, and the oldest of them have had 30 more to be caught. */
export const DEMO_HISTORY_DAYS = 120;
/** How long before its release date a name first appears on a list (DOMAIN.md). */
const LISTED_DAYS_BEFORE = { min: 30, max: 60 };
/** The registry deletes a name 7 days before its release; its holder can renew it until the day before. */
const LAST_RENEWAL_DAYS_LEFT = 8;
/**
 * The registry releases a day's names in random order through the morning, most of them early.
 * Well before the morning ends (RELEASE_MORNING_END_HOUR_UTC): until then an "occupied" answer for
 * a name not yet seen free means the registry still holds it.
 */
const RELEASE_SPREAD_MS = 3 * HOUR_MS;
/**
 * Fewer names are released on a weekend (Sunday first): names expire on the weekday they were
 * registered, and more are registered on weekdays.
 */
const WEEKDAY_WEIGHTS = [0.55, 1.1, 1.15, 1.1, 1.05, 1, 0.6];

/**
 * How soon after its release someone takes a name, for the least and the most wanted names
 * (wantedness 0 and 1); in between, a mix of the two. Whatever is left is never taken. The most
 * wanted are mostly taken within the hour (shares past 1 are cut off): short names and Swedish
 * words are caught sooner, so the catch-risk forecast has something to tell apart.
 */
const CATCH_SPEEDS = [
  { leastWanted: 0.02, mostWanted: 0.8, fromMs: 5 * MINUTE_MS, toMs: 50 * MINUTE_MS },
  { leastWanted: 0.05, mostWanted: 0.15, fromMs: HOUR_MS, toMs: 20 * HOUR_MS },
  { leastWanted: 0.06, mostWanted: 0.1, fromMs: DAY_MS, toMs: 7 * DAY_MS },
  { leastWanted: 0.06, mostWanted: 0.07, fromMs: 7 * DAY_MS, toMs: 30 * DAY_MS },
  { leastWanted: 0.05, mostWanted: 0.05, fromMs: 30 * DAY_MS, toMs: DEMO_HISTORY_DAYS * DAY_MS },
];

/**
 * What the demo's zone holds around a listed name (decision 0088), drawn from the name itself so the
 * rest of the demo draws the same numbers: its holder parked it before it dropped (12 %), and its
 * sibling under the other TLD is registered throughout (15 %). Both make the name more wanted: a
 * domainer's parked name has traffic or links other domainers' catchers look for, and a registered
 * sibling says someone wants the label. So the catch-risk forecast's zone features have an effect
 * to find in the demo; the registry's history decides whether they have one there.
 */
export type DemoZoneTraits = { parkedBeforeDrop: boolean; siblingHeld: boolean };

export const DEMO_PARKED_SHARE = 0.12;
export const DEMO_SIBLING_SHARE = 0.15;
/** How much each trait adds to a name's wantedness (0 to 1). */
const TRAIT_WANTEDNESS = 0.3;

export function demoZoneTraits(name: string): DemoZoneTraits {
  return { parkedBeforeDrop: unitHash(name, 0x811c9dc5) < DEMO_PARKED_SHARE, siblingHeld: unitHash(name, 0x1b873593) < DEMO_SIBLING_SHARE };
}

/** FNV-1a of the name from `basis`, as a number in [0, 1). */
function unitHash(text: string, basis: number): number {
  let hash = basis >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

/** One release of a demo name: a row of release_outcomes, and what the availability check would do next. */
export type DemoRelease = {
  /** The zone around it (demoZoneTraits), which the demo's zone writes. */
  zone: DemoZoneTraits;
  releaseDate: string;
  listedOn: string;
  renewedOn: string | null;
  releasedAt: Date | null;
  firstFreeAt: Date | null;
  lastFreeAt: Date | null;
  takenAt: Date | null;
  /** For a name still free and checked since its release: when the check asks again. */
  nextCheckAt: Date | null;
};

export type DemoReleaseStatus = "soonavailable" | "available" | "registered" | "renewed";

/** The status in domains that a release's history leads to. */
export function statusAfter(release: DemoRelease): DemoReleaseStatus {
  if (release.renewedOn !== null) return "renewed";
  if (release.releasedAt === null) return "soonavailable";
  return release.takenAt === null ? "available" : "registered";
}

type Tld = ".se" | ".nu";

export type DemoReleases = {
  /**
   * The next demo name's release: a date drawn in proportion to the names each day lists, then
   * what happened to it up to now. `alwaysListed`: a date not released yet, and no renewal.
   */
  next(options: { tld: Tld; score: number; length: number; zone: DemoZoneTraits; alwaysListed?: boolean }): DemoRelease;
};

/**
 * The demo's releases, from DEMO_HISTORY_DAYS ago to the longest lead ahead of `now`. Each date
 * weighs, per TLD, by its weekday, a little noise from day to day, and for a date ahead the share
 * of its names already listed (a name is listed 30 to 60 days before, so the far end of a list is
 * thin). Dates are looked up by index, not computed per name: computing them costs more than the rest.
 */
export function createDemoReleases(random: () => number, now: Date): DemoReleases {
  const today = todayUtc(now);
  const lastReleased = lastReleasedDate(now);
  // Every date a release, listing or renewal can fall on; index `firstRelease + k` is k days after the first release date.
  const firstRelease = LISTED_DAYS_BEFORE.max;
  const dates = Array.from({ length: firstRelease + DEMO_HISTORY_DAYS + 1 + LISTED_DAYS_BEFORE.max }, (_, index) =>
    addDays(today, index - firstRelease - DEMO_HISTORY_DAYS),
  );
  const todayIndex = firstRelease + DEMO_HISTORY_DAYS;
  const firstUpcoming = dates.findIndex((date) => date > lastReleased);
  const spanOfLeads = LISTED_DAYS_BEFORE.max - LISTED_DAYS_BEFORE.min + 1;
  const cumulativeWeights = (["se", "nu"] as const).map(() => {
    let total = 0;
    return dates.map((date, index) => {
      if (index < firstRelease) return 0;
      const listedShare = Math.min(1, (LISTED_DAYS_BEFORE.max - Math.max(0, index - todayIndex) + 1) / spanOfLeads);
      total += WEEKDAY_WEIGHTS[new Date(date).getUTCDay()] * (0.75 + 0.5 * random()) * listedShare;
      return total;
    });
  });

  return {
    next({ tld, score, length, zone, alwaysListed = false }) {
      const cumulative = cumulativeWeights[tld === ".se" ? 0 : 1];
      const floor = alwaysListed ? cumulative[firstUpcoming - 1] : 0;
      const releaseIndex = firstIndexAbove(cumulative, floor + random() * (cumulative[cumulative.length - 1] - floor));
      // Listed no later than today: a date far ahead has only its longest leads listed yet.
      const shortestLead = Math.max(LISTED_DAYS_BEFORE.min, releaseIndex - todayIndex);
      const lead = shortestLead + Math.floor(random() * (LISTED_DAYS_BEFORE.max - shortestLead + 1));
      const wanted = Math.min(1, wantedness(score, length) + TRAIT_WANTEDNESS * (Number(zone.parkedBeforeDrop) + Number(zone.siblingHeld)));
      const release: DemoRelease = {
        zone,
        releaseDate: dates[releaseIndex],
        listedOn: dates[releaseIndex - lead],
        renewedOn: null,
        releasedAt: null,
        firstFreeAt: null,
        lastFreeAt: null,
        takenAt: null,
        nextCheckAt: null,
      };
      if (!alwaysListed && random() < 0.1 + 0.08 * wanted) {
        // The square root leans toward the early days: a holder who means to renew mostly does so at the first reminder.
        const daysLeft = LAST_RENEWAL_DAYS_LEFT + Math.floor((lead - LAST_RENEWAL_DAYS_LEFT) * Math.sqrt(random()));
        // A renewal still ahead has not happened yet: today the name is on the list.
        if (releaseIndex - daysLeft <= todayIndex) return { ...release, renewedOn: dates[releaseIndex - daysLeft] };
      }
      if (release.releaseDate > lastReleased) return release;
      return { ...release, releasedAt: releaseInstant(release.releaseDate), ...simulateChecks(random, release.releaseDate, wanted, now) };
    },
  };
}

function firstIndexAbove(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] > value) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * How much people want a name, 0 to 1: what decides how fast it is taken and how closely it is
 * watched. Most demo names score 50 to 80, long Swedish compounds too, so shortness counts on its own.
 */
function wantedness(score: number, length: number): number {
  const byScore = Math.min(1, Math.max(0, (score - 55) / 35));
  const byShortness = Math.min(1, Math.max(0, (10 - length) / 7));
  return 0.5 * byScore + 0.5 * byShortness;
}

/**
 * The availability check's answers after a release, as the job asks and records them: every 15
 * minutes while the registry still holds the name on its morning (nextCheckAfterHeld), then as
 * nextCheckAt schedules it. A watched name is asked on time; others wait for a busy check, up to
 * half a day each time, so their catch is often seen only at the next check.
 */
function simulateChecks(random: () => number, releaseDate: string, wanted: number, now: Date) {
  const moment = releaseInstant(releaseDate).getTime();
  const freeFrom = moment + RELEASE_SPREAD_MS * random() ** 3;
  const takenFrom = freeFrom + catchDelay(random, wanted);
  const watched = random() < 0.35 + 0.6 * wanted;
  const lag = () => (watched ? random() * 5 * MINUTE_MS : random() * 12 * HOUR_MS);
  let check = moment + (watched ? random() * 30 * MINUTE_MS : HOUR_MS + random() * 15 * HOUR_MS);
  let firstFreeAt: number | null = null;
  let lastFreeAt: number | null = null;
  const asDate = (ms: number | null) => (ms === null ? null : new Date(ms));
  // In numbers, not dates: a released name is asked up to ~70 times, and a million names are seeded.
  while (check <= now.getTime()) {
    if (check >= freeFrom && check < takenFrom) {
      firstFreeAt ??= check;
      lastFreeAt = check;
      check += checkIntervalAfterRelease(check - moment) + lag();
      continue;
    }
    const at = new Date(check);
    if (check >= takenFrom && occupiedAnswerMeans({ releaseDate, lastSeenFreeAt: asDate(lastFreeAt), now: at }) === "registered") {
      return { firstFreeAt: asDate(firstFreeAt), lastFreeAt: asDate(lastFreeAt), takenAt: at, nextCheckAt: null };
    }
    check = nextCheckAfterHeld(releaseDate, at).getTime() + lag();
  }
  return {
    firstFreeAt: asDate(firstFreeAt),
    lastFreeAt: asDate(lastFreeAt),
    takenAt: null,
    nextCheckAt: lastFreeAt === null ? null : new Date(check),
  };
}

/** Milliseconds from a name's release to its being taken; Infinity when nobody takes it. */
function catchDelay(random: () => number, wanted: number): number {
  let roll = random();
  for (const speed of CATCH_SPEEDS) {
    const share = speed.leastWanted + (speed.mostWanted - speed.leastWanted) * wanted;
    if (roll < share) return speed.fromMs * (speed.toMs / speed.fromMs) ** random();
    roll -= share;
  }
  return Number.POSITIVE_INFINITY;
}
