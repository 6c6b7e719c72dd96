// The URL parameters of the public lists (sort, page cursor, filter text,
// featured toggle, the filters of app/domain/public-filters.ts), parsed the
// same way by loaders and by the browser.
// Anything a visitor can type into the address bar must parse to something
// valid: an unknown sort falls back to the default and a bad cursor to the
// first page.
import { NO_FILTERS, parsePublicFilters, type PublicFilters, publicFilterEntries } from "~/domain/public-filters";
import { SAVED_SEARCH_PARAM } from "~/domain/saved-searches";
import { normalizeSearchTerm } from "~/domain/search-input";
import { decodeListCursor } from "~/lib/list-cursor";

/** /search, /featured and /available (docs/product.md, "Lists and their order"). */
export const LISTING_SORTS = ["relevance", "name-asc", "name-desc", "score-desc", "length-asc"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_LISTING_SORT: ListingSort = "relevance";

export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  relevance: "Relevans",
  "name-asc": "Namn A-Ö",
  "name-desc": "Namn Ö-A",
  "score-desc": "Poäng (högst först)",
  "length-asc": "Längd (kortast först)",
};

/** /soon-available (docs/product.md, "Lists and their order"), date-asc first and default. */
export const SOON_SORTS = ["date-asc", "date-desc", "name-asc", "name-desc", "score-desc", "score-asc", "length-asc", "risk-asc", "risk-desc"] as const;
export type SoonSort = (typeof SOON_SORTS)[number];
export const DEFAULT_SOON_SORT: SoonSort = "date-asc";

export const SOON_SORT_LABELS: Record<SoonSort, string> = {
  "date-asc": "Datum (tidigast först)",
  "date-desc": "Datum (senast först)",
  "name-asc": "Namn A-Ö",
  "name-desc": "Namn Ö-A",
  "score-desc": "Poäng (högst först)",
  "score-asc": "Poäng (lägst först)",
  "length-asc": "Längd (kortast först)",
  // The risk of being taken at once (decision 0085); names without a known risk last both ways.
  "risk-asc": "Lägst risk först",
  "risk-desc": "Högst risk först",
};

/**
 * How a list shows its names (docs/product.md, "A table view"): cards, or a
 * table of rows for scanning hundreds at once (?vy=tabell). Cards are the
 * default and are left out of the URL.
 */
export const LIST_LAYOUTS = ["kort", "tabell"] as const;
export type ListLayout = (typeof LIST_LAYOUTS)[number];
export const DEFAULT_LIST_LAYOUT: ListLayout = "kort";
/** The URL parameter of the view. */
export const LIST_LAYOUT_PARAM = "vy";

export function parseListLayout(value: string | null | undefined): ListLayout {
  return isOneOf(LIST_LAYOUTS, value) ? value : DEFAULT_LIST_LAYOUT;
}

/** The view's parameter as the URL carries it: nothing for cards, ["vy", "tabell"] for the table. */
export function listLayoutEntries(layout: ListLayout | undefined): [string, string][] {
  return layout && layout !== DEFAULT_LIST_LAYOUT ? [[LIST_LAYOUT_PARAM, layout]] : [];
}

/** A table page holds up to 500 rows, on a phone too: the table is what a hunter scanning a release asks for. */
export const TABLE_PAGE_SIZE = 500;

/** The public lists' pages hold 100 (docs/product.md, "Pages of a list"). */
export const LIST_PAGE_SIZE = 100;
/**
 * A phone's pages (a phone's user agent): 100 cards in one column made a
 * page over 15,000 px tall. 24 fill a few screens and divide into 1, 2, 3
 * or 4 columns; "Visa fler" brings the next 24.
 */
export const PHONE_LIST_PAGE_SIZE = 24;
/** Each home section shows 8. */
export const HOME_SECTION_SIZE = 8;
/**
 * How many names one answer shows at most, however many pages "Visa fler" has
 * brought (?sidor=): 20 pages of cards, 4 of the table. Past it the address
 * keeps this many, and without JavaScript "Visa fler" starts at the next page.
 */
