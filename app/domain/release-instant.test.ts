import { describe, it, expect } from "vitest";
import { isReleased, lastReleasedDate, nextReleaseInstant, releaseInstant, RELEASE_HOUR_UTC } from "./release-instant";

const at = (iso: string) => new Date(iso);

describe("releaseInstant", () => {
  it("is 04:00 UTC on the release date", () => {
    expect(RELEASE_HOUR_UTC).toBe(4);
    expect(releaseInstant("2021-07-06").toISOString()).toBe("2021-07-06T04:00:00.000Z");
  });

  // Swedish DST starts 2026-03-29 and ends 2026-10-25; the rule is in UTC, so
  // the instant stays at 04:00 UTC on both days and those around them.
  it.each([
    ["2026-03-28", "2026-03-28T04:00:00.000Z"],
    ["2026-03-29", "2026-03-29T04:00:00.000Z"],
    ["2026-03-30", "2026-03-30T04:00:00.000Z"],
    ["2026-10-24", "2026-10-24T04:00:00.000Z"],
    ["2026-10-25", "2026-10-25T04:00:00.000Z"],
    ["2026-10-26", "2026-10-26T04:00:00.000Z"],
    ["2024-02-29", "2024-02-29T04:00:00.000Z"],
    ["2021-12-31", "2021-12-31T04:00:00.000Z"],
  ])("%s -> %s", (date, expected) => {
    expect(releaseInstant(date).toISOString()).toBe(expected);
  });

  it.each([["2021-02-30"], ["2021-7-6"], [""], ["2021-07-06T00:00:00Z"]])("throws a RangeError for %j", (date) => {
    expect(() => releaseInstant(date)).toThrow(RangeError);
  });
});

describe("isReleased", () => {
  it.each([
    ["2021-07-06", "2021-07-06T03:59:59.999Z", false],
    ["2021-07-06", "2021-07-06T04:00:00.000Z", true],
    ["2021-07-06", "2021-07-06T04:00:00.001Z", true],
    ["2021-07-06", "2021-07-05T23:59:59.999Z", false],
    ["2021-07-06", "2021-07-06T00:00:00.000Z", false],
    ["2021-07-06", "2021-07-07T00:00:00.000Z", true],
    ["2021-07-06", "2020-01-01T00:00:00.000Z", false],
    // DST switch days: still exactly 04:00 UTC (06:00 and 05:00 in Stockholm).
    ["2026-03-29", "2026-03-29T03:59:59.999Z", false],
    ["2026-03-29", "2026-03-29T04:00:00.000Z", true],
    ["2026-10-25", "2026-10-25T03:59:59.999Z", false],
    ["2026-10-25", "2026-10-25T04:00:00.000Z", true],
  ])("%s at %s -> %s", (date, now, expected) => {
    expect(isReleased(date, new Date(now))).toBe(expected);
  });
});

describe("lastReleasedDate and nextReleaseInstant", () => {
  it.each([
    ["2026-11-25T03:59:59.999Z", "2026-11-24", "2026-11-25T04:00:00.000Z"],
    ["2026-11-25T04:00:00.000Z", "2026-11-25", "2026-11-26T04:00:00.000Z"],
    ["2026-11-25T23:59:59.999Z", "2026-11-25", "2026-11-26T04:00:00.000Z"],
    ["2026-12-31T05:00:00.000Z", "2026-12-31", "2027-01-01T04:00:00.000Z"],
  ])("at %s: released through %s, next release %s", (now, last, next) => {
    expect(lastReleasedDate(at(now))).toBe(last);
    expect(nextReleaseInstant(at(now)).toISOString()).toBe(next);
  });
});
