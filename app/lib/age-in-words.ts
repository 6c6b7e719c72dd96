/**
 * How old something is, in English words for the backoffice: "less than a
 * minute", "5 minutes", "3 hours", "2 days". Whole units, rounded down; up to
 * two days in hours, so a snapshot a day and a half old reads "36 hours".
 */
export function ageInWords(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.floor(hours / 24), "day");
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
