import { describe, expect, it } from "vitest";
import { NO_ADMIN_FILTERS, parseAdminListParams, toAdminListQuery, type AdminDomainListQuery } from "~/lib/admin-list-params";
import {
  chooseAdminListPlan,
  chooseGroupRead,
  chooseUncountedPlan,
  collectRangeFilters,
  sortBoundFilters,
  sortIsBounded,
  sortWalkIsIndexOnly,
} from "./admin-list-plan.server";

const million = { tableRows: 1_000_000, pageSize: 30 };

describe("chooseAdminListPlan", () => {
  it.each([
    // [matches, page, bounded, expected]
    [0, 1, false, { kind: "empty" }],
    [65, 4, false, { kind: "empty" }],
    [1500, 1, true, { kind: "collect", offset: 0, limit: 30 }],
    [1500, 50, false, { kind: "collect", offset: 1470, limit: 30 }],
    [1_000_000, 1, false, { kind: "walk", reversed: false, offset: 0, limit: 30, budget: 50_000, pageOffset: 0 }],
    [1_000_000, 100, false, { kind: "walk", reversed: false, offset: 2970, limit: 30, budget: 50_000, pageOffset: 2970 }],
    // The last page of a million is the first 10 rows read the other way.
    [1_000_000, 33_334, false, { kind: "walk", reversed: true, offset: 0, limit: 10, budget: 50_000, pageOffset: 999_990 }],
    // 1 row in 100 matches: page 1 walks ~3,000 rows × 4 > 10,000 collected entries.
    [10_000, 1, false, { kind: "collect", offset: 0, limit: 30 }],
    // ...unless a filter bounds the sort index, then the walk reads only matches.
    [10_000, 1, true, { kind: "walk", reversed: false, offset: 0, limit: 30, budget: null, pageOffset: 0 }],
    [100_000, 200, false, { kind: "collect", offset: 5970, limit: 30 }],
    [100_000, 2, false, { kind: "walk", reversed: false, offset: 30, limit: 30, budget: 25_000, pageOffset: 30 }],
  ] as const)("%i matches, page %i, bounded %s", (matches, page, sortBounded, expected) => {
    expect(chooseAdminListPlan({ ...million, matches, page, sortBounded })).toEqual(expected);
  });

  it("walks further along an order whose index holds every filter column (no table rows read)", () => {
    // 1 row in 100 matches: page 1 walks ~3,000 index entries, less than the 10,000 a collect reads.
    expect(chooseAdminListPlan({ ...million, matches: 10_000, page: 1, indexOnly: true })).toEqual({
      kind: "walk",
      reversed: false,
      offset: 0,
      limit: 30,
      budget: 30_000,
      pageOffset: 0,
    });
    expect(chooseAdminListPlan({ ...million, matches: 1_000_000, page: 100, indexOnly: true })).toMatchObject({ kind: "walk", budget: 250_000 });
    expect(chooseAdminListPlan({ ...million, matches: 10_000, page: 100, indexOnly: true })).toEqual({ kind: "collect", offset: 2970, limit: 30 });
  });

  it("takes the forced way whatever the cost, keeping the reversal for late pages", () => {
    expect(chooseAdminListPlan({ ...million, matches: 100, page: 4, force: "walk" })).toEqual({
      kind: "walk",
      reversed: true,
      offset: 0,
      limit: 10,
      budget: 1_000_000,
      pageOffset: 90,
    });
    expect(chooseAdminListPlan({ ...million, matches: 1_000_000, page: 1, force: "collect" })).toEqual({ kind: "collect", offset: 0, limit: 30 });
  });
});

describe("sortIsBounded", () => {
  const base = toAdminListQuery(parseAdminListParams(new URLSearchParams()));

  it.each([
    [{}, false],
    [{ status: "premium" }, true],
    [{ releaseTo: "2030-01-01" }, true],
    [{ sortField: "score", status: "premium" }, false],
    [{ sortField: "score", releaseFrom: "2030-01-01" }, false],
    [{ sortField: "length", lengthFrom: 15 }, true],
    [{ sortField: "length", status: "premium" }, false],
    [{ sortField: "tld", tlds: [".nu"] }, true],
    [{ sortField: "name", status: "premium", tlds: [".se"] }, false],
  ] as [Partial<AdminDomainListQuery>, boolean][])("%j → %s", (change, bounded) => {
    expect(sortIsBounded({ ...base, ...change })).toBe(bounded);
  });
});

