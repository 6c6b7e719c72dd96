// The registry releases a name at 04:00 UTC on its release date at the
// earliest (05:00 Swedish winter time, 06:00 summer time): its release
// instant. The rule is in UTC, so Swedish daylight-saving changes never move
// it. What may be concluded around that morning is in release-morning.ts.
import { addDays, todayUtc, utcMidnight } from "./utc-dates";

export const RELEASE_HOUR_UTC = 4;

/**
 * The moment a name with this release date is released.
 * Throws a RangeError for anything but a valid YYYY-MM-DD date: callers are
 * expected to have validated it (dates come from the database or a parser).
 */
export function releaseInstant(releaseDate: string): Date {
  return new Date(utcMidnight(releaseDate) + RELEASE_HOUR_UTC * 60 * 60 * 1000);
}

/** True from 04:00:00.000 UTC on the release date. */
export function isReleased(releaseDate: string, now: Date): boolean {
  return now.getTime() >= releaseInstant(releaseDate).getTime();
}

/** The latest release date whose 04:00 UTC is not after `now`: every name with this date or an earlier one is released. */
export function lastReleasedDate(now: Date): string {
  const today = todayUtc(now);
  return isReleased(today, now) ? today : addDays(today, -1);
}

/** The next moment (04:00 UTC) after `now` at which names are released. */
export function nextReleaseInstant(now: Date): Date {
  return releaseInstant(addDays(lastReleasedDate(now), 1));
}
