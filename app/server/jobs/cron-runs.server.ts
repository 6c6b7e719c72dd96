// When a job's UTC cron schedule fires: next (the Maintenance tab) and last
// (which occurrence a scheduled run belongs to, claim-scheduled-run.server.ts).
// pg-boss runs the schedules but says neither, so this asks the library pg-boss
// itself reads them with (cron-parser, the same version), the same way: UTC,
// not strict, so both read every expression alike.
import { CronExpressionParser, type CronExpression } from "cron-parser";

function readCron(cron: string, currentDate: Date): CronExpression | null {
  // cron-parser reads an empty expression as "every minute"; pg-boss refuses one, and so does this.
  if (cron.trim() === "") return null;
  try {
    return CronExpressionParser.parse(cron, { tz: "UTC", strict: false, currentDate });
  } catch {
    return null;
  }
}

/** The first time after `from` the UTC schedule matches; null for an expression it cannot read. */
export function nextCronRun(cron: string, from: Date): Date | null {
  return readCron(cron, from)?.next().toDate() ?? null;
}

/** The last time at or before `at` the UTC schedule matches (the occurrence a run at `at` belongs to); null for an expression it cannot read. */
export function latestCronRun(cron: string, at: Date): Date | null {
  // prev() answers strictly before its reference: a millisecond later keeps `at` itself, as pg-boss does.
  return (
    readCron(cron, new Date(at.getTime() + 1))
      ?.prev()
      .toDate() ?? null
  );
}
