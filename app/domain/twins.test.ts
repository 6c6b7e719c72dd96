import { describe, expect, it } from "vitest";
import { foldedLettersOf, foldTwinLabel, plainTwinsOf, TWIN_LETTERS } from "./twins";

describe("foldTwinLabel", () => {
  it.each([
    ["räksmörgås", "raksmorgas"],
    ["hund", "hund"],
    ["café", "cafe"],
    ["müller", "muller"],
    // Nordic letters without a decomposition, by the table.
    ["smørrebrød", "smorrebrod"],
    ["græs", "graes"],
    ["guðrún", "gudrun"],
    ["þing", "thing"],
    ["straße", "strasse"],
    ["œuvre", "oeuvre"],
    // Sami and Finnish: decomposed (č, š, ž, á) or by the table (đ, ŋ, ŧ, ʒ, ǥ); ǯ decomposes to ʒ, then z.
    ["čáhci", "cahci"],
    ["đuoŋŋa", "duonna"],
    ["ŧ-ǥ-ʒ-ǯ", "t-g-z-z"],
    ["łódź", "lodz"],
    // Digits and hyphens stay; a letter of another script (Yiddish in Hebrew letters) stays.
    ["år-2026", "ar-2026"],
    ["שלום", "שלום"],
  ])("%s → %s", (label, folded) => {
    expect(foldTwinLabel(label)).toBe(folded);
  });

  it("folds a decomposed spelling as its composed one", () => {
    expect(foldTwinLabel("a\u030arsta")).toBe(foldTwinLabel("årsta"));
  });

  it("every letter of the table folds to plain letters a–z", () => {
    for (const [letter, base] of Object.entries(TWIN_LETTERS)) {
      expect(foldTwinLabel(letter)).toBe(base);
      expect(base).toMatch(/^[a-z]+$/);
    }
  });
});

describe("foldedLettersOf", () => {
  it("the letters the fold changes, each once, in order", () => {
    expect(foldedLettersOf("räksmörgås")).toEqual(["ä", "ö", "å"]);
    expect(foldedLettersOf("åå-æ")).toEqual(["å", "æ"]);
    expect(foldedLettersOf("hund")).toEqual([]);
  });
});

describe("plainTwinsOf", () => {
  it("a name with accented letters has its plain form in both TLDs", () => {
    expect(plainTwinsOf("räksmörgås")).toEqual([
      { ace: "raksmorgas.se", unicode: "raksmorgas.se", tld: ".se" },
      { ace: "raksmorgas.nu", unicode: "raksmorgas.nu", tld: ".nu" },
    ]);
  });

  it("none for a plain name, nor for a fold that keeps another script's letters", () => {
    expect(plainTwinsOf("hund")).toEqual([]);
    expect(plainTwinsOf("שלום")).toEqual([]);
  });

  it("none when the folded label is no valid name (too long once æ is ae)", () => {
    expect(plainTwinsOf("æ".repeat(40))).toEqual([]);
  });
});
