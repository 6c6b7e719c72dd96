// npm run bench:filters -- [--size 1000000] [--combinations 200] [--runs 5] [--seed 25] [--only <text>]
//                           [--database-url <url>] [--database-name <name>] [--embedded] [--data-dir <dir>]
// The public lists' filters (app/domain/public-filters.ts) as a visitor uses
// them: a seeded random sample of filter sets the form can make (and the
// empty one), each on a random list and sort, timed as the list's loader
// reads it: the first page and the view's count together. Prints p50/p95
// over all calls, the slowest cases and how many are over the target
// (first page p95 < 20 ms on PostgreSQL at a million names, < 50 ms on the
// embedded database at 100,000). Then the counts beside the filter choices
// (countListFacets), timed apart: p95 < 50 ms without a text filter and
// < 150 ms with one. Writes bench/results/public-filters.json.
// PostgreSQL: the database bench:search fills (snart_bench_search, kept per
// size). --embedded: PGlite in --data-dir (default /tmp/snart-bench-filters-<size>),
// filled with demo names on first use.
// --zone [--zone-se 1500000] [--zone-nu 200000]: the registry's zone at that size beside the names
// (bench/support/bench-zone.ts; kept in the database), the family filters (?syskon=ja, ?tvilling=ja)
// among the sets, and each set's first page read without its cards' siblings' and twins' flags too
// (decision 0089): what they add to its p95.
import { mkdirSync, writeFileSync } from "node:fs";
import { readProcessOptions } from "~cli/command-line";
import { LIST_DATABASE_OPTIONS, openListBenchDatabase } from "./support/list-bench-database";
import {
  CHARACTER_FILTERS,
  LENGTH_PRESETS,
  NO_FILTERS,
  type PublicFilters,
  publicFilterEntries,
  QUALITY_FILTERS,
  RELEASE_PRESETS,
} from "~/domain/public-filters";
import { seededRandom } from "~/domain/seeded-random";
import { LISTING_SORTS, SOON_SORTS } from "~/lib/listing-params";
import { collectsPage, countListView, findAvailable, findFeatured, findPremium, findSoonAvailable, type PublicList } from "~/server/domains/lists.server";
import { answeredByGroups } from "~/domain/facets";
import { countListFacets } from "~/server/domains/facets.server";
import { searchSoonAvailable } from "~/server/domains/search.server";
import { percentile } from "~support/percentile";
import { seedBenchZone, ZONE_OPTIONS, zoneSizesOf } from "./support/bench-zone";

const options = readProcessOptions("bench/public-filters.ts", {
  size: { type: "string" },
  combinations: { type: "string" },
  runs: { type: "string" },
  seed: { type: "string" },
  only: { type: "string" },
  ...LIST_DATABASE_OPTIONS,
  ...ZONE_OPTIONS,
});
const zoneSizes = zoneSizesOf(options);
const embedded = options.embedded === true;
const size = Number(options.size ?? (embedded ? 100_000 : 1_000_000));
const combinations = Number(options.combinations ?? 200);
const runs = Number(options.runs ?? 5);
const seed = Number(options.seed ?? 25);
const only = typeof options.only === "string" ? options.only : undefined;
const targetMs = embedded ? 50 : 20;

const { db, close } = await openListBenchDatabase(options, size);
if (zoneSizes) await seedBenchZone(db, zoneSizes);

type FilterCase = { name: string; list: PublicList; sort: string; filters: PublicFilters };
const random = seededRandom(seed);
const cases: FilterCase[] = [
  { name: "soon-available, no filter", list: "soon-available" as const, sort: "date-asc", filters: NO_FILTERS },
  ...Array.from({ length: combinations }, () => randomCase(random)),
].filter((filterCase) => !only || filterCase.name.includes(only));