describe("sortWalkIsIndexOnly and sortBoundFilters", () => {
  const base = toAdminListQuery(parseAdminListParams(new URLSearchParams()));
  const filtered: AdminDomainListQuery = {
    ...base,
    filter: "bil",
    status: "premium",
    releaseFrom: "2030-01-01",
    releaseTo: "2030-02-01",
    lengthFrom: 3,
    lengthTo: 8,
    tlds: [".se"],
    characters: { digits: true },
  };
  const none = NO_ADMIN_FILTERS;

  it.each([
    ["release_date", true, { status: "premium", releaseFrom: "2030-01-01", releaseTo: "2030-02-01" }],
    ["status", true, { status: "premium" }],
    ["score", true, {}],
    ["length", true, { lengthFrom: 3, lengthTo: 8 }],
    ["tld", false, { tlds: [".se"] }],
    ["name", false, {}],
  ] as const)("the %s order: index-only %s, bounded by %j", (sortField, indexOnly, kept) => {
    const query = { ...filtered, sortField };
    expect(sortWalkIsIndexOnly(query)).toBe(indexOnly);
    expect(sortBoundFilters(query)).toEqual({ ...query, ...none, ...kept });
  });

  it("keeps no TLD for the TLD order when several are chosen", () => {
    expect(sortBoundFilters({ ...filtered, sortField: "tld", tlds: [".se", ".nu"] }).tlds).toEqual([]);
  });

  it("bounds a collect by the TLD and status, and by the dates only under a status (collectRangeFilters)", () => {
    const kept = { tlds: [".se"], status: "premium", releaseFrom: "2030-01-01", releaseTo: "2030-02-01" };
    expect(collectRangeFilters(filtered)).toEqual({ ...filtered, ...none, ...kept });
    expect(collectRangeFilters({ ...filtered, status: null })).toEqual({ ...filtered, ...none, tlds: [".se"] });
  });
});

describe("chooseAdminListPlan with the entries a collect reads", () => {
  // 5,000 matches in a million, all within a range of 200,000 entries of the collect's index.
  const sparse = { ...million, matches: 5_000, page: 1, indexOnly: true };

  it("walks when the collect would read far more entries than its matches", () => {
    // The walk expects 30 × 200 = 6,000 entries: more than the matches, far fewer than the range.
    expect(chooseAdminListPlan(sparse)).toMatchObject({ kind: "collect" });
    expect(chooseAdminListPlan({ ...sparse, collectScans: 200_000 })).toMatchObject({ kind: "walk", budget: 60_000 });
  });

  it("lets such a walk read up to a quarter of the range before it gives up", () => {
    expect(chooseAdminListPlan({ ...sparse, collectScans: 1_000_000 })).toMatchObject({ kind: "walk", budget: 250_000 });
  });

  it("collects however few the matches only when the range itself is small", () => {
    expect(chooseAdminListPlan({ ...sparse, matches: 1_000, collectScans: 1_500 })).toMatchObject({ kind: "collect" });
    expect(chooseAdminListPlan({ ...sparse, matches: 1_000, collectScans: 500_000 })).toMatchObject({ kind: "walk" });
  });
});

describe("chooseUncountedPlan", () => {
  it.each([
    [{ page: 1, pageSize: 30 }, { offset: 0, budget: 9_000 }],
    [{ page: 1, pageSize: 5 }, { offset: 0, budget: 2_000 }],
    [{ page: 3, pageSize: 30 }, { offset: 60, budget: 27_000 }],
    [{ page: 100, pageSize: 30 }, { offset: 2_970, budget: 50_000 }],
    [{ page: 1, pageSize: 30, walkBudget: 3 }, { offset: 0, budget: 3 }],
    [{ page: 1, pageSize: 30, indexOnly: true }, { offset: 0, budget: 90_000 }],
    [{ page: 100, pageSize: 30, indexOnly: true }, { offset: 2_970, budget: 300_000 }],
  ])("%j walks forward from %j, never backwards", (options, expected) => {
    expect(chooseUncountedPlan(options)).toEqual({
      kind: "walk",
      reversed: false,
      offset: expected.offset,
      limit: options.pageSize,
      budget: expected.budget,
      pageOffset: expected.offset,
    });
  });
});

