import { describe, it, expect } from "vitest";
import {
  DOMAIN_STATUSES,
  effectiveStatus,
  isDomainStatus,
  SCORE_THRESHOLDS,
  scoreLabel,
  statusLabel,
  type DomainStatus,
} from "./labels";

describe("statusLabel", () => {
  it.each([
    ["soonavailable", "Snart tillgänglig"],
    ["available", "Tillgänglig"],
    ["registered", "Registrerad"],
    ["renewed", "Förnyad"],
    ["premium", "Premium"],
    ["unlisted", "Ej listad"],
    ["deleted", "Okänd status"],
    ["", "Okänd status"],
    ["Available", "Okänd status"],
    ["toString", "Okänd status"], // not fooled by Object.prototype
  ])("%j -> %s", (status, expected) => {
    expect(statusLabel(status)).toBe(expected);
  });

  it("has a label for every status", () => {
    expect(DOMAIN_STATUSES).toEqual(["soonavailable", "available", "registered", "renewed", "premium", "unlisted"]);
    for (const status of DOMAIN_STATUSES) expect(statusLabel(status)).not.toBe("Okänd status");
  });
});

describe("isDomainStatus", () => {
  it.each([
    ["premium", true],
    ["soonavailable", true],
    ["soon-available", false],
    [null, false],
    [1, false],
  ])("%j -> %s", (value, expected) => {
    expect(isDomainStatus(value)).toBe(expected);
  });
});

describe("effectiveStatus", () => {
  const beforeRelease = new Date("2021-07-06T03:59:59.999Z");
  const atRelease = new Date("2021-07-06T04:00:00.000Z");

  it.each<[DomainStatus, string | Date | null | undefined, Date, DomainStatus]>([
    ["soonavailable", "2021-07-06", beforeRelease, "soonavailable"],
    ["soonavailable", "2021-07-06", atRelease, "available"],
    ["soonavailable", "2021-07-05", beforeRelease, "available"],
    ["soonavailable", "2026-03-29", new Date("2026-03-29T03:59:59.999Z"), "soonavailable"],
    ["soonavailable", "2026-03-29", new Date("2026-03-29T04:00:00.000Z"), "available"],
    ["soonavailable", "2026-10-25", new Date("2026-10-25T04:00:00.000Z"), "available"],
    ["soonavailable", new Date("2021-07-06T00:00:00.000Z"), beforeRelease, "soonavailable"],
    ["soonavailable", new Date("2021-07-06T00:00:00.000Z"), atRelease, "available"],
    ["soonavailable", null, atRelease, "soonavailable"],
    ["soonavailable", undefined, atRelease, "soonavailable"],
    ["soonavailable", "2021-02-30", atRelease, "soonavailable"], // bad data never flips
    ["soonavailable", new Date(Number.NaN), atRelease, "soonavailable"],
    // Only soonavailable changes with time.
    ["registered", "2021-07-05", atRelease, "registered"],
    ["renewed", "2021-07-05", atRelease, "renewed"],
    ["premium", "2021-07-05", atRelease, "premium"],
    ["unlisted", "2021-07-05", atRelease, "unlisted"],
    ["available", "2021-07-07", atRelease, "available"],
  ])("%s, %j at %s -> %s", (status, releaseDate, now, expected) => {
    expect(effectiveStatus(status, releaseDate, now)).toBe(expected);
  });
});

describe("scoreLabel", () => {
  it("exports the thresholds best first", () => {
    expect(SCORE_THRESHOLDS.map((t) => [t.min, t.label])).toEqual([
      [80, "Utmärkt"],
      [65, "Mycket bra"],
      [50, "Bra"],
      [35, "Genomsnittlig"],
    ]);
  });

  it.each([
    [100, "Utmärkt"],
    [80, "Utmärkt"],
    [79, "Mycket bra"],
    [65, "Mycket bra"],
    [64, "Bra"],
    [50, "Bra"],
    [49, "Genomsnittlig"],
    [35, "Genomsnittlig"],
    [34, "Mindre bra"],
    [0, "Mindre bra"],
    [-5, "Mindre bra"],
    [Number.NaN, "Mindre bra"],
  ])("%s -> %s", (score, expected) => {
    expect(scoreLabel(score)).toBe(expected);
  });
});