type Result = {
  name: string;
  p50: number;
  p95: number;
  shown: number;
  count: number;
  more: boolean;
  facetsP95: number;
  /** With --zone, the same calls with the first page read without its cards' families. */
  withoutFamilies?: { p50: number; p95: number };
};
const results: Result[] = [];
const all: number[] = [];
const allWithout: number[] = [];
/** Facet timings, apart by whether the set has a filter the kept totals cannot answer (text, quality) or is on the featured list. */
const facetTimes = { plain: [] as number[], text: [] as number[] };
for (const filterCase of cases) {
  // With --zone, each call is paired with the same call without the cards' families, so that both see
  // the same load on a shared machine.
  await readView(filterCase); // warm the plan and the cache
  if (zoneSizes) await readView(filterCase, false);
  const times: number[] = [];
  const alone: number[] = [];
  let last = { shown: 0, count: 0, more: false };
  const timed = async (families: boolean, into: number[]) => {
    const started = performance.now();
    const view = await readView(filterCase, families);
    into.push(performance.now() - started);
    return view;
  };
  for (let run = 0; run < runs; run++) {
    // Which of the pair goes first alternates: the second finds what the first read in the cache.
    if (zoneSizes && run % 2 === 1) await timed(false, alone);
    last = await timed(true, times);
    if (zoneSizes && run % 2 === 0) await timed(false, alone);
  }
  all.push(...times);
  allWithout.push(...alone);
  const withoutFamilies = zoneSizes ? { p50: percentile(alone, 0.5), p95: percentile(alone, 0.95) } : undefined;
  await readFacets(filterCase);
  const facets: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await readFacets(filterCase);
    facets.push(performance.now() - started);
  }
  facetTimes[hasTextFilter(filterCase.filters) ? "text" : "plain"].push(...facets);
  results.push({
    name: filterCase.name,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    ...last,
    facetsP95: percentile(facets, 0.95),
    withoutFamilies,
  });
}
await close();

const slow = results.filter((result) => result.p95 >= targetMs).sort((a, b) => b.p95 - a.p95);
console.log(`\n${size.toLocaleString("sv-SE")} names on ${embedded ? "PGlite" : "PostgreSQL"}, ${results.length} filter sets, ${runs} calls each (first page + count)`);
console.log(`all calls: p50 ${ms(percentile(all, 0.5))} ms, p95 ${ms(percentile(all, 0.95))} ms; target p95 < ${targetMs} ms per set`);
console.log(`${results.length - slow.length}/${results.length} filter sets meet it.`);
if (zoneSizes) {
  const added = results.map((result) => result.p95 - result.withoutFamilies!.p95).sort((a, b) => a - b);
  console.log(
    `siblings and twins (zone .se ${zoneSizes[".se"]} + .nu ${zoneSizes[".nu"]}): all calls without the cards' flags p50 ${ms(percentile(allWithout, 0.5))} ms, ` +
      `p95 ${ms(percentile(allWithout, 0.95))} ms; per set the flags add ${ms(percentile(added, 0.5))} ms to its p95 at the median ` +
      `(${ms(percentile(results.map((result) => result.p50 - result.withoutFamilies!.p50).sort((a, b) => a - b), 0.5))} ms to its p50), ` +
      `${ms(percentile(added, 0.95))} ms at the 95th percentile of sets (target ≤ 2 ms)`,
  );
}
for (const result of slow.slice(0, 25)) {
  console.log(`  ${ms(result.p95).padStart(8)} ms  ${result.name}  (${result.shown} shown, ${result.more ? "> " : ""}${result.count} match)`);
}
for (const [kind, times, target] of [
  ["without a text filter", facetTimes.plain, 50],
  ["with a text (or quality) filter", facetTimes.text, 150],
] as const) {
  if (times.length === 0) continue;
  console.log(`counts beside the choices ${kind}: p50 ${ms(percentile(times, 0.5))} ms, p95 ${ms(percentile(times, 0.95))} ms (target < ${target} ms)`);
}
const slowFacets = [...results].sort((a, b) => b.facetsP95 - a.facetsP95).slice(0, 10);
for (const result of slowFacets) console.log(`  facets ${ms(result.facetsP95).padStart(8)} ms  ${result.name}`);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/public-filters.json",
  JSON.stringify(
    {
      size,
      engine: embedded ? "pglite" : "postgres",
      runs,
      seed,
      targetMs,
      ranAt: new Date().toISOString(),
      zone: zoneSizes,
      allCalls: { p50: percentile(all, 0.5), p95: percentile(all, 0.95) },
      ...(zoneSizes && { allCallsWithoutFamilies: { p50: percentile(allWithout, 0.5), p95: percentile(allWithout, 0.95) } }),
      facets: {
        withoutTextFilter: { p50: percentile(facetTimes.plain, 0.5), p95: percentile(facetTimes.plain, 0.95) },
        withTextFilter: { p50: percentile(facetTimes.text, 0.5), p95: percentile(facetTimes.text, 0.95) },
      },
      results,
    },
    null,
    2,
  ),
);
console.log("Wrote bench/results/public-filters.json");

