import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexWords, MIN_CONTAINED_WORD_LENGTH, WORD_CLASS, wordClassOf } from "./swedish-words";

// A small stand-in for the dictionary, so these tests pin the rule and not the dictionary's contents
// (app/server/scoring/swedish-words.server.test.ts checks real words).
const words = new Set(["hund", "koja", "hundkoja", "sol", "ros", "bil", "räksmörgås", "ek", "en", "öl", "mat", "rosé"]);
const index = indexWords(words);

describe("wordClassOf", () => {
  it.each([
    ["hund.se", WORD_CLASS.isWord],
    ["hundkoja.se", WORD_CLASS.isWord], // a compound the dictionary lists is a word
    ["räksmörgås.se", WORD_CLASS.isWord],
    ["xn--rksmrgs-5wao1o.se", WORD_CLASS.isWord], // the ACE form is read as its Unicode form
    ["RÄKSMÖRGÅS.nu", WORD_CLASS.isWord],
    ["hund-koja.se", WORD_CLASS.isWord], // hyphens are dropped, as the score drops them
    ["ek.se", WORD_CLASS.isWord], // a two-letter word is a word on its own
    ["rosé.nu", WORD_CLASS.isWord],
    ["solros.se", WORD_CLASS.containsWord], // not listed whole here: sol + ros
    ["minhund.se", WORD_CLASS.containsWord],
    ["hundar.se", WORD_CLASS.containsWord],
    ["xqsolzz.se", WORD_CLASS.containsWord], // anywhere in the label
    ["bil24.se", WORD_CLASS.containsWord], // digits around a word
    ["24-bil.nu", WORD_CLASS.containsWord],
    ["xso-l.se", WORD_CLASS.containsWord], // across a hyphen, which is dropped
    ["ekek.se", WORD_CLASS.containsWord], // two two-letter words joined
    ["enekek.se", WORD_CLASS.containsWord], // three
    ["xq7z.se", WORD_CLASS.none],
    ["ekx.se", WORD_CLASS.none], // a two-letter word inside a name does not count
    ["xenx.se", WORD_CLASS.none],
    ["ölöl8.se", WORD_CLASS.none], // joined words are letters only, as the score's
    ["so.se", WORD_CLASS.none],
    ["123.se", WORD_CLASS.none],
  ])("%s is of class %i", (name, wordClass) => {
    expect(wordClassOf(name, index)).toBe(wordClass);
  });

  it("gives the same class as testing every substring against the word list", () => {
    const letters = ["s", "o", "l", "r", "h", "u", "n", "d", "e", "k", "ö", "-", "4", "x"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 14 }), (chosen) => {
        const label = chosen.join("");
        const plain = label.replaceAll("-", "");
        const substrings = [];
        for (let start = 0; start < plain.length; start++) {
          for (let end = start + MIN_CONTAINED_WORD_LENGTH; end <= plain.length; end++) substrings.push(plain.slice(start, end));
        }
        const contains = substrings.some((part) => words.has(part)) || /^(ek|en|öl){2,3}$/.test(plain);
        const expected = words.has(plain) ? WORD_CLASS.isWord : contains ? WORD_CLASS.containsWord : WORD_CLASS.none;
        expect(wordClassOf(`${label}.se`, index)).toBe(expected);
      }),
    );
  });
});
