// When a job's UTC cron schedule fires: next (the Maintenance tab) and last
// (which occurrence a scheduled run belongs to, claim-scheduled-run.server.ts).
// pg-boss runs the schedules but says neither, so this reads the five-field
// expressions the jobs use (numbers, *, lists, ranges, steps).

const FIELDS = [
  { min: 0, max: 59 }, // minute
  { min: 0, max: 23 }, // hour
  { min: 1, max: 31 }, // day of month
  { min: 1, max: 12 }, // month
  { min: 0, max: 6 }, // day of week, 0 = Sunday (7 is also Sunday)
] as const;

type Parsed = { sets: Set<number>[]; dayOfMonthAny: boolean; dayOfWeekAny: boolean };

function parseField(text: string, { min, max }: { min: number; max: number }, isDayOfWeek: boolean): Set<number> | null {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) return null;
    const step = match[4] ? Number(match[4]) : 1;
    const from = match[1] === "*" ? min : Number(match[2]);
    const to = match[1] === "*" ? max : match[3] ? Number(match[3]) : match[4] ? max : from;
    if (step < 1 || from < min || to > (isDayOfWeek ? 7 : max) || from > to) return null;
    for (let value = from; value <= to; value += step) values.add(isDayOfWeek && value === 7 ? 0 : value);
  }
  return values;
}

function parseCron(cron: string): Parsed | null {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const sets = parts.map((part, index) => parseField(part, FIELDS[index], index === 4));
  if (sets.some((set) => set === null)) return null;
  return { sets: sets as Set<number>[], dayOfMonthAny: parts[2] === "*", dayOfWeekAny: parts[4] === "*" };
}

/** The first minute after `from` the UTC schedule matches; null for an expression it cannot read. */
export function nextCronRun(cron: string, from: Date): Date | null {
  const time = new Date(from.getTime());
  time.setUTCSeconds(0, 0);
  time.setUTCMinutes(time.getUTCMinutes() + 1);
  return scanCron(cron, time, 1);
}

/** The last minute at or before `at` the UTC schedule matches (the occurrence a run at `at` belongs to); null for an expression it cannot read. */
export function latestCronRun(cron: string, at: Date): Date | null {
  const time = new Date(at.getTime());
  time.setUTCSeconds(0, 0);
  return scanCron(cron, time, -1);
}

/**
 * From `time` (a whole minute) minute by minute in `direction` to the first
 * the schedule matches, skipping whole days and hours that cannot.
 */
function scanCron(cron: string, time: Date, direction: 1 | -1): Date | null {
  const parsed = parseCron(cron);
  if (!parsed) return null;
  const [minutes, hours, days, months, weekdays] = parsed.sets;
  // At most a little over four years of minutes (a 29 February schedule); daily crons stop within a day.
  for (let step = 0; step < 366 * 24 * 60 * 5; step++) {
    const dayOfMonthMatches = days.has(time.getUTCDate());
    const dayOfWeekMatches = weekdays.has(time.getUTCDay());
    // Standard cron: when both day fields are restricted, either may match.
    const dayMatches =
      parsed.dayOfMonthAny || parsed.dayOfWeekAny ? dayOfMonthMatches && dayOfWeekMatches : dayOfMonthMatches || dayOfWeekMatches;
    if (!months.has(time.getUTCMonth() + 1) || !dayMatches) {
      // Forwards: the next day's first minute; backwards: the day before's last.
      if (direction === 1) time.setUTCHours(24, 0, 0, 0);
      else time.setUTCHours(0, -1, 0, 0);
      continue;
    }
    if (!hours.has(time.getUTCHours())) {
      if (direction === 1) time.setUTCHours(time.getUTCHours() + 1, 0, 0, 0);
      else time.setUTCHours(time.getUTCHours(), -1, 0, 0);
      continue;
    }
    if (minutes.has(time.getUTCMinutes())) return time;
    time.setUTCMinutes(time.getUTCMinutes() + direction, 0, 0);
  }
  return null;
}
