import { describe, expect, it } from "vitest";
import { parsePublicFilters } from "~/domain/public-filters";
import { parseSoonListParams } from "./listing-params";
import { listingNarrowingFilters, soonNarrowingFilters } from "./narrowing-filters";

const filters = (query: string) => parsePublicFilters(new URLSearchParams(query));

describe("listingNarrowingFilters", () => {
  it("names each filter in Swedish with the view's address without it, keeping sort and layout, leaving the page", () => {
    const narrowing = listingNarrowingFilters("/available", "available", {
      sort: "name-asc",
      layout: "tabell",
      filters: filters("tld=se&min=4&max=4&borjar=bil&sedan=2026-11-01"),
    });
    expect(narrowing.removals).toEqual([
      { key: "tld-.se", text: "Endast .se", href: "/available?sort=name-asc&min=4&max=4&borjar=bil&sedan=2026-11-01&vy=tabell" },
      { key: "length", text: "4 tecken", href: "/available?sort=name-asc&tld=se&borjar=bil&sedan=2026-11-01&vy=tabell" },
      { key: "borjar", text: "Börjar med ”bil”", href: "/available?sort=name-asc&tld=se&min=4&max=4&sedan=2026-11-01&vy=tabell" },
      { key: "sedan", text: "Ledig sedan 2026-11-01", href: "/available?sort=name-asc&tld=se&min=4&max=4&borjar=bil&vy=tabell" },
    ]);
    expect(narrowing.clearHref).toBe("/available?sort=name-asc&vy=tabell");
  });

  it("leaves out what the list does not offer, and on the search its term, which is its path", () => {
    const featured = listingNarrowingFilters("/featured", "other", {
      sort: "relevance",
      layout: "kort",
      filters: filters("slapps=vecka&sedan=2026-01-01"),
    });
    expect(featured).toEqual({ removals: [], clearHref: null });
    const search = listingNarrowingFilters("/search/bil", "other", {
      sort: "relevance",
      layout: "kort",
      filters: filters("q=hus&tecken=letters"),
      searchOwnsText: true,
    });
    expect(search.removals).toEqual([{ key: "tecken-letters", text: "Endast bokstäver a–z", href: "/search/bil" }]);
    expect(search.clearHref).toBe("/search/bil");
  });
});

describe("soonNarrowingFilters", () => {
  it("counts the search box's text and the featured switch turned off as well as the filters", () => {
    const params = parseSoonListParams(new URLSearchParams("q=bil&featured=0&sort=name-asc&tld=nu&slapps=vecka&after=abc"));
    const narrowing = soonNarrowingFilters(params);
    expect(narrowing.removals.map((removal) => [removal.text, removal.href])).toEqual([
      ["Sökningen ”bil”", "/soon-available?sort=name-asc&featured=0&tld=nu&slapps=vecka"],
      ["Utan utvalda domäner", "/soon-available?q=bil&sort=name-asc&tld=nu&slapps=vecka"],
      ["Endast .nu", "/soon-available?q=bil&sort=name-asc&featured=0&slapps=vecka"],
      ["Släpps: denna vecka", "/soon-available?q=bil&sort=name-asc&featured=0&tld=nu"],
    ]);
    expect(narrowing.clearHref).toBe("/soon-available?sort=name-asc");
  });

  it("has nothing to remove from the plain list, nor a search text too short to search by", () => {
    expect(soonNarrowingFilters(parseSoonListParams(new URLSearchParams("q=a")))).toEqual({ removals: [], clearHref: null });
  });
});
