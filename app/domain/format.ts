import { isValidIsoDate } from "./utc-dates";

// Swedish formatting of dates, prices and numbers.
//
// Everything is formatted in UTC: the server and the visitor's browser must
// render the same text, or React reports a hydration mismatch (a visitor in
// New York would otherwise see the day before). Note that sv-SE output uses
// non-breaking spaces ("25 000 kr") and the minus sign U+2212.
//
// Formatters are built once: Intl constructors are slow and a list page
// formats hundreds of values.

const dateFormat = new Intl.DateTimeFormat("sv-SE", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "UTC",
});
const longDateFormat = new Intl.DateTimeFormat("sv-SE", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const wholeSekFormat = new Intl.NumberFormat("sv-SE", {
  style: "currency",
  currency: "SEK",
  maximumFractionDigits: 0,
});
const sekWithOreFormat = new Intl.NumberFormat("sv-SE", {
  style: "currency",
  currency: "SEK",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const numberFormat = new Intl.NumberFormat("sv-SE");
const percentFormat = new Intl.NumberFormat("sv-SE", { style: "percent", maximumFractionDigits: 0 });
// The one formatter in a named zone: a moment (when figures were computed) is read as Swedes read
// the clock. The zone is explicit, so server and browser still render the same text.
const stockholmDateTimeFormat = new Intl.DateTimeFormat("sv-SE", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Stockholm",
});

/** "2021-07-06". A YYYY-MM-DD string is read as that calendar date. */
export function formatDateSv(date: Date | string): string {
  return dateFormat.format(toDate(date));
}

/** "6 juli 2021". A YYYY-MM-DD string is read as that calendar date. */
export function formatLongDateSv(date: Date | string): string {
  return longDateFormat.format(toDate(date));
}

/** "25 000 kr", "99,50 kr"; "" when there is no (usable) price. */
export function formatPriceSek(price: number | null): string {
  if (price === null || !Number.isFinite(price)) return "";
  // Whole kronor are the norm for premium prices; show öre only when present.
  return (Number.isInteger(price) ? wholeSekFormat : sekWithOreFormat).format(price);
}

/** A premium name's price as cards and its page show it: "25 000 kr", or "Pris på förfrågan" when none is set. */
export function premiumPriceText(price: number | null): string {
  return formatPriceSek(price) || "Pris på förfrågan";
}

/** "1 234 567,5" */
export function formatNumberSv(n: number): string {
  return numberFormat.format(n);
}

/** "34 %" for 0.34: a share as whole percent. */
export function formatPercentSv(share: number): string {
  return percentFormat.format(share);
}

/** "26 november 2026 kl. 11:31": a moment on the clock in Sweden (Europe/Stockholm, summer time included). */
export function formatStockholmDateTimeSv(moment: Date | string): string {
  const parts = stockholmDateTimeFormat.formatToParts(toDate(moment));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")} kl. ${part("hour")}:${part("minute")}`;
}

/** "05:37": the time of day in Sweden (Europe/Stockholm, summer time included). */
const stockholmTimeFormat = new Intl.DateTimeFormat("sv-SE", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Stockholm" });

const utcTimeFormat = new Intl.DateTimeFormat("sv-SE", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/**
 * "05:15 UTC (06:15 svensk tid)": a moment on a release morning, in UTC as the release time (04:00 UTC)
 * is given on the same pages, with the clock in Sweden beside it. A time never stands without its zone.
 */
export function formatUtcAndSwedishTimeSv(moment: Date | string): string {
  const date = toDate(moment);
  return `${utcTimeFormat.format(date)} UTC (${stockholmTimeFormat.format(date)} svensk tid)`;
}

/**
 * A count with its Swedish noun, in the number of the count: "inga morgnar" (or `none`),
 * "1 morgon", "12 morgnar", "1 234 namn". Never "0 morgnar" or "1 dagar".
 */
export function countNounSv(n: number, forms: { one: string; many: string; none?: string }): string {
  if (n === 0) return forms.none ?? `inga ${forms.many}`;
  return n === 1 ? `1 ${forms.one}` : `${formatNumberSv(n)} ${forms.many}`;
}

/**
 * A wait in Swedish for "Försök igen om …": "30 sekunder", "1 minut", "4 minuter",
 * "1 timme". Rounded up, so the person never comes back too early.
 */
export function formatWaitSv(seconds: number): string {
  const wholeSeconds = Math.max(1, Math.ceil(seconds));
  if (wholeSeconds < 60) return wholeSeconds === 1 ? "1 sekund" : `${wholeSeconds} sekunder`;
  const minutes = Math.ceil(wholeSeconds / 60);
  if (minutes < 60) return minutes === 1 ? "1 minut" : `${minutes} minuter`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "1 timme" : `${hours} timmar`;
}

// Strings are either a plain date (read as UTC midnight by the ECMAScript
// spec, so formatting in UTC gives back the same day) or a full timestamp.
// An unparseable value is a bug upstream: it throws rather than rendering
// "Invalid Date" to visitors. Plain dates are checked strictly because
// `new Date("2021-02-30")` quietly becomes 2 March.
function toDate(date: Date | string): Date {
  if (typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) && !isValidIsoDate(date)) throw invalid(date);
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw invalid(String(date));
  return value;
}

function invalid(date: string): RangeError {
  return new RangeError(`Not a valid date: ${JSON.stringify(date)}`);
}
