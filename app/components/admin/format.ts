// Dates and numbers in the backoffice, in English and in UTC so the server
// render and the browser agree.

const dateTime = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** "2030-01-15 14:05 UTC" */
export function formatDateTimeUtc(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "—";
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} UTC`;
}

/** "2030-01-15" (yyyy-MM-dd), or a dash when there is no date. */
export function formatIsoDate(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : "—";
}

const grouped = new Intl.NumberFormat("en-US");

/** "10,000" */
export function formatCount(value: number): string {
  return grouped.format(value);
}
