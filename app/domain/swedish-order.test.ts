import { describe, expect, it } from "vitest";
import { compareCodePoints, compareSwedishNames, swedishSortKey } from "./swedish-order";

const sortNames = (names: string[]) =>
  names
    .map((unicodeName) => ({ unicodeName, name: unicodeName }))
    .sort(compareSwedishNames)
    .map((row) => row.unicodeName);

describe("swedishSortKey", () => {
  it.each([
    ["hund.se", "hund se"],
    ["räksmörgås.se", "r|ksm}rg{s se"],
    ["café.nu", "cafe nu"],
    ["über.se", "yber se"],
    ["ærø.se", "|r} se"],
    ["straße.nu", "strasse nu"],
    ["þing.nu", "thing nu"],
    ["bil-24.se", "bil-24 se"],
    ["ŋa.nu", "na nu"],
    // Not in the table: kept as it is, so it sorts after ö by code point.
    ["ž.nu", "z nu"],
    ["ɛ.nu", "ɛ nu"],
    ["", ""],
  ])("%s -> %s", (name, key) => {
    expect(swedishSortKey(name)).toBe(key);
  });
});

describe("Swedish name order", () => {
  it.each<[string, string[]]>([
    ["å, ä, ö after z, in that order", ["ö.se", "ä.se", "å.se", "z.se", "a.se"]],
    ["é with e, ü with y, æ with ä, ø with ö", ["øb.se", "öa.se", "æb.se", "äa.se", "yc.se", "üb.se", "ya.se", "ed.se", "éc.se", "eb.se"]],
    [
      "a name before its longer relatives, hyphen before digits before letters",
      ["bila.se", "bil9.se", "bil10.se", "bil-tvätt.se", "bil.se"],
    ],
    ["the TLD only after the whole label", ["ab.se", "ab.nu", "a-b.se", "a.se"]],
  ])("%s", (_, reversed) => {
    const expected = [...reversed].reverse();
    expect(sortNames(reversed)).toEqual(expected);
    expect(sortNames([...expected].sort())).toEqual(expected);
  });

  it("breaks equal keys by the ACE name, so the order is total", () => {
    const cafe = { unicodeName: "cafe.se", name: "cafe.se" };
    const accented = { unicodeName: "café.se", name: "xn--caf-dma.se" };
    expect(compareSwedishNames(cafe, accented)).toBeLessThan(0);
    expect(compareSwedishNames(accented, cafe)).toBeGreaterThan(0);
    expect(compareSwedishNames(cafe, { ...cafe })).toBe(0);
  });
});

describe("compareCodePoints", () => {
  it.each([
    ["a", "b", -1],
    ["b", "a", 1],
    ["ab", "a", 1],
    ["", "", 0],
    // UTF-16 would put the astral character (a surrogate pair) first; code points, like UTF-8 bytes, put it last.
    ["\u{1F600}", "\uFFFD", 1],
    ["\uE000", "\u{10000}", -1],
  ])("%s vs %s", (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
  });
});
