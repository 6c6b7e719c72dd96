// Saved searches (docs/product.md, "Saved searches"): a signed-in user's named
// list views. What a saved search is, apart from where it is kept: its list
// and query, its name's rules, and the name it is offered by default.
import { describePublicFilters, filterScopeOf, filtersFor, parsePublicFilters, type PublicList } from "./public-filters";

/** The URL parameter of the saved search a view was opened from (docs/product.md, "Saved searches"): its id. */
export const SAVED_SEARCH_PARAM = "sparad";

/** The account page lists every saved search with its counts, so their number is bounded. */
export const MAX_SAVED_SEARCHES = 20;

export const MAX_SAVED_SEARCH_NAME_LENGTH = 80;

/** The lists a search can be saved from, with the titles their pages and feeds carry. */
export const PUBLIC_LIST_TITLES: Record<PublicList, string> = {
  "soon-available": "Snart lediga domäner",
  available: "Tillgängliga för registrering",
  featured: "Utvalda domäner",
  premium: "Premiumdomäner",
};

export function isPublicList(value: unknown): value is PublicList {
  return typeof value === "string" && Object.hasOwn(PUBLIC_LIST_TITLES, value);
}

/** The name as typed, trimmed and on one line; null when nothing is left. Longer names are cut. */
export function parseSavedSearchName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value
    .slice(0, MAX_SAVED_SEARCH_NAME_LENGTH * 4)
    .toWellFormed()
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, " ")
    .trim()
    .slice(0, MAX_SAVED_SEARCH_NAME_LENGTH)
    .trim();
  return name === "" ? null : name;
}

/** The name the save form offers: the list and its filters, "Snart lediga domäner: 4 tecken, Endast .se". */
export function suggestedSearchName(list: PublicList, query: string): string {
  const filters = filtersFor(filterScopeOf(list), parsePublicFilters(new URLSearchParams(query)));
  const chips = describePublicFilters(filters).map((filter) => filter.text);
  const name = chips.length > 0 ? `${PUBLIC_LIST_TITLES[list]}: ${chips.join(", ")}` : PUBLIC_LIST_TITLES[list];
  return name.length <= MAX_SAVED_SEARCH_NAME_LENGTH ? name : `${name.slice(0, MAX_SAVED_SEARCH_NAME_LENGTH - 1).trimEnd()}…`;
}

/** A saved search's two private feeds, at its token (app/routes/feeds/saved-search-feed.ts). */
export function savedSearchFeedUrls(siteUrl: string, feedToken: string): { atom: string; calendar: string } {
  const base = `${siteUrl.replace(/\/$/, "")}/feeds/saved/${feedToken}`;
  return { atom: `${base}.atom`, calendar: `${base}.ics` };
}

/** The saved view's page: "/soon-available?min=4". */
export function savedSearchPath(list: PublicList, query: string): string {
  return query ? `/${list}?${query}` : `/${list}`;
}

/** The saved view's page opened from /account ("Visa sökningen"): it marks the names new to the search, "/available?min=4&sparad={id}". */
export function openedSavedSearchPath(list: PublicList, query: string, id: string): string {
  const search = new URLSearchParams(query);
  search.set(SAVED_SEARCH_PARAM, id);
  return `/${list}?${search}`;
}
