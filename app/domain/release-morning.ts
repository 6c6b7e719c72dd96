// The release-morning rule (docs/product.md, "The release morning"): what
// visitors see from 04:00 UTC on a release date, and what the data may
// conclude from a release list or an availability answer around that day.
// Every import, job and page follows these functions; none writes the rule again.
import { isReleased, RELEASE_HOUR_UTC, releaseInstant } from "./release-instant";
import { addDays, todayUtc } from "./utc-dates";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The registry releases a day's names in random order through the morning.
 * An "occupied" answer before this hour (UTC) on the release date, for a name
 * not yet seen free, may mean the registry still holds it, not that someone took it.
 */
export const RELEASE_MORNING_END_HOUR_UTC = 12;

/**
 * Names leave the release list around their release day, at a time of the
 * registry's choosing: a name missing from a list is concluded renewed only
 * when its release is at least this far ahead.
 */
export const RENEWAL_MIN_LEAD_MS = 2 * DAY_MS;

/**
 * True when a soon-available name missing from a complete list may be marked
 * renewed: its release is at least two days away. Closer to its release day a
 * name leaves the list because it is being released.
 */
export function mayConcludeRenewed(releaseDate: string, now: Date): boolean {
  return releaseInstant(releaseDate).getTime() - now.getTime() >= RENEWAL_MIN_LEAD_MS;
}

/** The earliest release date for which mayConcludeRenewed holds at `now` (for a query's range). */
export function firstRenewableReleaseDate(now: Date): string {
  const earliest = new Date(now.getTime() + RENEWAL_MIN_LEAD_MS);
  const date = todayUtc(earliest);
  return releaseInstant(date).getTime() >= earliest.getTime() ? date : addDays(date, 1);
}

/**
 * True when a release list may (re)make a name soon-available with this
 * release date: only while that release is still ahead. A list never takes a
 * name back from released to soon-available.
 */
export function mayListAsSoonAvailable(releaseDate: string, now: Date): boolean {
  return !isReleased(releaseDate, now);
}

/** The end of a release date's morning: RELEASE_MORNING_END_HOUR_UTC that day. */
export function releaseMorningEnd(releaseDate: string): Date {
  return new Date(releaseInstant(releaseDate).getTime() + (RELEASE_MORNING_END_HOUR_UTC - RELEASE_HOUR_UTC) * HOUR_MS);
}

export type OccupiedAnswer = {
  releaseDate: string | null;
  /** When the availability service last answered "free" for the name, if ever. */
  lastSeenFreeAt: Date | null;
  now: Date;
};

/**
 * What an "occupied" answer from the registry's availability service means
 * for a released name: "registered" when someone has taken it, "held" when the
 * registry may not have released it yet (its release morning, never seen free
 * since 04:00 UTC): ask again later, conclude nothing.
 */
export function occupiedAnswerMeans({ releaseDate, lastSeenFreeAt, now }: OccupiedAnswer): "registered" | "held" {
  if (!releaseDate) return "registered";
  const released = releaseInstant(releaseDate);
  if (lastSeenFreeAt && lastSeenFreeAt.getTime() >= released.getTime()) return "registered";
  return now.getTime() < releaseMorningEnd(releaseDate).getTime() ? "held" : "registered";
}

/**
 * True while a page may say "släpps under morgonen" beside an available name:
 * released today (from 04:00 UTC), not yet seen free, before the morning ends.
 * The name is shown as released either way; this only explains why a registrar
 * may not offer it yet.
 */
export function isBeingReleased(releaseDate: string | null, lastSeenFreeAt: Date | null, now: Date): boolean {
  if (!releaseDate || !isReleased(releaseDate, now)) return false;
  if (lastSeenFreeAt && lastSeenFreeAt.getTime() >= releaseInstant(releaseDate).getTime()) return false;
  return now.getTime() < releaseMorningEnd(releaseDate).getTime();
}

/**
 * Whether the registry's availability service has answered "free" for a
 * released name since its release instant. Until it has, nothing says the name
 * is free: its page tells when it was released and that it has not been
 * checked yet, never "inte registrerad", and /available and its feed leave it
 * out (docs/product.md, "The release morning"). A name imported with a release
 * already past has never been asked.
 */
export function isCheckedSinceRelease(releaseDate: string | null, lastSeenFreeAt: Date | null): boolean {
  if (!releaseDate) return lastSeenFreeAt !== null;
  return lastSeenFreeAt !== null && lastSeenFreeAt.getTime() >= releaseInstant(releaseDate).getTime();
}

/**
 * A release list is past-dated when more than half of its release dates lie
 * before the import day (UTC): an old file, not the registry's list of names
 * still to come. Imported, its released names would read as free without a
 * check, so it is held until an administrator applies it anyway
 * (docs/product.md, "Release lists and imports").
 */
export function pastDatedDates(releaseDates: readonly string[], now: Date): { before: number; of: number; pastDated: boolean } {
  const today = todayUtc(now);
  let before = 0;
  for (const date of releaseDates) if (date < today) before++;
  return { before, of: releaseDates.length, pastDated: before * 2 > releaseDates.length };
}
