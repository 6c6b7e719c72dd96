import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keysAtLength, nameSearchKeys, pairCodes } from "./search-keys";

const pair = (text: string) => text.codePointAt(0)! * 256 + [...text][1].codePointAt(0)!;

describe("pairCodes", () => {
  it.each([
    ["hund", ["hu", "un", "nd"]],
    ["hund.se", ["hu", "un", "nd", "d.", ".s", "se"]],
    ["åå", ["åå"]],
    ["aaa", ["aa"]],
    ["a", []],
    ["", []],
  ])("%s", (text, pairs) => {
    expect(pairCodes(text)).toEqual(pairs.map(pair));
  });

  it("gives every character from U+0100 up one code, 0, so rarer letters share keys but are never missed", () => {
    expect(pairCodes("žž")).toEqual([0]);
    expect(pairCodes("aж")).toEqual(["a".codePointAt(0)! * 256]);
    expect(pairCodes("\u{1F600}a")).toEqual(["a".codePointAt(0)!]);
    expect(pairCodes("ÿa")).toEqual([255 * 256 + 97]);
  });
});

describe("nameSearchKeys", () => {
  it("tags each pair of the name with its label length, ascending and once each", () => {
    const keys = nameSearchKeys("hund.se", "hund.se", 4);
    expect(keys).toEqual(keysAtLength(pairCodes("hund.se"), 4).sort((a, b) => a - b));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("adds the pairs of the ACE form for an internationalised name", () => {
    const keys = nameSearchKeys("räk.se", "xn--rk-via.se", 3);
    for (const text of ["räk", "xn--", "rk-v", "a.se"]) {
      for (const key of keysAtLength(pairCodes(text), 3)) expect(keys).toContain(key);
    }
  });

  it("holds every pair of every substring: a name is never missed by its own keys", () => {
    const name = "bil-tvätt24.se";
    const keys = new Set(nameSearchKeys(name, name, 11));
    for (let from = 0; from < name.length; from++) {
      for (let to = from + 2; to <= name.length; to++) {
        for (const key of keysAtLength(pairCodes(name.slice(from, to)), 11)) expect(keys.has(key)).toBe(true);
      }
    }
  });

  it("is the pairs of both forms tagged with the length, ascending and once each, for any text", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "-", ".", "å", "ž", "\u0301", "\u{1F600}", "\ud800"), maxLength: 30 });
    fc.assert(
      fc.property(text, text, fc.integer({ min: 1, max: 63 }), (unicode, ace, length) => {
        const pairs = new Set([...pairCodes(unicode), ...pairCodes(ace)]);
        expect(nameSearchKeys(unicode, ace, length)).toEqual(keysAtLength([...pairs], length).sort((a, b) => a - b));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps names of different lengths apart", () => {
    expect(nameSearchKeys("ab.se", "ab.se", 2)).not.toEqual(expect.arrayContaining(keysAtLength(pairCodes("ab"), 3)));
  });
});
