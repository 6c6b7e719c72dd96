import { describe, it, expect } from "vitest";
import { addDays, isValidIsoDate, todayUtc } from "./utc-dates";

describe("isValidIsoDate", () => {
  it.each([
    ["2021-07-06", true],
    ["2024-02-29", true], // leap year
    ["2000-02-29", true], // divisible by 400
    ["2021-12-31", true],
    ["2021-01-01", true],
    ["1000-01-01", true],
    ["9999-12-31", true],
    ["2021-02-29", false],
    ["1900-02-29", false], // divisible by 100, not 400
    ["2021-02-30", false],
    ["2021-04-31", false],
    ["2021-13-01", false],
    ["2021-00-10", false],
    ["2021-01-00", false],
    ["2021-01-32", false],
    ["2021-7-6", false],
    ["21-07-06", false],
    ["0999-12-31", false],
    ["2021-07-06T04:00:00Z", false],
    [" 2021-07-06", false],
    ["2021/07/06", false],
    ["", false],
    ["not a date", false],
  ])("%j -> %s", (s, expected) => {
    expect(isValidIsoDate(s)).toBe(expected);
  });
});

describe("addDays", () => {
  it.each([
    ["2021-07-06", 0, "2021-07-06"],
    ["2021-07-06", 1, "2021-07-07"],
    ["2021-07-06", -1, "2021-07-05"],
    ["2021-07-31", 1, "2021-08-01"],
    ["2021-12-31", 1, "2022-01-01"],
    ["2022-01-01", -1, "2021-12-31"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2023-02-28", 1, "2023-03-01"],
    ["2021-04-20", 77, "2021-07-06"], // expiry to release in DOMAIN.md's example
    ["2026-03-28", 1, "2026-03-29"], // a 23-hour day in Stockholm is still one day
    ["2026-10-25", 1, "2026-10-26"], // a 25-hour day in Stockholm is still one day
  ])("%s + %i -> %s", (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });

  it("throws for an invalid date", () => {
    expect(() => addDays("2021-02-30", 1)).toThrow(RangeError);
  });

  it("throws for a fractional number of days", () => {
    expect(() => addDays("2021-07-06", 1.5)).toThrow(RangeError);
  });
});

describe("todayUtc", () => {
  it.each([
    ["2021-07-06T00:00:00.000Z", "2021-07-06"],
    ["2021-07-06T23:59:59.999Z", "2021-07-06"],
    // 00:30 in Stockholm on the 7th is still the 6th in UTC.
    ["2021-07-06T22:30:00.000+00:00", "2021-07-06"],
    ["2021-07-07T00:30:00.000+02:00", "2021-07-06"],
  ])("%s -> %s", (now, expected) => {
    expect(todayUtc(new Date(now))).toBe(expected);
  });
});
