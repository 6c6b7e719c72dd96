import { describe, expect, it } from "vitest";
import {
  firstRenewableReleaseDate,
  isBeingReleased,
  mayConcludeRenewed,
  mayListAsSoonAvailable,
  occupiedAnswerMeans,
} from "./release-morning";

const at = (iso: string) => new Date(iso);

describe("mayConcludeRenewed: missing from a list means renewed only two days or more ahead", () => {
  it.each([
    // The nightly import at 02:00 UTC: tomorrow's names are 26 h away, the day after's 50 h.
    ["2026-11-25", "2026-11-25T02:00:00Z", false],
    ["2026-11-26", "2026-11-25T02:00:00Z", false],
    ["2026-11-27", "2026-11-25T02:00:00Z", true],
    // An hourly import late in the day: the day after tomorrow is only 29 h away.
    ["2026-11-27", "2026-11-25T23:00:00Z", false],
    ["2026-11-28", "2026-11-25T23:00:00Z", true],
    // Exactly 48 h ahead counts; a millisecond less does not.
    ["2026-11-27", "2026-11-25T04:00:00.000Z", true],
    ["2026-11-27", "2026-11-25T04:00:00.001Z", false],
    // Released already.
    ["2026-11-20", "2026-11-25T02:00:00Z", false],
  ])("release %s at %s -> %s", (releaseDate, now, expected) => {
    expect(mayConcludeRenewed(releaseDate, at(now))).toBe(expected);
  });

  it.each([
    ["2026-11-25T02:00:00.000Z", "2026-11-27"],
    ["2026-11-25T04:00:00.000Z", "2026-11-27"],
    ["2026-11-25T04:00:00.001Z", "2026-11-28"],
    ["2026-11-25T23:00:00.000Z", "2026-11-28"],
  ])("the first renewable release date at %s is %s, and agrees with mayConcludeRenewed", (now, first) => {
    expect(firstRenewableReleaseDate(at(now))).toBe(first);
    expect(mayConcludeRenewed(first, at(now))).toBe(true);
    const dayBefore = new Date(Date.parse(first) - 86_400_000).toISOString().slice(0, 10);
    expect(mayConcludeRenewed(dayBefore, at(now))).toBe(false);
  });
});

describe("mayListAsSoonAvailable: a list never un-releases a name", () => {
  it.each([
    ["2026-11-25", "2026-11-25T03:59:59.999Z", true],
    ["2026-11-25", "2026-11-25T04:00:00.000Z", false],
    ["2026-11-24", "2026-11-25T02:00:00Z", false],
    ["2026-11-26", "2026-11-25T23:00:00Z", true],
  ])("release %s at %s -> %s", (releaseDate, now, expected) => {
    expect(mayListAsSoonAvailable(releaseDate, at(now))).toBe(expected);
  });
});

describe("occupiedAnswerMeans: an occupied answer on the release morning", () => {
  const releaseDate = "2026-11-25";
  it.each([
    // Never seen free: the registry may still hold it until 12:00 UTC.
    [null, "2026-11-25T04:30:00Z", "held"],
    [null, "2026-11-25T11:59:59.999Z", "held"],
    [null, "2026-11-25T12:00:00Z", "registered"],
    [null, "2026-11-26T08:00:00Z", "registered"],
    // Seen free since 04:00: occupied now means somebody registered it.
    ["2026-11-25T04:10:00Z", "2026-11-25T04:40:00Z", "registered"],
    // Seen free only before the release (a stale answer): not proof of release.
    ["2026-11-25T03:00:00Z", "2026-11-25T05:00:00Z", "held"],
  ] as const)("last seen free %s, answered at %s -> %s", (seenFree, now, expected) => {
    expect(occupiedAnswerMeans({ releaseDate, lastSeenFreeAt: seenFree ? at(seenFree) : null, now: at(now) })).toBe(expected);
  });

  it("a name without a release date is registered when occupied", () => {
    expect(occupiedAnswerMeans({ releaseDate: null, lastSeenFreeAt: null, now: at("2026-11-25T05:00:00Z") })).toBe("registered");
  });
});

describe("isBeingReleased: the 'släpps under morgonen' hint", () => {
  it.each([
    ["2026-11-25", null, "2026-11-25T03:59:59Z", false], // not yet released: the countdown shows
    ["2026-11-25", null, "2026-11-25T04:00:00Z", true],
    ["2026-11-25", null, "2026-11-25T11:00:00Z", true],
    ["2026-11-25", "2026-11-25T04:20:00Z", "2026-11-25T05:00:00Z", false], // seen free
    ["2026-11-25", null, "2026-11-25T12:00:00Z", false], // the morning is over
    ["2026-11-24", null, "2026-11-25T05:00:00Z", false], // released yesterday
    [null, null, "2026-11-25T05:00:00Z", false],
  ] as const)("release %s, seen free %s, at %s -> %s", (releaseDate, seenFree, now, expected) => {
    expect(isBeingReleased(releaseDate, seenFree ? at(seenFree) : null, at(now))).toBe(expected);
  });
});
