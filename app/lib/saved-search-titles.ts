// The titles /account shows its saved searches under (docs/product.md,
// "Saved searches"). A name is at most 80 characters and the offered one is
// cut there, and a typed one may repeat another's: where two searches' names
// read the same, each title adds what sets its view apart, so the headings,
// and the feed links and buttons named after them, tell the searches apart.
import { describePublicFilters, filterScopeOf, filtersFor, parsePublicFilters, type PublicList } from "~/domain/public-filters";
import { PUBLIC_LIST_TITLES } from "~/domain/saved-searches";
import { LIST_LAYOUT_PARAM, parseFeaturedToggle, parseListLayout } from "./listing-params";

export type SavedSearchTitle = {
  /** The title in full: the name, and where another search reads the same, what sets this one apart. */
  title: string;
  /** What sets it apart ("Börjar med ”a”"), or null when the name alone does. */
  distinction: string | null;
};

type TitledSearch = { name: string; list: PublicList; query: string };

/** What a saved view is, part by part: the filters, each a part that may be missing, and the parts every view has. */
function viewParts(search: TitledSearch): { filters: string[]; always: string[] } {
  const params = new URLSearchParams(search.query);
  const filters = describePublicFilters(filtersFor(filterScopeOf(search.list), parsePublicFilters(params))).map((filter) => filter.text);
  const always = [PUBLIC_LIST_TITLES[search.list], parseListLayout(params.get(LIST_LAYOUT_PARAM)) === "tabell" ? "som tabell" : "som kort"];
  if (search.list === "soon-available") always.push(parseFeaturedToggle(params.getAll("featured")) ? "med utvalda" : "utan utvalda");
  return { filters, always };
}

/** Names that read the same: a cut name ("…") reads as its uncut start, and case plays no part. */
const readsAs = (name: string) => name.replace(/…$/u, "").trim().toLocaleLowerCase("sv-SE");

/** Each search's title, in the order given. */
export function savedSearchTitles(searches: readonly TitledSearch[]): SavedSearchTitle[] {
  const groups = new Map<string, number[]>();
  searches.forEach((search, index) => groups.set(readsAs(search.name), [...(groups.get(readsAs(search.name)) ?? []), index]));
  const titles: SavedSearchTitle[] = searches.map((search) => ({ title: search.name, distinction: null }));
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const parts = members.map((index) => viewParts(searches[index]));
    const all = parts.map((part) => [...part.always, ...part.filters]);
    members.forEach((index, position) => {
      const others = all.filter((_, other) => other !== position);
      // Its own parts that some other search lacks, then the filters others have and it has not.
      const own = all[position].filter((part) => others.some((other) => !other.includes(part)));
      const missing = [...new Set(parts.flatMap((part, other) => (other === position ? [] : part.filters)))].filter(
        (part) => !all[position].includes(part),
      );
      if (missing.length > 0) own.push(`utan ${missing.length === 1 ? "filtret" : "filtren"} ${missing.join(", ")}`);
      titles[index] = distinguished(searches[index].name, own.length > 0 ? own.join(", ") : `nr ${position + 1}`);
    });
  }
  return numberedWhereSame(searches, titles);
}

function distinguished(name: string, distinction: string): SavedSearchTitle {
  return { title: `${name} (${distinction})`, distinction };
}

/** Titles that still read the same (views that differ in nothing a title can say) are told apart by their place. */
function numberedWhereSame(searches: readonly TitledSearch[], titles: SavedSearchTitle[]): SavedSearchTitle[] {
  const seen = new Map<string, number>();
  for (const title of titles) seen.set(readsAs(title.title), (seen.get(readsAs(title.title)) ?? 0) + 1);
  const counter = new Map<string, number>();
  return titles.map((title, index) => {
    const key = readsAs(title.title);
    if ((seen.get(key) ?? 0) < 2) return title;
    const number = (counter.get(key) ?? 0) + 1;
    counter.set(key, number);
    return distinguished(searches[index].name, title.distinction ? `${title.distinction}, nr ${number}` : `nr ${number}`);
  });
}
