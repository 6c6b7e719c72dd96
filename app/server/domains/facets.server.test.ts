import { expect, it } from "vitest";
import type { FacetCounts } from "~/domain/facets";
import {
  CHARACTER_FILTERS,
  filterScopeOf,
  filtersFor,
  LENGTH_PRESETS,
  NO_FILTERS,
  type PublicFilters,
  type PublicList,
  RELEASE_PRESETS,
} from "~/domain/public-filters";
import { seededRandom } from "~/domain/seeded-random";
import { randomDomainSet } from "~tests/factories/admin-list-reference";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { countListFacets } from "./facets.server";
import { countListView } from "./lists.server";

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];

/** Filter sets that take each way to the counts: the kept totals (no text or quality filter) and the names themselves. */
function randomFacetFilters(random: () => number): PublicFilters {
  const maybe = <T>(value: () => T): T | null => (random() < 0.3 ? value() : null);
  return {
    ...NO_FILTERS,
    tlds: random() < 0.3 ? [pick([".se", ".nu"] as const, random)] : [],
    lengthMin: maybe(() => 1 + Math.floor(random() * 6)),
    lengthMax: maybe(() => 4 + Math.floor(random() * 8)),
    characters: CHARACTER_FILTERS.map((filter) => filter.value).filter(() => random() < 0.15),
    contains: random() < 0.2 ? pick(["ab", "bil", "se", "xn"], random) : null,
    notContains: random() < 0.15 ? pick(["a", "-"], random) : null,
    words: random() < 0.15 ? pick(["ar", "innehaller"] as const, random) : null,
    minScore: random() < 0.15 ? 35 : null,
    release: maybe(() => pick(RELEASE_PRESETS, random).value),
    releaseFrom: maybe(() => `2030-01-0${1 + Math.floor(random() * 5)}`),
    releasedSince: maybe(() => `2030-01-0${1 + Math.floor(random() * 9)}`),
  };
}

/** Each choice's count as the list itself counts the view with that choice made. */
async function countedOneByOne(
  count: (filters: PublicFilters) => Promise<number>,
  list: PublicList,
  filters: PublicFilters,
): Promise<Omit<FacetCounts, "tlds" | "characters" | "release"> & { tlds: number[]; characters: number[]; release: number[] | null }> {
  const scoped = filtersFor(filterScopeOf(list), filters);
  const each = (choices: Partial<PublicFilters>[]) => Promise.all(choices.map((choice) => count({ ...scoped, ...choice })));
  return {
    tlds: await each([{ tlds: [".se"] }, { tlds: [".nu"] }]),
    lengths: (await each(LENGTH_PRESETS.map((preset) => ({ lengthMin: preset.min, lengthMax: preset.max })))).map((n) => ({ count: n, more: false })),
    characters: await each(CHARACTER_FILTERS.map((filter) => ({ characters: [...new Set([...scoped.characters, filter.value])] }))),
    release: list === "soon-available" ? await each(RELEASE_PRESETS.map((preset) => ({ release: preset.value }))) : null,
  };
}

describeEachEngine("the counts beside the filter choices", ({ handle }) => {
  it("equal what the list counts with each choice made, from the kept totals and from the names alike", async () => {
    const random = seededRandom(41);
    const db = handle().db;
    const rows = randomDomainSet(random, 240).map((row) => ({ ...row, isFeatured: random() < 0.3 }));
    await createDomains(db, rows);
    // A Friday inside the generated release dates, so every preset counts some.
    const now = new Date("2030-01-04T10:00:00Z");
    const lists: [PublicList, boolean][] = [
      ["soon-available", true],
      ["soon-available", false],
      ["available", true],
      ["featured", true],
      ["premium", true],
    ];
    for (let round = 0; round < 12; round++) {
      const filters = round === 0 ? NO_FILTERS : randomFacetFilters(random);
      for (const [list, includeFeatured] of lists) {
        const facets = await countListFacets(db, list, { filters, includeFeatured, now });
        const expected = await countedOneByOne(
          async (choice) => (await countListView(db, list, { filters: choice, includeFeatured, now })).count,
          list,
          filters,
        );
        const label = `${list} ${includeFeatured} ${JSON.stringify(filters)}`;
        expect(Object.values(facets.tlds).map((count) => count.count), label).toEqual(expected.tlds);
        expect(facets.lengths, label).toEqual(expected.lengths);
        expect(Object.values(facets.characters).map((count) => count.count), label).toEqual(expected.characters);
        expect(facets.release && Object.values(facets.release).map((count) => count.count), label).toEqual(expected.release);
        // 240 names: never as many as the counting limit.
        expect(Object.values(facets.tlds).some((count) => count.more), label).toBe(false);
      }
    }
  });
});
