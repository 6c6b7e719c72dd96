import { describe, it, expect } from "vitest";
import { cardCountdownText, daysLeftUntilRelease, detailCountdown } from "./countdown";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Release of 2021-07-06 is at 2021-07-06T04:00:00.000Z.
const RELEASE = "2021-07-06";
const RELEASE_MS = Date.parse("2021-07-06T04:00:00.000Z");
const before = (ms: number) => new Date(RELEASE_MS - ms);

describe("cardCountdownText", () => {
  it.each([
    ["at the release instant", before(0), "Tillgänglig!"],
    ["1 ms after release", before(-1), "Tillgänglig!"],
    ["a week after release", before(-7 * DAY), "Tillgänglig!"],
    ["1 ms before release", before(1), "Mindre än 1 timme kvar"],
    ["59 min 59.999 s left", before(HOUR - 1), "Mindre än 1 timme kvar"],
    ["exactly 1 hour left", before(HOUR), "1 timme kvar"],
    ["1 h 59 min left", before(2 * HOUR - MINUTE), "1 timme kvar"],
    ["exactly 2 hours left", before(2 * HOUR), "2 timmar kvar"],
    ["23 h 59 min left", before(23 * HOUR + 59 * MINUTE), "23 timmar kvar"],
    ["23 h 59 min 59.999 s left", before(DAY - 1), "23 timmar kvar"],
    ["exactly 1 day left", before(DAY), "1 dag kvar"],
    ["1 day 23 h left", before(DAY + 23 * HOUR), "1 dag kvar"],
    ["exactly 2 days left", before(2 * DAY), "2 dagar kvar"],
    ["6 days 23 h left", before(6 * DAY + 23 * HOUR), "6 dagar kvar"],
    ["6 days 23:59:59.999 left", before(7 * DAY - 1), "6 dagar kvar"],
    ["exactly 7 days left", before(7 * DAY), "6 juli 2021"],
    ["30 days left", before(30 * DAY), "6 juli 2021"],
  ])("%s -> %s", (_case, now, expected) => {
    expect(cardCountdownText(RELEASE, now)).toBe(expected);
  });

  // The 04:00 UTC boundary, seen from Stockholm's local midnight and 05:00.
  it.each([
    ["2021-07-06T03:59:59.999Z", "Mindre än 1 timme kvar"],
    ["2021-07-06T04:00:00.000Z", "Tillgänglig!"],
    ["2021-07-05T22:00:00.000Z", "6 timmar kvar"], // midnight in Stockholm (UTC+2)
    ["2021-07-05T04:00:00.000Z", "1 dag kvar"],
    ["2021-07-05T04:00:00.001Z", "23 timmar kvar"],
  ])("at %s -> %s", (now, expected) => {
    expect(cardCountdownText(RELEASE, new Date(now))).toBe(expected);
  });

  // Across Swedish DST switches the count is in real hours to 04:00 UTC: the
  // night the clocks move has 24 hours like any other in UTC.
  it.each([
    ["2026-03-29", "2026-03-28T04:00:00.000Z", "1 dag kvar"],
    ["2026-03-29", "2026-03-28T23:00:00.000Z", "5 timmar kvar"], // 00:00 in Stockholm, clocks go forward at 02:00 CET
    ["2026-03-29", "2026-03-29T03:59:59.999Z", "Mindre än 1 timme kvar"],
    ["2026-03-29", "2026-03-29T04:00:00.000Z", "Tillgänglig!"],
    ["2026-03-29", "2026-03-22T04:00:00.000Z", "29 mars 2026"],
    ["2026-03-29", "2026-03-22T04:00:00.001Z", "6 dagar kvar"],
    ["2026-10-25", "2026-10-24T04:00:00.000Z", "1 dag kvar"],
    ["2026-10-25", "2026-10-24T22:00:00.000Z", "6 timmar kvar"], // 00:00 in Stockholm, clocks go back at 03:00 CEST
    ["2026-10-25", "2026-10-25T03:59:59.999Z", "Mindre än 1 timme kvar"],
    ["2026-10-25", "2026-10-25T04:00:00.000Z", "Tillgänglig!"],
    ["2026-10-25", "2026-10-18T04:00:00.000Z", "25 oktober 2026"],
  ])("%s at %s -> %s", (date, now, expected) => {
    expect(cardCountdownText(date, new Date(now))).toBe(expected);
  });

  it("throws for an invalid release date", () => {
    expect(() => cardCountdownText("2021-02-30", before(0))).toThrow(RangeError);
  });
});

describe("detailCountdown", () => {
  it.each([
    ["at the release instant", before(0), { passed: true, days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 }],
    ["after release", before(-5 * HOUR), { passed: true, days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 }],
    ["1 ms left", before(1), { passed: false, days: 0, hours: 0, minutes: 0, seconds: 1, totalMs: 1 }],
    ["exactly 1 s left", before(SECOND), { passed: false, days: 0, hours: 0, minutes: 0, seconds: 1, totalMs: SECOND }],
    ["1.001 s left", before(SECOND + 1), { passed: false, days: 0, hours: 0, minutes: 0, seconds: 2, totalMs: SECOND + 1 }],
    ["59 s left", before(59 * SECOND), { passed: false, days: 0, hours: 0, minutes: 0, seconds: 59, totalMs: 59 * SECOND }],
    ["60 s left", before(MINUTE), { passed: false, days: 0, hours: 0, minutes: 1, seconds: 0, totalMs: MINUTE }],
    [
      "23:59:59 left",
      before(DAY - SECOND),
      { passed: false, days: 0, hours: 23, minutes: 59, seconds: 59, totalMs: DAY - SECOND },
    ],
    ["exactly 1 day left", before(DAY), { passed: false, days: 1, hours: 0, minutes: 0, seconds: 0, totalMs: DAY }],
    [
      "2 d 3 h 4 min 5 s left",
      before(2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND),
      {
        passed: false,
        days: 2,
        hours: 3,
        minutes: 4,
        seconds: 5,
        totalMs: 2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND,
      },
    ],
    ["40 days left", before(40 * DAY), { passed: false, days: 40, hours: 0, minutes: 0, seconds: 0, totalMs: 40 * DAY }],
  ])("%s", (_case, now, expected) => {
    expect(detailCountdown(RELEASE, now)).toEqual(expected);
  });

  it("counts real time across the autumn DST night", () => {
    // From 00:00 Stockholm summer time (22:00 UTC) to 04:00 UTC is 6 hours.
    expect(detailCountdown("2026-10-25", new Date("2026-10-24T22:00:00.000Z"))).toMatchObject({
      days: 0,
      hours: 6,
      minutes: 0,
      seconds: 0,
    });
  });
});

describe("daysLeftUntilRelease", () => {
  // Whole days of real time to 04:00 UTC, never calendar days: the countdown's days.
  it.each([
    ["released", before(-HOUR), 0],
    ["0 d 8 h left, the evening before", before(8 * HOUR), 0],
    ["23:59:59 left", before(DAY - SECOND), 0],
    ["exactly 1 day left", before(DAY), 1],
    ["5 d 8 h left", before(5 * DAY + 8 * HOUR), 5],
    ["6 days less 1 s", before(6 * DAY - SECOND), 5],
  ])("%s -> %i", (_case, now, expected) => {
    expect(daysLeftUntilRelease(RELEASE, now)).toBe(expected);
    expect(detailCountdown(RELEASE, now).days).toBe(expected);
  });
});
