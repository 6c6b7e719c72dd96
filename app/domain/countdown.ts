// Time left until a name is released (04:00 UTC on its release date), as the
// domain cards and the detail page's live countdown show it (docs/product.md,
// "Names on cards and the domain page").
import { formatLongDateSv } from "./format";
import { releaseInstant } from "./release-instant";

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Cards count down in days only within this many days; beyond it they show the date. */
export const CARD_COUNTDOWN_DAYS = 7;

export const RELEASED_TEXT = "Tillgänglig!";

/**
 * "Tillgänglig!" once released; "Mindre än 1 timme kvar", "1 timme kvar",
 * "{n} timmar kvar" under a day; "1 dag kvar", "{n} dagar kvar" under a week;
 * otherwise the release date, "6 juli 2021". Hours and days round down, so a
 * card never promises less waiting than there is.
 */
export function cardCountdownText(releaseDate: string, now: Date): string {
  const msLeft = releaseInstant(releaseDate).getTime() - now.getTime();
  if (msLeft <= 0) return RELEASED_TEXT;
  if (msLeft < HOUR_MS) return "Mindre än 1 timme kvar";
  if (msLeft < DAY_MS) {
    const hours = Math.floor(msLeft / HOUR_MS);
    return hours === 1 ? "1 timme kvar" : `${hours} timmar kvar`;
  }
  if (msLeft < CARD_COUNTDOWN_DAYS * DAY_MS) {
    const days = Math.floor(msLeft / DAY_MS);
    return days === 1 ? "1 dag kvar" : `${days} dagar kvar`;
  }
  // The date itself, not the instant: 04:00 UTC is the same calendar day
  // everywhere in Sweden, and formatting stays in UTC.
  return formatLongDateSv(releaseDate);
}

/**
 * Whole days left until a name's release (04:00 UTC on its release date), the
 * one rule for days left (docs/product.md, "Days left"): the live countdown's
 * days and the "N dagar kvar" of "Chans att släppas" are this number. Counted
 * in real time to the release instant, not in calendar days: 5 d 8 h left is
 * 5 days, 0 d 8 h is 0. Seconds round up as the countdown's do, so the two
 * change at the same moment; 0 once released.
 */
export function daysLeftUntilRelease(releaseDate: string, now: Date): number {
  return Math.floor(secondsLeft(releaseDate, now) / 86_400);
}

function secondsLeft(releaseDate: string, now: Date): number {
  return Math.ceil(Math.max(0, releaseInstant(releaseDate).getTime() - now.getTime()) / SECOND_MS);
}

export type DetailCountdown = {
  passed: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left, 0 once passed. */
  totalMs: number;
};

/**
 * The parts of the live countdown on the detail page. Seconds round up, so
 * the display reaches 0 d 0 h 0 min 0 s at the very moment `passed` turns
 * true instead of showing zero for up to a second before it.
 */
export function detailCountdown(releaseDate: string, now: Date): DetailCountdown {
  const totalMs = Math.max(0, releaseInstant(releaseDate).getTime() - now.getTime());
  const totalSeconds = secondsLeft(releaseDate, now);
  return {
    passed: totalMs === 0,
    days: daysLeftUntilRelease(releaseDate, now),
    hours: Math.floor(totalSeconds / 3_600) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
    totalMs,
  };
}