export const MAX_VIEW_NAMES = 2000;
/** The id of the first name of the last page a view's address asks for (?sidor=): where "Visa fler" without JavaScript lands. */
export const MORE_ANCHOR = "fler";
/** The URL parameter of how many pages the view shows (docs/product.md, "Pages of a list"). */
export const LIST_PAGES_PARAM = "sidor";

/**
 * How many pages the view shows from its start (?sidor=, "Visa fler" adds
 * one): 1 unless the address says a whole number from 2 up. The loader caps it.
 */
export function parseListPages(value: string | null | undefined): number {
  if (!value || !/^[1-9][0-9]{0,3}$/.test(value)) return 1;
  return Number(value);
}

/** The saved search a view was opened from (?sparad=, its id), or null; the server checks it is the viewer's and this view. */
export function parseSavedSearchParam(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null;
}

/** The view's extent and saved search as the URL carries them: nothing for one page and no search. */
function extentEntries(pages: number | undefined, saved: string | null | undefined): [string, string][] {
  const entries: [string, string][] = [];
  if (pages && pages > 1) entries.push([LIST_PAGES_PARAM, String(pages)]);
  if (saved) entries.push([SAVED_SEARCH_PARAM, saved]);
  return entries;
}

/** Search results are capped at 50 (docs/product.md, "Searching names"). */
export const SEARCH_LIMIT = 50;

export function parseListingSort(value: string | null | undefined): ListingSort {
  return isOneOf(LISTING_SORTS, value) ? value : DEFAULT_LISTING_SORT;
}

export function parseSoonSort(value: string | null | undefined): SoonSort {
  return isOneOf(SOON_SORTS, value) ? value : DEFAULT_SOON_SORT;
}

/**
 * Where the page starts (?after=, the previous page's last row: see
 * list-cursor.ts), or null for the first page. Text that is not a cursor is
 * the first page too; the list checks the cursor's value against its order.
 */
export function parseAfter(value: string | null | undefined): string | null {
  return decodeListCursor(value) ? value! : null;
}

/**
 * The featured toggle is on unless switched off: "featured=0" is off, no
 * value the default (on). Any "1" means on, as the old form sent a hidden "0"
 * followed by the ticked checkbox's "1".
 */
export function parseFeaturedToggle(values: readonly string[]): boolean {
  if (values.includes("1")) return true;
  return !values.includes("0");
}

/**
 * The field that marks the soon list's GET form as sent without JavaScript
 * (SoonFilters): its featured checkbox sends "featured=1" when ticked and
 * nothing when not, so with the mark a missing "1" means off. The loader
 * answers such a request with a redirect to the view's short address
 * (soonFormRedirect), "featured=0" only when off.
 */
export const SOON_FORM_FIELD = "filtrera";

/** The filter/search text: the shared search normalisation, or null when under 2 characters. */
export function parseFilterText(value: string | null | undefined): string | null {
  return value ? normalizeSearchTerm(value) : null;
}

export type SoonListParams = {
  sort: SoonSort;
  /** The page cursor; null for the first page. */
  after: string | null;
  /** Normalised search text; null when absent or too short (list mode). The contains filter of the other lists. */
  query: string | null;
  /** What was typed, for the search box, capped so it cannot bloat the page. */
  rawQuery: string;
  includeFeatured: boolean;
  filters: PublicFilters;
  layout: ListLayout;
  /** Pages shown from `after` (?sidor=). */
  pages: number;
  /** The saved search the view was opened from (?sparad=). */
  saved: string | null;
};

export function parseSoonListParams(searchParams: URLSearchParams): SoonListParams {
  const rawQuery = (searchParams.get("q") ?? "").slice(0, 200);
  return {
    sort: parseSoonSort(searchParams.get("sort")),
    after: parseAfter(searchParams.get("after")),
    query: parseFilterText(rawQuery),
    rawQuery,
    includeFeatured: searchParams.has(SOON_FORM_FIELD)
      ? searchParams.getAll("featured").includes("1")
      : parseFeaturedToggle(searchParams.getAll("featured")),
    // The search box owns the text (`query`, the same as the contains filter): the filters leave it out.
    filters: { ...parsePublicFilters(searchParams), contains: null },
    layout: parseListLayout(searchParams.get(LIST_LAYOUT_PARAM)),
    pages: parseListPages(searchParams.get(LIST_PAGES_PARAM)),
    saved: parseSavedSearchParam(searchParams.get(SAVED_SEARCH_PARAM)),
  };
}

