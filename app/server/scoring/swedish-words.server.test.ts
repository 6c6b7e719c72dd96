import { describe, it, expect } from "vitest";
import { scoreName } from "~/domain/score";
import { WORD_CLASS, wordClassOf } from "~/domain/swedish-words";
import { loadSwedishWordIndex, loadSwedishWords, readStems } from "./swedish-words.server";

describe("loadSwedishWords", () => {
  it.each([["hund"], ["bil"], ["sol"], ["solros"], ["katt"], ["sommar"], ["räksmörgås"], ["blåbär"], ["öl"]])(
    "knows %s",
    (word) => {
      expect(loadSwedishWords().has(word)).toBe(true);
    },
  );

  it.each([
    ["xqzv"],
    ["hundxq"],
    ["mjölchoklad"], // listed as a forbidden misspelling (flag %)
    ["brick"], // only allowed inside compounds (flag Z)
    ["a"], // single letters are not words for scoring
    ["hund/adgxy"],
    [""],
  ])("does not know %j", (word) => {
    expect(loadSwedishWords().has(word)).toBe(false);
  });

  it("holds the dictionary's stems, lower-cased", () => {
    const words = loadSwedishWords();
    expect(words.size).toBeGreaterThan(140_000);
    expect(words.has("stockholm")).toBe(true); // "Stockholm" in the dictionary
    expect(words.has("Stockholm")).toBe(false);
  });

  it("loads once and then comes from the cache", () => {
    const first = loadSwedishWords();
    const started = performance.now();
    expect(loadSwedishWords()).toBe(first);
    expect(performance.now() - started).toBeLessThan(5);
  });

  it("feeds the score: dictionary words score well", () => {
    const words = loadSwedishWords();
    expect(scoreName("bil.se", words)).toBeGreaterThanOrEqual(80);
    expect(scoreName("solros.se", words)).toBeGreaterThanOrEqual(80);
    expect(scoreName("hund.se", words)).toBeGreaterThan(scoreName("h4-x9q.se", words));
  });
});

describe("loadSwedishWordIndex", () => {
  it.each([
    ["hund.se", WORD_CLASS.isWord],
    ["räksmörgås.se", WORD_CLASS.isWord],
    ["xn--rksmrgs-5wao1o.se", WORD_CLASS.isWord],
    ["hund-koja.nu", WORD_CLASS.isWord], // "hundkoja", a listed compound
    ["solros.se", WORD_CLASS.isWord],
    ["bilhund.se", WORD_CLASS.containsWord], // not listed, but holds "bil" and "hund"
    ["hundar.se", WORD_CLASS.containsWord], // inflections are not stems, but hold one
    ["blåbärsskogen.nu", WORD_CLASS.containsWord],
    ["bil24.se", WORD_CLASS.containsWord],
    ["qxz-bil.nu", WORD_CLASS.containsWord],
    ["xq7z.se", WORD_CLASS.none],
    ["zzz.se", WORD_CLASS.none],
  ])("gives %s the class %i with the real dictionary", (name, wordClass) => {
    expect(wordClassOf(name, loadSwedishWordIndex())).toBe(wordClass);
  });

  it("is prepared once per process", () => {
    expect(loadSwedishWordIndex()).toBe(loadSwedishWordIndex());
    expect(loadSwedishWordIndex().words).toBe(loadSwedishWords());
  });
});

describe("readStems", () => {
  it("reads stems before the slash and skips the count line and non-words", () => {
    const dic = [
      "9",
      "hund/ADGXY",
      "Bil/A",
      "sol",
      "rosé/AEHX",
      "mjölchoklad/%ADH",
      "brick/XZ",
      "ad hoc",
      "1080p",
      "x/A",
      "aha-upplevelse/AEI",
      "  katt/ADG  ",
      "",
    ].join("\n");
    expect([...readStems(dic)].sort()).toEqual(["bil", "hund", "katt", "rosé", "sol"]);
  });

  it("does not treat the count line as a word", () => {
    expect(readStems("hund\nbil").has("hund")).toBe(false);
  });
});

it("loads the full dictionary well under a second", async () => {
  const { readFileSync } = await import("node:fs");
  const { createRequire } = await import("node:module");
  const { dirname, join } = await import("node:path");
  const dic = readFileSync(join(dirname(createRequire(import.meta.url).resolve("dictionary-sv")), "index.dic"), "utf8");
  const started = performance.now();
  readStems(dic);
  expect(performance.now() - started).toBeLessThan(1000);
});
