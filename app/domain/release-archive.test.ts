import { describe, expect, it } from "vitest";
import { archiveVerdict, parseArchiveDay, parseArchiveView, archiveViewEntries, type ArchiveFacts } from "./release-archive";

const T = (time: string) => Date.parse(`2030-02-14T${time}Z`);
const NONE: ArchiveFacts = {
  takenAt: null,
  takenByZone: false,
  zoneSeenAt: null,
  zoneSeenIsBaseline: false,
  firstFreeAt: null,
  lastFreeAt: null,
};

describe("archiveVerdict", () => {
  it.each([
    ["never checked", NONE, { outcome: "unchecked" }],
    ["seen free", { ...NONE, firstFreeAt: T("04:10:00"), lastFreeAt: T("09:00:00") }, { outcome: "free", lastFreeAt: T("09:00:00") }],
    ["taken by the check", { ...NONE, takenAt: T("04:30:00") }, { outcome: "taken", at: T("04:30:00"), source: "check" }],
    [
      "the check before the zone",
      { ...NONE, takenAt: T("04:30:00"), zoneSeenAt: T("12:00:00") },
      { outcome: "taken", at: T("04:30:00"), source: "check" },
    ],
    [
      "the zone before the check",
      { ...NONE, takenAt: T("12:10:00"), zoneSeenAt: T("12:00:00") },
      { outcome: "taken", at: T("12:00:00"), source: "zone" },
    ],
    [
      "a taken time the zone wrote, after the last free answer",
      { ...NONE, takenAt: T("12:05:00"), takenByZone: true, zoneSeenAt: T("12:00:00") },
      { outcome: "taken", at: T("12:05:00"), source: "zone" },
    ],
    ["only in the zone", { ...NONE, zoneSeenAt: T("12:00:00") }, { outcome: "taken", at: T("12:00:00"), source: "zone" }],
    [
      "only in the first snapshot",
      { ...NONE, zoneSeenAt: T("18:00:00"), zoneSeenIsBaseline: true },
      { outcome: "taken", at: T("18:00:00"), source: "zone-baseline" },
    ],
  ] as const)("%s", (_, facts, verdict) => {
    expect(archiveVerdict(facts)).toEqual(verdict);
  });
});

describe("parseArchiveDay", () => {
  const now = new Date("2030-02-14T03:59:00Z");
  it.each([
    ["2030-02-13", { ok: true, date: "2030-02-13" }],
    ["2030-02-14", { ok: false, reason: "future" }],
    ["2030-03-01", { ok: false, reason: "future" }],
    ["2030-02-30", { ok: false, reason: "invalid" }],
    ["igår", { ok: false, reason: "invalid" }],
    [undefined, { ok: false, reason: "invalid" }],
  ] as const)("%s", (value, day) => {
    expect(parseArchiveDay(value, now)).toEqual(day);
  });
  it("counts today once 04:00 UTC has passed", () => {
    expect(parseArchiveDay("2030-02-14", new Date("2030-02-14T04:00:00Z"))).toEqual({ ok: true, date: "2030-02-14" });
  });
});

describe("the day's view in its address", () => {
  it("keeps known values in a fixed order and drops the default order and unknown values", () => {
    const view = parseArchiveView(new URLSearchParams("sort=tagen&utfall=fri&tld=nu&q=bil&min=9&max=3"));
    expect(archiveViewEntries(view)).toEqual([
      ["q", "bil"],
      ["tld", "nu"],
      ["min", "3"],
      ["max", "9"],
      ["utfall", "fri"],
      ["sort", "tagen"],
    ]);
    expect(archiveViewEntries(parseArchiveView(new URLSearchParams("sort=namn&utfall=kanske&slapps=idag")))).toEqual([]);
  });
});
