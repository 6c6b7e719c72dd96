import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { latestCronRun, nextCronRun } from "./cron-runs.server";

const at = (iso: string) => new Date(iso);

describe("nextCronRun", () => {
  it.each([
    ["0 6 * * *", "2030-01-15T05:59:30Z", "2030-01-15T06:00:00.000Z"],
    ["0 6 * * *", "2030-01-15T06:00:00Z", "2030-01-16T06:00:00.000Z"],
    ["0 2 * * *", "2030-12-31T23:00:00Z", "2031-01-01T02:00:00.000Z"],
    ["*/30 * * * *", "2030-01-15T10:29:59Z", "2030-01-15T10:30:00.000Z"],
    ["*/30 * * * *", "2030-01-15T10:30:00Z", "2030-01-15T11:00:00.000Z"],
    ["*/30 * * * *", "2030-01-15T23:45:00Z", "2030-01-16T00:00:00.000Z"],
    ["15 3 * * 1", "2030-01-15T12:00:00Z", "2030-01-21T03:15:00.000Z"],
    ["0 0 29 2 *", "2030-03-01T00:00:00Z", "2032-02-29T00:00:00.000Z"],
    ["5,35 8-9 * * *", "2030-01-15T08:36:00Z", "2030-01-15T09:05:00.000Z"],
    ["0 12 * * 7", "2030-01-15T00:00:00Z", "2030-01-20T12:00:00.000Z"],
  ])("%s after %s is %s", (cron, from, expected) => {
    expect(nextCronRun(cron, at(from))?.toISOString()).toBe(expected);
  });

  it.each(["", " ", "61 * * * *", "* 24 * * *", "a b c d e", "*/0 * * * *"])("cannot read %j", (cron) => {
    expect(nextCronRun(cron, at("2030-01-15T00:00:00Z"))).toBeNull();
  });
});

describe("latestCronRun", () => {
  it.each([
    ["* * * * *", "2030-01-15T09:57:34.333Z", "2030-01-15T09:57:00.000Z"],
    ["* * * * *", "2030-01-15T09:57:00Z", "2030-01-15T09:57:00.000Z"],
    ["0 6 * * *", "2030-01-15T05:59:30Z", "2030-01-14T06:00:00.000Z"],
    ["0 6 * * *", "2030-01-15T06:00:59Z", "2030-01-15T06:00:00.000Z"],
    ["0 2 * * *", "2031-01-01T01:00:00Z", "2030-12-31T02:00:00.000Z"],
    // The release update's two daily occurrences are claimed apart.
    ["0 4,6 * * *", "2030-01-15T05:59:00Z", "2030-01-15T04:00:00.000Z"],
    ["0 4,6 * * *", "2030-01-15T06:00:30Z", "2030-01-15T06:00:00.000Z"],
    ["*/30 * * * *", "2030-01-16T00:29:00Z", "2030-01-16T00:00:00.000Z"],
    ["*/30 * * * *", "2030-01-16T00:00:00Z", "2030-01-16T00:00:00.000Z"],
    ["15 3 * * 1", "2030-01-20T12:00:00Z", "2030-01-14T03:15:00.000Z"],
    ["0 0 29 2 *", "2031-03-01T00:00:00Z", "2028-02-29T00:00:00.000Z"],
    ["5,35 8-9 * * *", "2030-01-15T09:04:00Z", "2030-01-15T08:35:00.000Z"],
  ])("%s at %s is %s", (cron, at, expected) => {
    expect(latestCronRun(cron, new Date(at))?.toISOString()).toBe(expected);
  });

  it("is the occurrence the next run after it comes later than the moment asked about", () => {
    const cron = fc.constantFrom("* * * * *", "*/30 * * * *", "0 4 * * *", "15 3 * * 1", "5,35 8-9 * * *", "0 0 1 * *", "0 12 13 * 5");
    const moment = fc.date({ min: new Date("2029-01-01T00:00:00Z"), max: new Date("2033-01-01T00:00:00Z"), noInvalidDate: true });
    fc.assert(
      fc.property(cron, moment, (expression, at) => {
        const latest = latestCronRun(expression, at)!;
        expect(latest.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(nextCronRun(expression, new Date(latest.getTime() - 60_000))?.getTime()).toBe(latest.getTime());
        expect(nextCronRun(expression, latest)!.getTime()).toBeGreaterThan(at.getTime());
      }),
      { numRuns: 500 },
    );
  });

  it("cannot read an expression nextCronRun cannot read", () => {
    expect(latestCronRun("61 * * * *", new Date("2030-01-15T00:00:00Z"))).toBeNull();
  });
});
