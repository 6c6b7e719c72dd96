// Calendar dates written YYYY-MM-DD, computed in UTC so that server and
// browser agree whatever their time zone: release dates, the days of the
// statistics, date filters. The 04:00 UTC release rule is in release-instant.ts.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * True for a real calendar date written YYYY-MM-DD (zero-padded) with a year
 * from 1000 to 9999. Rejects 2021-02-30, 2021-7-6 and 2021-13-01.
 */
export function isValidIsoDate(s: string): boolean {
  const match = ISO_DATE.exec(s);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** The calendar date n days after (or before, for negative n) isoDate. */
export function addDays(isoDate: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Days must be a whole number, got ${n}`);
  return new Date(utcMidnight(isoDate) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in UTC, YYYY-MM-DD: the date the release rule reasons in. */
export function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Milliseconds since the epoch at 00:00 UTC of `isoDate`. Throws a RangeError
 * for anything but a valid YYYY-MM-DD date.
 */
export function utcMidnight(isoDate: string): number {
  if (!isValidIsoDate(isoDate)) throw new RangeError(`Not a valid YYYY-MM-DD date: ${JSON.stringify(isoDate)}`);
  // Date.parse reads a date-only ISO string as UTC midnight (ECMAScript spec).
  return Date.parse(isoDate);
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
