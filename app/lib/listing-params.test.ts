import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "~/domain/public-filters";
import {
  DEFAULT_LISTING_SORT,
  DEFAULT_SOON_SORT,
  escapeLikePattern,
  LISTING_SORTS,
  listingKeep,
  listingSearch,
  parseFeaturedToggle,
  parseFilterText,
  parseListingParams,
  parseListingSort,
  parseListLayout,
  parseListPages,
  parseSavedSearchParam,
  parseAfter,
  parseSoonListParams,
  parseSoonSort,
  SOON_FORM_FIELD,
  SOON_SORTS,
  soonFormRedirect,
  soonListKeep,
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
  it("offers the nine list orders, date-asc first and default", () => {
    expect(SOON_SORTS).toEqual(["date-asc", "date-desc", "name-asc", "name-desc", "score-desc", "score-asc", "length-asc", "risk-asc", "risk-desc"]);
    expect(DEFAULT_SOON_SORT).toBe("date-asc");
  });
  it.each(SOON_SORTS.map((sort) => [sort]))("%s is kept", (sort) => {
    expect(parseSoonSort(sort)).toBe(sort);
  });
  it.each([[null], [""], ["relevance"], ["date"], ["__proto__"]])("%j falls back to date-asc", (value) => {
    expect(parseSoonSort(value)).toBe("date-asc");
  });
});

describe("parseAfter", () => {
  it.each([
    ["2030-01-03_alfa.se", "2030-01-03_alfa.se"],
    ["räksmörgås.se_xn--rksmrgs-5wao1o.se", "räksmörgås.se_xn--rksmrgs-5wao1o.se"],
    ["_alfa.se", "_alfa.se"],
    ["garbage", null],
    ["80_ALFA.SE", null],
    ["80_", null],
    ["80\u0000_alfa.se", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%j -> %j", (value, expected) => {
    expect(parseAfter(value)).toBe(expected);
  });
});

describe("parseFeaturedToggle", () => {
  it.each([
    [[], true],
    [["1"], true],
    [["0"], false],
    [["0", "1"], true], // the old GET form's hidden 0 plus the ticked box
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
      after: null,
      query: null,
      rawQuery: "",
      includeFeatured: true,
      filters: NO_FILTERS,
      layout: "kort",
      pages: 1,
      saved: null,
    });
  });
  it("reads every parameter and survives garbage", () => {
    const params = parseSoonListParams(new URLSearchParams("q=%20Hund%20&sort=score-asc&after=80_hund.se&featured=0"));
    expect(params).toEqual({ sort: "score-asc", after: "80_hund.se", query: "hund", rawQuery: " Hund ", includeFeatured: false, filters: NO_FILTERS, layout: "kort", pages: 1, saved: null });
    const garbage = parseSoonListParams(new URLSearchParams(`q=${"%25".repeat(400)}&sort=%00&after=%00_NaN&featured=maybe`));
    expect(garbage.sort).toBe("date-asc");
    expect(garbage.after).toBeNull();
    expect(garbage.rawQuery.length).toBe(200);
    expect(garbage.query).toBe("%".repeat(100));
    expect(garbage.includeFeatured).toBe(true);
    expect(garbage.filters).toEqual(NO_FILTERS);
  });
  it("keeps the search text, sort and toggle apart from the filters (soonListKeep)", () => {
    const params = parseSoonListParams(new URLSearchParams("q=bil&sort=name-asc&featured=0&min=4&after=80_hund.se"));
    expect(soonListKeep(params)).toEqual([
      ["q", "bil"],
      ["sort", "name-asc"],
      ["featured", "0"],
    ]);
    expect(soonListSearch(params)).toBe("?q=bil&sort=name-asc&featured=0&min=4&after=80_hund.se");
  });
  it("round-trips through soonListSearch, leaving defaults out", () => {
    expect(soonListSearch({ sort: "date-asc", includeFeatured: true, after: null, rawQuery: " " })).toBe("");
    const search = soonListSearch({ sort: "name-desc", includeFeatured: false, after: "räk.se_xn--rk-via.se", rawQuery: " räk " });
    expect(search).toBe("?q=r%C3%A4k&sort=name-desc&featured=0&after=r%C3%A4k.se_xn--rk-via.se");
    expect(parseSoonListParams(new URLSearchParams(search))).toMatchObject({
      sort: "name-desc",
      includeFeatured: false,
      after: "räk.se_xn--rk-via.se",
      query: "räk",
    });
  });
});

