import { describe, expect, it } from "vitest";
import { headerSort, LISTING_TABLE_SORTS, SOON_TABLE_SORTS } from "./list-table";

describe("headerSort", () => {
  it.each([
    // column, current order, the link's order, aria-sort
    ["name", "date-asc", "name-asc", null],
    ["name", "name-asc", "name-desc", "ascending"],
    ["name", "name-desc", "name-asc", "descending"],
    ["release", "date-asc", "date-desc", "ascending"],
    ["release", "date-desc", "date-asc", "descending"],
    ["release", "name-asc", "date-asc", null],
    ["score", "score-desc", "score-asc", "descending"],
    ["score", "score-asc", "score-desc", "ascending"],
    ["score", "length-asc", "score-desc", null],
    ["length", "length-asc", "length-asc", "ascending"],
  ] as const)("soon list: %s under %s links to %s (aria-sort %s)", (column, current, next, direction) => {
    expect(headerSort(SOON_TABLE_SORTS, column, current)).toEqual({ next, current: direction });
  });

  it("leaves TLD and status unsorted, and the release date on lists without a date order", () => {
    expect(headerSort(SOON_TABLE_SORTS, "tld", "date-asc")).toBeNull();
    expect(headerSort(SOON_TABLE_SORTS, "status", "date-asc")).toBeNull();
    expect(headerSort(LISTING_TABLE_SORTS, "release", "relevance")).toBeNull();
  });

  it("marks no column under Relevans, and one-way columns keep their order", () => {
    expect(headerSort(LISTING_TABLE_SORTS, "name", "relevance")).toEqual({ next: "name-asc", current: null });
    expect(headerSort(LISTING_TABLE_SORTS, "score", "score-desc")).toEqual({ next: "score-desc", current: "descending" });
  });
});
