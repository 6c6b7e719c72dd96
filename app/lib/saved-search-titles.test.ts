import { describe, expect, it } from "vitest";
import { MAX_SAVED_SEARCH_NAME_LENGTH, suggestedSearchName } from "~/domain/saved-searches";
import type { PublicList } from "~/domain/public-filters";
import { savedSearchTitles } from "./saved-search-titles";

const search = (name: string, list: PublicList, query: string) => ({ name, list, query });
const offered = (list: PublicList, query: string) => search(suggestedSearchName(list, query), list, query);

describe("savedSearchTitles", () => {
  it("keeps a name that no other search shares as it is", () => {
    expect(savedSearchTitles([search("Korta .se", "soon-available", "tld=se&max=4"), search("Korta .nu", "soon-available", "tld=nu&max=4")])).toEqual([
      { title: "Korta .se", distinction: null },
      { title: "Korta .nu", distinction: null },
    ]);
  });

  it("tells apart two offered names cut at 80 characters by the filter they differ in", () => {
    const shared = "tld=se&min=4&max=6&tecken=letters&borjar=bil&slutar=en&utan=xx";
    const first = offered("soon-available", `${shared}&ord=ar`);
    const second = offered("soon-available", shared);
    expect(first.name.length).toBeLessThanOrEqual(MAX_SAVED_SEARCH_NAME_LENGTH);
    expect(first.name).toMatch(/…$/);
    expect(first.name).toBe(second.name);
    const [a, b] = savedSearchTitles([first, second]);
    expect(a.distinction).toBe("Är ett svenskt ord");
    expect(b.distinction).toBe("utan filtret Är ett svenskt ord");
    expect(a.title).toBe(`${first.name} (Är ett svenskt ord)`);
    expect(a.title).not.toBe(b.title);
  });

  it("names the list, the featured toggle or the table view where that is the difference, ignoring case and a cut's ellipsis", () => {
    const titles = savedSearchTitles([
      search("Fyra tecken", "soon-available", "min=4&max=4"),
      search("fyra tecken…", "available", "min=4&max=4"),
      search("Fyra tecken", "soon-available", "min=4&max=4&featured=0&vy=tabell"),
    ]);
    expect(titles.map((title) => title.title)).toEqual([
      "Fyra tecken (Snart lediga domäner, som kort, med utvalda)",
      "fyra tecken… (Tillgängliga för registrering, som kort)",
      "Fyra tecken (Snart lediga domäner, som tabell, utan utvalda)",
    ]);
  });

  it("numbers searches whose titles would still read the same", () => {
    const titles = savedSearchTitles([search("Bilar", "available", "borjar=bil"), search("Bilar", "available", "borjar=bil")]);
    expect(titles.map((title) => title.title)).toEqual(["Bilar (nr 1)", "Bilar (nr 2)"]);
  });
});
