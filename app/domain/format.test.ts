import { afterEach, describe, it, expect, vi } from "vitest";
import {
  countNounSv,
  formatDateSv,
  formatLongDateSv,
  formatNumberSv,
  formatPercentSv,
  formatPriceSek,
  formatStockholmDateTimeSv,
  formatUtcAndSwedishTimeSv,
  formatWaitSv,
  premiumPriceText,
} from "./format";

// sv-SE output uses non-breaking spaces and U+2212 for minus; compare on the
// plain characters so the tables stay readable.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ").replace(/\u2212/g, "-");

describe("formatDateSv", () => {
  it.each([
    ["2021-07-06", "2021-07-06"],
    ["2021-01-01", "2021-01-01"],
    [new Date("2021-07-06T04:00:00.000Z"), "2021-07-06"],
    [new Date("2021-07-06T23:59:59.999Z"), "2021-07-06"],
    [new Date("2021-07-06T00:00:00.000Z"), "2021-07-06"],
    ["2021-07-06T23:30:00.000Z", "2021-07-06"],
  ])("%j -> %s", (input, expected) => {
    expect(formatDateSv(input)).toBe(expected);
  });

  it.each([["2021-02-30"], ["nonsense"], [new Date(Number.NaN)]])("throws for %j", (input) => {
    expect(() => formatDateSv(input)).toThrow(RangeError);
  });
});

describe("formatLongDateSv", () => {
  it.each([
    ["2021-07-06", "6 juli 2021"],
    ["2021-01-01", "1 januari 2021"],
    ["2021-02-15", "15 februari 2021"],
    ["2021-03-09", "9 mars 2021"],
    ["2021-05-31", "31 maj 2021"],
    ["2021-08-10", "10 augusti 2021"],
    ["2021-12-24", "24 december 2021"],
    ["2026-10-25", "25 oktober 2026"],
    [new Date("2021-07-06T04:00:00.000Z"), "6 juli 2021"],
  ])("%j -> %s", (input, expected) => {
    expect(formatLongDateSv(input)).toBe(expected);
  });
});

describe("formatting does not depend on the machine's time zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
    vi.resetModules();
  });

  // Node re-reads TZ when it is assigned. The module is loaded afresh under
  // each zone because its formatters are built at load time; with local-time
  // formatting they would show 5 juli in Los Angeles and 7 juli in
  // Kiritimati (UTC+14) for these instants.
  it.each([["America/Los_Angeles"], ["Pacific/Kiritimati"], ["Europe/Stockholm"]])("in %s", async (tz) => {
    process.env.TZ = tz;
    vi.resetModules();
    const format = await import("./format");
    expect(format.formatDateSv("2021-07-06")).toBe("2021-07-06");
    expect(format.formatLongDateSv("2021-07-06")).toBe("6 juli 2021");
    expect(format.formatLongDateSv(new Date("2021-07-06T23:30:00.000Z"))).toBe("6 juli 2021");
    expect(format.formatDateSv(new Date("2021-07-06T00:30:00.000Z"))).toBe("2021-07-06");
  });
});

describe("formatPriceSek", () => {
  it.each([
    [25000, "25 000 kr"],
    [1500000, "1 500 000 kr"],
    [999, "999 kr"],
    [0, "0 kr"],
    [99.5, "99,50 kr"],
    [1234.56, "1 234,56 kr"],
    [null, ""],
    [Number.NaN, ""],
    [Number.POSITIVE_INFINITY, ""],
  ])("%s -> %j", (price, expected) => {
    expect(plain(formatPriceSek(price))).toBe(expected);
  });

  it("uses the same non-breaking spaces as Intl, so a price never wraps", () => {
    expect(formatPriceSek(25000)).toBe(
      new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 }).format(25000),
    );
    expect(formatPriceSek(25000)).not.toContain(" ");
  });
});

describe("premiumPriceText", () => {
  it.each([
    [25000, "25 000 kr"],
    [0, "0 kr"],
    [null, "Pris på förfrågan"],
    [Number.NaN, "Pris på förfrågan"],
  ])("%s -> %j", (price, expected) => {
    expect(plain(premiumPriceText(price))).toBe(expected);
  });
});

describe("formatNumberSv", () => {
  it.each([
    [0, "0"],
    [42, "42"],
    [1234, "1 234"],
    [1234567.5, "1 234 567,5"],
    [-5, "-5"],
  ])("%s -> %s", (n, expected) => {
    expect(plain(formatNumberSv(n))).toBe(expected);
  });
});

describe("formatWaitSv", () => {
  it.each([
    [0, "1 sekund"],
    [0.2, "1 sekund"],
    [1, "1 sekund"],
    [30, "30 sekunder"],
    [59, "59 sekunder"],
    [60, "1 minut"],
    [61, "2 minuter"],
    [240, "4 minuter"],
    [3540, "59 minuter"],
    [3541, "1 timme"],
    [3600, "1 timme"],
    [3601, "2 timmar"],
  ])("%s s -> %s", (seconds, expected) => {
    expect(formatWaitSv(seconds)).toBe(expected);
  });
});

describe("formatStockholmDateTimeSv", () => {
  it.each([
    // Winter: UTC+1; summer: UTC+2; a moment late in the UTC day is the next day in Stockholm.
    ["2026-11-26T10:31:00Z", "26 november 2026 kl. 11:31"],
    ["2026-07-01T04:05:00Z", "1 juli 2026 kl. 06:05"],
    ["2026-03-28T23:30:00Z", "29 mars 2026 kl. 00:30"],
    [new Date("2026-01-05T00:00:00Z"), "5 januari 2026 kl. 01:00"],
  ])("%j -> %s", (input, expected) => {
    expect(formatStockholmDateTimeSv(input)).toBe(expected);
  });

  it("throws for a moment that is not one", () => {
    expect(() => formatStockholmDateTimeSv("nonsense")).toThrow(RangeError);
  });
});

describe("formatPercentSv", () => {
  it.each([
    [0, "0 %"],
    [0.344, "34 %"],
    [0.345, "35 %"],
    [1, "100 %"],
  ])("%s -> %s", (share, expected) => {
    expect(plain(formatPercentSv(share))).toBe(expected);
  });
});

describe("countNounSv", () => {
  const mornings = { one: "morgon", many: "morgnar" };
  it.each([
    [0, "inga morgnar"],
    [1, "1 morgon"],
    [2, "2 morgnar"],
    [12, "12 morgnar"],
    [1234, "1 234 morgnar"],
  ])("%i -> %s", (n, expected) => {
    expect(plain(countNounSv(n, mornings))).toBe(expected);
  });

  it("says none in the caller's words", () => {
    expect(countNounSv(0, { one: "dag", many: "dagar", none: "mindre än en dag" })).toBe("mindre än en dag");
    expect(countNounSv(1, { one: "dag", many: "dagar", none: "mindre än en dag" })).toBe("1 dag");
  });
});

describe("formatUtcAndSwedishTimeSv", () => {
  it.each([
    // Summer time: two hours ahead of UTC; winter time: one.
    ["2030-04-01T04:37:00.000Z", "04:37 UTC (06:37 svensk tid)"],
    ["2030-01-15T04:00:00.000Z", "04:00 UTC (05:00 svensk tid)"],
    // Past midnight in Sweden, still the day before in UTC.
    [new Date("2030-01-15T23:30:00.000Z"), "23:30 UTC (00:30 svensk tid)"],
  ])("%j -> %s", (moment, expected) => {
    expect(formatUtcAndSwedishTimeSv(moment)).toBe(expected);
  });
});
