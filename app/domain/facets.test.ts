import { describe, expect, it } from "vitest";
import { answeredByGroups, type FacetGroup, facetCountsFromGroups } from "./facets";
import { NO_FILTERS } from "./public-filters";
import { nameCharBits } from "./name-chars";

const letters = nameCharBits("hund.se", "hund.se");
const withDigits = nameCharBits("hund24.se", "hund24.se");
const groups: FacetGroup[] = [
  { tld: ".se", length: 4, nameChars: letters, releaseDate: "2030-01-04", n: 10 },
  { tld: ".nu", length: 4, nameChars: letters, releaseDate: "2030-01-05", n: 5 },
  { tld: ".se", length: 6, nameChars: withDigits, releaseDate: "2030-01-20", n: 7 },
];
const now = new Date("2030-01-04T10:00:00Z");

describe("facet counts from groups", () => {
  it("count each choice with the other filters as they are", () => {
    const counts = facetCountsFromGroups(groups, { ...NO_FILTERS, tlds: [".se"] }, "soon", now);
    expect(counts.tlds).toEqual({ ".se": { count: 17, more: false }, ".nu": { count: 5, more: false } });
    // Length presets ≤ 3, 4, 5, 6–8, among .se names (the TLD chosen stays).
    expect(counts.lengths.map((count) => count.count)).toEqual([0, 10, 0, 7]);
    expect(counts.characters.nodigits.count).toBe(10);
    expect(counts.characters.digits.count).toBe(0);
    expect(counts.release?.idag.count).toBe(10);
    expect(counts.release?.["30d"].count).toBe(17);
    expect(facetCountsFromGroups(groups, NO_FILTERS, "available", now).release).toBeNull();
  });

  it("say every count is a lower bound when the groups hold only the first names found", () => {
    const counts = facetCountsFromGroups(groups, NO_FILTERS, "other", now, true);
    expect(counts.tlds[".se"]).toEqual({ count: 17, more: true });
  });

  it("are answered by the kept totals only when no text or quality filter is set", () => {
    expect(answeredByGroups({ ...NO_FILTERS, tlds: [".nu"], lengthMin: 4, characters: ["idn"], release: "vecka", releasedSince: "2030-01-01" })).toBe(true);
    for (const filter of [{ contains: "bil" }, { startsWith: "b" }, { endsWith: "n" }, { notContains: "x" }, { words: "ar" as const }, { minScore: 50 }]) {
      expect(answeredByGroups({ ...NO_FILTERS, ...filter }), JSON.stringify(filter)).toBe(false);
    }
  });
});
