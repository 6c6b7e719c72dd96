import { describe, expect, it } from "vitest";
import { excelNumber, yesNo } from "./csv-values";

describe("excelNumber", () => {
  it.each([
    [7.9, "7,9"],
    [0.1, "0,1"],
    [-2.5, "-2,5"],
    [1234.5, "1234,5"],
    [33.3, "33,3"],
    [12, "12"],
    [0, "0"],
    [-3, "-3"],
    [1_000_000, "1000000"],
    [1e21, "1000000000000000000000"],
    [1.5e-7, "0,00000015"],
    [-2e-7, "-0,0000002"],
  ])("%s is written %s", (value, text) => {
    expect(excelNumber(value)).toBe(text);
  });

  it("refuses what is not a number", () => {
    expect(() => excelNumber(Number.NaN)).toThrow(RangeError);
    expect(() => excelNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("yesNo", () => {
  it("spells yes and no the one way every CSV does", () => {
    expect(yesNo(true)).toBe("ja");
    expect(yesNo(false)).toBe("nej");
  });
});