/**
 * What the list's loader reads: a filtered view's count, then its first page, read as the count suits
 * (collectsPage). The soon list with a text is its search instead (50 names, no count).
 */
async function readView({ list, sort, filters }: FilterCase, families = true) {
  const now = new Date();
  if (list === "soon-available" && filters.contains) {
    const found = await searchSoonAvailable(db, { term: filters.contains, sort: sort as (typeof SOON_SORTS)[number], filters: { ...filters, contains: null }, now });
    return { shown: found.length, count: found.length, more: false };
  }
  const total = await countListView(db, list, { filters, now });
  const common = { filters, now, pageSize: 100, collect: collectsPage(total), families };
  const page = await (() => {
    switch (list) {
      case "soon-available":
        return findSoonAvailable(db, { ...common, sort: sort as (typeof SOON_SORTS)[number] });
      case "available":
        return findAvailable(db, { ...common, sort: sort as (typeof LISTING_SORTS)[number] });
      case "featured":
        return findFeatured(db, { ...common, sort: sort as (typeof LISTING_SORTS)[number] });
      case "premium":
        return findPremium(db, common);
    }
  })();
  return { shown: page.domains.length, count: total.count, more: total.more };
}

/** The counts beside the choices, as the list's loader reads them on the first page. */
function readFacets({ list, filters }: FilterCase) {
  return countListFacets(db, list, { filters, now: new Date() });
}

/** A text filter (or quality), which the counts cannot take from the kept totals. */
function hasTextFilter(filters: PublicFilters): boolean {
  return !answeredByGroups(filters);
}

/** A filter set the form can make: each filter about one time in four, on a list chosen by how much it is used. */
function randomCase(next: () => number): FilterCase {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const maybe = (chance = 0.25) => next() < chance;
  const list = pick<PublicList>(["soon-available", "soon-available", "soon-available", "available", "available", "featured", "premium"]);
  const sort = list === "soon-available" ? pick(SOON_SORTS) : list === "premium" ? "score-desc" : pick(LISTING_SORTS);
  const length = maybe(0.35) ? pick(LENGTH_PRESETS) : null;
  const filters: PublicFilters = {
    ...NO_FILTERS,
    tlds: maybe() ? [pick([".se", ".nu"] as const)] : [],
    lengthMin: length?.min ?? null,
    lengthMax: length?.max ?? null,
    characters: maybe(0.3) ? [pick(CHARACTER_FILTERS).value] : [],
    contains: maybe(0.15) ? pick(["bil", "hus", "ab", "sol", "24", "ng"]) : null,
    startsWith: maybe(0.15) ? pick(["a", "b", "s", "k", "ma", "st", "bil", "hus", "ö"]) : null,
    endsWith: maybe(0.1) ? pick(["a", "en", "er", "ing", "se", "n"]) : null,
    notContains: maybe(0.1) ? pick(["-", "x", "q", "0"]) : null,
    minScore: maybe(0.2) ? pick(QUALITY_FILTERS).min : null,
    release: list === "soon-available" && maybe(0.3) ? pick(RELEASE_PRESETS).value : null,
    releasedSince: list === "available" && maybe(0.2) ? "2026-01-01" : null,
    // Drawn only with a zone, so that the sets a seed gives without one stay as they were.
    ...(zoneSizes && { siblingRegistered: maybe(0.15), twinRegistered: maybe(0.15) }),
  };
  const query = new URLSearchParams(publicFilterEntries(filters)).toString();
  return { name: `${list} ${sort}${query ? ` ?${query}` : ""}`, list, sort, filters };
}

function ms(value: number): string {
  return value.toFixed(2);
}
