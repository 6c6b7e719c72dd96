import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { claimScheduledRun } from "./claim-scheduled-run.server";

const EVERY_MINUTE = "* * * * *";
const DAILY_AT_FOUR = "0 4 * * *";

describeEachEngine("claimScheduledRun", ({ handle }) => {
  const claim = (bossJobId: string, now: string, cron = EVERY_MINUTE, job = "deliver-email") =>
    claimScheduledRun(handle(), { job, cron, bossJobId, now: new Date(now) });

  it("lets one job run an occurrence: a second job for it is refused, a retry of the first is not", async () => {
    expect(await claim("job-a", "2030-01-15T09:57:04Z")).toBe(true);
    // What CI saw: another instance's cron pass sent the same minute again, 30 s later.
    expect(await claim("job-b", "2030-01-15T09:57:34Z")).toBe(false);
    expect(await claim("job-a", "2030-01-15T09:57:40Z")).toBe(true);
    // The next minute is a new occurrence, whoever runs it.
    expect(await claim("job-b", "2030-01-15T09:58:01Z")).toBe(true);
  });

  it("reads the occurrence from the schedule: a daily job sent twice after 04:00 runs once that day, and again the next", async () => {
    expect(await claim("job-a", "2030-01-15T04:00:05Z", DAILY_AT_FOUR, "tld-imports")).toBe(true);
    expect(await claim("job-b", "2030-01-15T04:00:35Z", DAILY_AT_FOUR, "tld-imports")).toBe(false);
    expect(await claim("job-c", "2030-01-15T13:00:00Z", DAILY_AT_FOUR, "tld-imports")).toBe(false);
    expect(await claim("job-d", "2030-01-16T04:00:02Z", DAILY_AT_FOUR, "tld-imports")).toBe(true);
  });

  it("keeps the jobs apart: the same minute of another job is its own occurrence", async () => {
    expect(await claim("job-a", "2030-01-15T10:30:00Z", "*/30 * * * *", "availability-check")).toBe(true);
    expect(await claim("job-b", "2030-01-15T10:30:10Z", EVERY_MINUTE, "deliver-email")).toBe(true);
  });

  it("lets exactly one of two jobs asking at once run the occurrence", async () => {
    const results = await Promise.all([claim("job-a", "2030-01-15T09:57:04Z"), claim("job-b", "2030-01-15T09:57:04Z")]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("prunes claims older than 30 days as it makes new ones", async () => {
    await claim("job-old", "2030-01-01T00:00:10Z");
    await claim("job-new", "2030-02-15T00:00:10Z");
    const rows = await handle().query<{ boss_job_id: string }>("select boss_job_id from scheduled_job_claims order by scheduled_for");
    expect(rows.map((row) => row.boss_job_id)).toEqual(["job-new"]);
  });

  it("lets a run go ahead when the schedule is one it cannot read", async () => {
    expect(await claim("job-a", "2030-01-15T09:57:04Z", "61 * * * *")).toBe(true);
    expect(await claim("job-b", "2030-01-15T09:57:34Z", "61 * * * *")).toBe(true);
  });

  it("reads the schedules pg-boss reads, shorthands too: @hourly is claimed once an hour", async () => {
    expect(await claim("job-a", "2030-01-15T09:00:04Z", "@hourly")).toBe(true);
    expect(await claim("job-b", "2030-01-15T09:00:34Z", "@hourly")).toBe(false);
    expect(await claim("job-c", "2030-01-15T10:00:02Z", "@hourly")).toBe(true);
  });
});
