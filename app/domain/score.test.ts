import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { scoreName, SCORE_MODEL_VERSION, type WordList } from "./score";
import { scoreLabel } from "./labels";

// A small stand-in for the Swedish dictionary, so these tests pin the model
// and not the dictionary's contents.
const words: WordList = new Set(["bil", "hund", "sol", "ros", "katt", "mat", "öl", "blåbär", "min", "hem", "sida"]);

describe("scoreName", () => {
  it("is model version 1", () => {
    expect(SCORE_MODEL_VERSION).toBe(1);
  });

  // Exact scores pin the model: if one of these changes on purpose, bump
  // SCORE_MODEL_VERSION so stored scores get recomputed.
  it.each([
    ["bil.se", 95, "Utmärkt"], // short word, letters only, easy to say
    ["hund.se", 95, "Utmärkt"],
    ["öl.se", 100, "Utmärkt"], // capped at 100 with the å/ä/ö bonus
    ["blåbär.se", 96, "Utmärkt"],
    ["solros.se", 84, "Utmärkt"], // sol + ros
    ["kattmat.se", 78, "Mycket bra"], // katt + mat, with a "ttm" cluster
    ["minhemsida.se", 69, "Mycket bra"], // min + hem + sida
    ["hemsida.se", 83, "Utmärkt"], // hem + sida
    ["kalle.se", 68, "Mycket bra"], // not in this word list
    ["bil24.se", 58, "Bra"],
    ["1234.se", 43, "Genomsnittlig"], // digits only: a moderate case of its own
    ["12.se", 43, "Genomsnittlig"],
    ["xqzv.se", 35, "Genomsnittlig"], // short, but no vowel
    ["skrpt.se", 34, "Mindre bra"],
    ["h4-x9q.se", 17, "Mindre bra"],
  ])("%s scores %i (%s)", (name, score, label) => {
    expect(scoreName(name, words)).toBe(score);
    expect(scoreLabel(score)).toBe(label);
  });

  it.each([
    ["hund.se", "h4-x9q.se"],
    ["hund.se", "hundhundhundhund.se"], // shorter is better
    ["bil.se", "bilarna.se"],
    ["bata.se", "batab.se"],
    ["batab.se", "batabatab.se"],
    ["batabatab.se", "batabatabatabatabata.se"],
    ["hund.se", "hu-nd.se"], // hyphens cost
    ["hu-nd.se", "h-u-n-d.se"],
    ["hund.se", "hund1.se"], // digits among letters cost
    ["solros.se", "sol-ros.se"],
    ["katt.se", "ktta.se"], // a word beats a non-word of the same length
    ["solros.se", "slosro.se"],
    ["kalas.se", "ksltr.se"], // alternation beats a consonant cluster
    ["bastu.se", "bstrk.se"],
    ["bära.se", "bara.se"], // å/ä/ö: a small bonus
  ])("%s > %s", (better, worse) => {
    expect(scoreName(better, words)).toBeGreaterThan(scoreName(worse, words));
  });

  it("scores two joined words well, and a single word higher still", () => {
    expect(scoreName("solros.se", words)).toBeGreaterThanOrEqual(80);
    expect(scoreName("solros.se", new Set(["solros"]))).toBeGreaterThan(scoreName("solros.se", words));
    expect(scoreName("solros.se", words)).toBeGreaterThan(scoreName("solros.se"));
  });

  it("gives words no points without a word list", () => {
    expect(scoreName("bil.se")).toBe(70);
    expect(scoreName("bil.se", words)).toBe(95);
    expect(scoreName("bil.se", words)).toBeGreaterThanOrEqual(80);
  });

  it("scores a 40-character hyphenated name low", () => {
    const name = "abcdefghi-jklmnopqr-stuvwxyza-bcdefghijk.se";
    expect([...name.split(".")[0]].length).toBe(40);
    expect(scoreName(name, words)).toBeLessThan(35);
    expect(scoreName("det-har-ar-ett-valdigt-langt-namn-med-ord.se", words)).toBeLessThan(35);
  });

  it.each([
    ["xn--rksmrgs-5wao1o.se", "räksmörgås.se"], // ACE is decoded first
    ["XN--RKSMRGS-5WAO1O.SE", "räksmörgås.se"], // in any case
    ["HUND.SE", "hund.se"],
    ["hund.nu", "hund.se"], // the TLD does not count
    ["hund", "hund.se"],
    ["  hund.se ", "hund.se"],
    ["blåbär.se".normalize("NFD"), "blåbär.se"], // decomposed input is read as NFC
  ])("%s scores as %s", (a, b) => {
    expect(scoreName(a, words)).toBe(scoreName(b, words));
  });

  // Scored by the model before the single-pass rewrite (one loop over code points instead of splitting
  // into runs of characters): combining marks inside a run, letters outside the BMP, hyphens between words.
  it.each([
    ["kb\u0308bbe.se", 40, 40],
    ["b\u0308\u0308b\u0308b.se", 33, 33],
    ["\u{1D49C}\u{1D49C}\u{1D49C}e.se", 51, 51],
    ["sol\u{1D49C}ros.se", 60, 60],
    ["aaa-eee.se", 34, 34],
    ["\u0149.se", 35, 35],
    ["\u01C5a\u01C5a.se", 70, 70],
    ["mat-ros.se", 77, 59],
    ["ab1cdef.se", 55, 55],
    ["xn--bl-bra-5za.se", 38, 38],
  ])("keeps the score of %j (%i with words, %i without)", (name, withWords, withoutWords) => {
    expect(scoreName(name, words)).toBe(withWords);
    expect(scoreName(name)).toBe(withoutWords);
  });

  it.each([[""], [".se"], ["<script>.se"], ["hu nd.se"], ["😀.se"], ["a_b.se"]])("scores %j 0", (name) => {
    expect(scoreName(name, words)).toBe(0);
  });

  it("is always an integer from 0 to 100", () => {
    const word = fc.constantFrom("bil", "hund", "sol", "ros", "öl", "katt");
    const nameLike = fc
      .array(fc.oneof(word, fc.constantFrom("a", "e", "x", "q", "å", "-", "1", "9", "str")), { maxLength: 25 })
      .map((parts) => `${parts.join("")}.se`);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 70 }), nameLike), fc.boolean(), (name, withWords) => {
        const score = scoreName(name, withWords ? words : undefined);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
      }),
      { numRuns: 2000 },
    );
  });
});