describe("chooseGroupRead", () => {
  it.each([
    // Dense matches: walk from the nearer end.
    [{ matches: 10_000, skip: 30, take: 30 }, 2, false, { kind: "walk", reversed: false, offset: 30, limit: 30 }],
    [{ matches: 10_000, skip: 9_950, take: 30 }, 2, false, { kind: "walk", reversed: true, offset: 20, limit: 30 }],
    // 1 name in 100 matches: skipping 2,000 matches walks ~200,000 rows; collecting reads 5,000.
    [{ matches: 5_000, skip: 2_000, take: 30 }, 100, false, { kind: "collect", reversed: false, offset: 2_000, limit: 30 }],
    // No index reaches a length group's matches directly: walk whatever it costs.
    [{ matches: 5_000, skip: 2_000, take: 30 }, 100, true, { kind: "walk", reversed: false, offset: 2_000, limit: 30 }],
  ] as const)("%j at %i rows per match (walk only: %s)", (span, rowsPerMatch, walkOnly, expected) => {
    expect(chooseGroupRead(span, rowsPerMatch, walkOnly)).toEqual(expected);
  });

  it("takes the forced way whatever the cost", () => {
    expect(chooseGroupRead({ matches: 10_000, skip: 30, take: 30 }, 2, false, "collect")).toMatchObject({ kind: "collect" });
    expect(chooseGroupRead({ matches: 5_000, skip: 2_000, take: 30 }, 100, false, "walk")).toMatchObject({ kind: "walk" });
  });
});

describe("chooseUncountedPlan with a probe of the walk", () => {
  const page100 = { page: 100, pageSize: 30, indexOnly: true };

  it("sizes the walk to twice what the page needs at the probed density", () => {
    // 1 in 20 matches: 3,000 matches need ~60,000 entries.
    expect(chooseUncountedPlan({ ...page100, probe: { read: 20_000, matches: 1_000, wholeRange: false } })).toMatchObject({ budget: 120_000 });
    // Never more than without a probe.
    expect(chooseUncountedPlan({ ...page100, probe: { read: 20_000, matches: 250, wholeRange: false } })).toMatchObject({ budget: 300_000 });
  });

  it("collects at once when the page lies beyond the largest walk, or the probe saw no match", () => {
    // 1 in 200 matches: 3,000 matches need ~600,000 entries.
    expect(chooseUncountedPlan({ ...page100, probe: { read: 20_000, matches: 100, wholeRange: false } })).toBeNull();
    expect(chooseUncountedPlan({ ...page100, probe: { read: 20_000, matches: 0, wholeRange: false } })).toBeNull();
  });

  it("collects when the probe read the whole range and it holds too few matches for the page", () => {
    expect(chooseUncountedPlan({ ...page100, probe: { read: 9_000, matches: 2_000, wholeRange: true } })).toBeNull();
    expect(chooseUncountedPlan({ ...page100, probe: { read: 9_000, matches: 4_500, wholeRange: true } })).toMatchObject({ budget: 12_000 });
  });

  it("collects when reading every match costs no more than the walk to the page (the text alone at 1% of a million names)", () => {
    // 1.2%: the walk reads ~250,000 entries, a collect 12,000 matches (~240,000 entries' worth).
    const probe = { read: 20_000, matches: 240, wholeRange: false };
    expect(chooseUncountedPlan({ ...page100, probe, collectMatches: 12_000 })).toBeNull();
    // 2.5%: the walk is half as long, the collect twice as big.
    const denser = { read: 20_000, matches: 500, wholeRange: false };
    expect(chooseUncountedPlan({ ...page100, probe: denser, collectMatches: 25_000 })).toMatchObject({ kind: "walk", budget: 240_000 });
    // Unknown (other filters set): sized by the probe alone, as before.
    expect(chooseUncountedPlan({ ...page100, probe })).toMatchObject({ kind: "walk", budget: 300_000 });
  });
});
