import { describe, expect, it } from "vitest";
import {
  DEFAULT_LISTING_SORT,
  DEFAULT_SOON_SORT,
  escapeLikePattern,
  LISTING_SORTS,
  listingSearch,
  MAX_PAGE,
  parseFeaturedToggle,
  parseFilterText,
  parseListingParams,
  parseListingSort,
  parsePage,
  parseSoonListParams,
  parseSoonSort,
  SOON_SORTS,
  soonListSearch,
} from "./listing-params";

describe("parseListingSort", () => {
  it.each(LISTING_SORTS.map((sort) => [sort, sort]))("%s is kept", (value, expected) => {
    expect(parseListingSort(value)).toBe(expected);
  });
  it.each([[null], [undefined], [""], ["date-asc"], ["NAME-ASC"], ["name-asc "], ["toString"], ["<script>"], ["%00"]])(
    "%j falls back to relevance",
    (value) => {
      expect(parseListingSort(value)).toBe(DEFAULT_LISTING_SORT);
    },
  );
});

describe("parseSoonSort", () => {
  it("offers the spec's six orders, date-asc first and default", () => {
    expect(SOON_SORTS).toEqual(["date-asc", "date-desc", "name-asc", "name-desc", "score-desc", "score-asc"]);
    expect(DEFAULT_SOON_SORT).toBe("date-asc");
  });
  it.each(SOON_SORTS.map((sort) => [sort]))("%s is kept", (sort) => {
    expect(parseSoonSort(sort)).toBe(sort);
  });
  it.each([[null], [""], ["relevance"], ["date"], ["__proto__"]])("%j falls back to date-asc", (value) => {
    expect(parseSoonSort(value)).toBe("date-asc");
  });
});

describe("parsePage", () => {
  it.each([
    ["1", 1],
    ["2", 2],
    [String(MAX_PAGE), MAX_PAGE],
    [String(MAX_PAGE + 1), 1],
    ["0", 1],
    ["-1", 1],
    ["1.5", 1],
    ["1e3", 1],
    ["0x10", 1],
    [" 2", 1],
    ["abc", 1],
    ["99999999999999999999", 1],
    ["", 1],
    [null, 1],
    [undefined, 1],
  ])("%j -> %i", (value, expected) => {
    expect(parsePage(value)).toBe(expected);
  });
});

describe("parseFeaturedToggle", () => {
  it.each([
    [[], true],
    [["1"], true],
    [["0"], false],
    [["0", "1"], true], // the GET form's hidden 0 plus the ticked box
    [["yes"], true],
    [["0", "0"], false],
  ])("%j -> %s", (values, expected) => {
    expect(parseFeaturedToggle(values)).toBe(expected);
  });
});

describe("parseFilterText", () => {
  it.each([
    [null, null],
    ["", null],
    ["a", null],
    ["  a  ", null],
    ["ab", "ab"],
    ["  RÄK ", "räk"],
    ["a\u200bb", "ab"],
    ["x".repeat(500), "x".repeat(100)],
  ])("%j -> %j", (value, expected) => {
    expect(parseFilterText(value)).toBe(expected);
  });
});

describe("parseSoonListParams", () => {
  it("gives the defaults for an empty query string", () => {
    expect(parseSoonListParams(new URLSearchParams())).toEqual({
      sort: "date-asc",
      page: 1,
      query: null,
      rawQuery: "",
      includeFeatured: true,
    });
  });
  it("reads every parameter and survives garbage", () => {
    const params = parseSoonListParams(new URLSearchParams("q=%20Hund%20&sort=score-asc&page=3&featured=0"));
    expect(params).toEqual({ sort: "score-asc", page: 3, query: "hund", rawQuery: " Hund ", includeFeatured: false });
    const garbage = parseSoonListParams(new URLSearchParams(`q=${"%25".repeat(400)}&sort=%00&page=NaN&featured=maybe`));
    expect(garbage.sort).toBe("date-asc");
    expect(garbage.page).toBe(1);
    expect(garbage.rawQuery.length).toBe(200);
    expect(garbage.query).toBe("%".repeat(100));
    expect(garbage.includeFeatured).toBe(true);
  });
  it("round-trips through soonListSearch, leaving defaults out", () => {
    expect(soonListSearch({ sort: "date-asc", includeFeatured: true, page: 1, rawQuery: " " })).toBe("");
    const search = soonListSearch({ sort: "name-desc", includeFeatured: false, page: 2, rawQuery: " räk " });
    expect(search).toBe("?q=r%C3%A4k&sort=name-desc&featured=0&page=2");
    expect(parseSoonListParams(new URLSearchParams(search))).toMatchObject({
      sort: "name-desc",
      includeFeatured: false,
      page: 2,
      query: "räk",
    });
  });
});

describe("parseListingParams / listingSearch", () => {
  it("round-trips sort and page", () => {
    expect(listingSearch({ sort: "relevance", page: 1 })).toBe("");
    expect(listingSearch({ sort: "score-desc", page: 4 })).toBe("?sort=score-desc&page=4");
    expect(parseListingParams(new URLSearchParams("?sort=score-desc&page=4"))).toEqual({ sort: "score-desc", page: 4 });
    expect(parseListingParams(new URLSearchParams("?sort=bogus&page=-4"))).toEqual({ sort: "relevance", page: 1 });
  });
});

describe("escapeLikePattern", () => {
  it.each([
    ["abc", "abc"],
    ["100%", "100\\%"],
    ["a_b", "a\\_b"],
    ["a\\b", "a\\\\b"],
    ["%_\\", "\\%\\_\\\\"],
  ])("%j -> %j", (term, expected) => {
    expect(escapeLikePattern(term)).toBe(expected);
  });
});