/** The query string for a soon-available view, leaving defaults out so URLs stay short. */
export function soonListSearch(params: Partial<SoonListParams>): string {
  const search = new URLSearchParams();
  if (params.rawQuery?.trim()) search.set("q", params.rawQuery.trim());
  if (params.sort && params.sort !== DEFAULT_SOON_SORT) search.set("sort", params.sort);
  if (params.includeFeatured === false) search.set("featured", "0");
  for (const [name, value] of publicFilterEntries(params.filters ?? NO_FILTERS)) search.append(name, value);
  for (const [name, value] of listLayoutEntries(params.layout)) search.set(name, value);
  if (params.after) search.set("after", params.after);
  for (const [name, value] of extentEntries(params.pages, params.saved)) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * The short address of a soon-list view the filter form sent without
 * JavaScript ("?q=&sort=date-asc&featured=1&filtrera=1" → "?q=…" or "";
 * page 1, as every change of the filters starts there), or of an old address
 * with the toggle twice ("featured=0&featured=1"); null for any other request.
 */
export function soonFormRedirect(searchParams: URLSearchParams): string | null {
  const sent = searchParams.has(SOON_FORM_FIELD);
  if (!sent && searchParams.getAll("featured").length < 2) return null;
  const params = parseSoonListParams(searchParams);
  return `/soon-available${soonListSearch({ ...params, after: sent ? null : params.after })}`;
}

/** The soon list's parameters other than its filters and page (search text, sort, featured toggle, view), for forms that change only the filters. */
export function soonListKeep(params: SoonListParams): [string, string][] {
  return [...new URLSearchParams(soonListSearch({ ...params, filters: NO_FILTERS, after: null, pages: 1, saved: null }))];
}

export type ListingParams = {
  sort: ListingSort;
  after: string | null;
  filters: PublicFilters;
  layout: ListLayout;
  /** Pages shown from `after` (?sidor=). */
  pages: number;
  /** The saved search the view was opened from (?sparad=). */
  saved: string | null;
};

export function parseListingParams(searchParams: URLSearchParams): ListingParams {
  return {
    sort: parseListingSort(searchParams.get("sort")),
    after: parseAfter(searchParams.get("after")),
    filters: parsePublicFilters(searchParams),
    layout: parseListLayout(searchParams.get(LIST_LAYOUT_PARAM)),
    pages: parseListPages(searchParams.get(LIST_PAGES_PARAM)),
    saved: parseSavedSearchParam(searchParams.get(SAVED_SEARCH_PARAM)),
  };
}

/** The query string for a listing view (sort, filters, view, page cursor, pages and saved search), defaults left out. */
export function listingSearch(params: Partial<ListingParams>): string {
  const search = new URLSearchParams();
  if (params.sort && params.sort !== DEFAULT_LISTING_SORT) search.set("sort", params.sort);
  for (const [name, value] of publicFilterEntries(params.filters ?? NO_FILTERS)) search.append(name, value);
  for (const [name, value] of listLayoutEntries(params.layout)) search.set(name, value);
  if (params.after) search.set("after", params.after);
  for (const [name, value] of extentEntries(params.pages, params.saved)) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A listing view's parameters other than its filters and page (sort, layout), for forms that change only the filters. */
export function listingKeep(params: { sort: ListingSort; layout: ListLayout }): [string, string][] {
  return [...new URLSearchParams(listingSearch({ sort: params.sort, layout: params.layout }))];
}

/**
 * Escapes LIKE's wildcards so a search for "100%" or "a_b" matches those
 * characters literally; backslash is PostgreSQL's default LIKE escape.
 */
export function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function isOneOf<T extends string>(values: readonly T[], value: string | null | undefined): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}