describe("soonFormRedirect: the filter form sent without JavaScript", () => {
  const redirectOf = (query: string) => soonFormRedirect(new URLSearchParams(query));
  it.each([
    // The box ticked (the default): every default left out.
    [`q=&sort=date-asc&featured=1&${SOON_FORM_FIELD}=1`, "/soon-available"],
    // Unticked: the box sends nothing, and the mark says so: one "featured=0".
    [`q=&sort=date-asc&${SOON_FORM_FIELD}=1`, "/soon-available?featured=0"],
    [`tld=se&min=4&vy=tabell&q=Hund&sort=name-asc&featured=1&${SOON_FORM_FIELD}=1`, "/soon-available?q=Hund&sort=name-asc&tld=se&min=4&vy=tabell"],
    [`q=hund&sort=date-asc&${SOON_FORM_FIELD}=1&after=80_hund.se`, "/soon-available?q=hund&featured=0"],
    // An old address with the toggle twice: one parameter, the page kept.
    ["featured=0&featured=1&sort=name-asc&after=80_hund.se", "/soon-available?sort=name-asc&after=80_hund.se"],
    ["featured=0&featured=0", "/soon-available?featured=0"],
  ])("%s -> %s", (query, expected) => {
    expect(redirectOf(query)).toBe(expected);
  });

  it("leaves every other address alone", () => {
    for (const query of ["", "featured=0", "featured=1", "q=hund&sort=name-asc&featured=0&tld=se", "tld=se&max=4&slapps=vecka&featured=0"]) {
      expect(redirectOf(query), query).toBeNull();
    }
  });

  it("reads a sent form's unticked box as off, and the toggle the same as before without the mark", () => {
    expect(parseSoonListParams(new URLSearchParams(`${SOON_FORM_FIELD}=1`)).includeFeatured).toBe(false);
    expect(parseSoonListParams(new URLSearchParams(`featured=1&${SOON_FORM_FIELD}=1`)).includeFeatured).toBe(true);
    expect(parseSoonListParams(new URLSearchParams("")).includeFeatured).toBe(true);
  });
});

describe("parseListingParams / listingSearch", () => {
  it("round-trips sort, filters and page cursor", () => {
    expect(listingSearch({ sort: "relevance", after: null })).toBe("");
    expect(listingSearch({ sort: "score-desc", after: "40_hund.se" })).toBe("?sort=score-desc&after=40_hund.se");
    expect(parseListingParams(new URLSearchParams("?sort=score-desc&after=40_hund.se"))).toEqual({
      sort: "score-desc",
      after: "40_hund.se",
      filters: NO_FILTERS,
      layout: "kort",
      pages: 1,
      saved: null,
    });
    expect(parseListingParams(new URLSearchParams("?sort=bogus&after=-4"))).toEqual({
      sort: "relevance",
      after: null,
      filters: NO_FILTERS,
      layout: "kort",
      pages: 1,
      saved: null,
    });
    const filtered = listingSearch({ sort: "name-asc", filters: { ...NO_FILTERS, tlds: [".nu"], lengthMax: 4 }, after: "x" });
    expect(filtered).toBe("?sort=name-asc&tld=nu&max=4&after=x");
    expect(parseListingParams(new URLSearchParams(filtered)).filters).toEqual({ ...NO_FILTERS, tlds: [".nu"], lengthMax: 4 });
  });
});

describe("the view's extent and saved search (?sidor=, ?sparad=)", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["1", 1],
    ["3", 3],
    ["9999", 9999],
    ["10000", 1],
    ["0", 1],
    ["-2", 1],
    ["02", 1],
    ["2.5", 1],
    ["två", 1],
  ])("reads pages %j as %j (the loader caps it)", (value, expected) => {
    expect(parseListPages(value)).toBe(expected);
  });
  it("keeps a saved search's id and drops anything else", () => {
    expect(parseSavedSearchParam("0b6c1f0e-7d5a-4c8e-9a57-1f2a3b4c5d6e")).toBe("0b6c1f0e-7d5a-4c8e-9a57-1f2a3b4c5d6e");
    for (const bad of [null, "", "<script>", "a".repeat(65), "a b"]) expect(parseSavedSearchParam(bad)).toBeNull();
  });
  it("writes them after the page cursor, one page and no search left out, and forms that change the filters drop them", () => {
    expect(listingSearch({ sort: "name-asc", after: "x", pages: 3, saved: "abc" })).toBe("?sort=name-asc&after=x&sidor=3&sparad=abc");
    expect(listingSearch({ sort: "name-asc", pages: 1, saved: null })).toBe("?sort=name-asc");
    const soon = parseSoonListParams(new URLSearchParams("sort=name-asc&min=4&sidor=2&sparad=abc"));
    expect(soon).toMatchObject({ pages: 2, saved: "abc" });
    expect(soonListSearch(soon)).toBe("?sort=name-asc&min=4&sidor=2&sparad=abc");
    expect(soonListKeep(soon)).toEqual([["sort", "name-asc"]]);
    expect(listingKeep({ sort: "name-asc", layout: "kort" })).toEqual([["sort", "name-asc"]]);
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

describe("the table layout (?vy=tabell)", () => {
  it.each([
    ["vy=tabell", "tabell"],
    ["vy=kort", "kort"],
    ["", "kort"],
    ["vy=TABELL", "kort"],
    ["vy=lista", "kort"],
    ["vy=%00", "kort"],
  ] as const)("%j reads as %s", (search, layout) => {
    expect(parseListLayout(new URLSearchParams(search).get("vy"))).toBe(layout);
    expect(parseListingParams(new URLSearchParams(search)).layout).toBe(layout);
    expect(parseSoonListParams(new URLSearchParams(search)).layout).toBe(layout);
  });
  it("is kept in the view's address, before the page cursor, and left out for cards", () => {
    expect(listingSearch({ sort: "name-asc", layout: "tabell", after: "x" })).toBe("?sort=name-asc&vy=tabell&after=x");
    expect(listingSearch({ sort: "name-asc", layout: "kort" })).toBe("?sort=name-asc");
    const soon = parseSoonListParams(new URLSearchParams("q=bil&min=4&vy=tabell"));
    expect(soonListSearch(soon)).toBe("?q=bil&min=4&vy=tabell");
    expect(soonListKeep(soon)).toEqual([
      ["q", "bil"],
      ["vy", "tabell"],
    ]);
  });
});
