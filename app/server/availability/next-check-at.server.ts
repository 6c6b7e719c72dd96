import { releaseMorningEnd } from "~/domain/release-morning";
import { releaseInstant } from "~/domain/release-instant";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/**
 * When a released name that is still free should be asked about again. Names
 * are taken fastest right after release: every 30 minutes in the first day
 * after its 04:00 UTC release, daily for the rest of the first week, then weekly.
 */
export function nextCheckAt(releaseDate: string | null, now: Date): Date {
  const sinceRelease = releaseDate ? now.getTime() - releaseInstant(releaseDate).getTime() : Number.POSITIVE_INFINITY;
  return new Date(now.getTime() + checkIntervalAfterRelease(sinceRelease));
}

/** nextCheckAt's wait, from how long ago the name was released (in milliseconds), for callers that reckon in numbers (the demo's history). */
export function checkIntervalAfterRelease(sinceReleaseMs: number): number {
  if (sinceReleaseMs < DAY) return 30 * MINUTE;
  if (sinceReleaseMs < 7 * DAY) return DAY;
  return 7 * DAY;
}

/** A check that failed (timeout, HTTP error, not_valid) is tried again after this, not at once, so it cannot hog every run. */
export const RETRY_AFTER_ERROR_MS = 30 * MINUTE;

/** A name the registry may still hold on its release morning is asked again this soon: at the next half-hourly run. */
export const RETRY_HELD_MS = 15 * MINUTE;

/**
 * When to ask again about a name whose "occupied" answer was "held" (its
 * release morning, not yet seen free): in RETRY_HELD_MS, or at the end of the
 * morning if that comes first, when an "occupied" answer decides.
 */
export function nextCheckAfterHeld(releaseDate: string, now: Date): Date {
  return new Date(Math.min(now.getTime() + RETRY_HELD_MS, releaseMorningEnd(releaseDate).getTime()));
}
