// The Atom feed of a public list view (app/routes/feeds/list-feed.ts): its
// address, from the view's own, and the page-head link that announces it.
import type { MetaDescriptor } from "react-router";
import { filterScopeOf, filtersFor, parsePublicFilters, type PublicList, publicFilterEntries } from "~/domain/public-filters";
import {
  DEFAULT_LISTING_SORT,
  DEFAULT_SOON_SORT,
  LIST_LAYOUT_PARAM,
  listLayoutEntries,
  parseFeaturedToggle,
  parseListingSort,
  parseListLayout,
  parseSoonSort,
} from "./listing-params";

/**
 * The view's filters (those the list offers), on the soon list the featured toggle, and the table view:
 * "?min=4&featured=0&vy=tabell", or "". Saved searches keep it, and feeds link back to it.
 */
export function listViewQuery(list: PublicList, search: string): string {
  const params = new URLSearchParams(search);
  const query = new URLSearchParams(publicFilterEntries(filtersFor(filterScopeOf(list), parsePublicFilters(params))));
  if (list === "soon-available" && !parseFeaturedToggle(params.getAll("featured"))) query.set("featured", "0");
  for (const [name, value] of listLayoutEntries(parseListLayout(params.get(LIST_LAYOUT_PARAM)))) query.set(name, value);
  return query.size > 0 ? `?${query}` : "";
}

/**
 * What a saved search keeps of a view (docs/product.md, "Saved searches"):
 * listViewQuery and the view's sort when it is not the list's default,
 * "?min=4&sort=name-asc", or "".
 */
export function savedViewSearch(list: PublicList, search: string): string {
  const query = new URLSearchParams(listViewQuery(list, search));
  const given = new URLSearchParams(search).get("sort");
  const sort = list === "soon-available" ? parseSoonSort(given) : parseListingSort(given);
  if (sort !== (list === "soon-available" ? DEFAULT_SOON_SORT : DEFAULT_LISTING_SORT)) query.set("sort", sort);
  return query.size > 0 ? `?${query}` : "";
}

/** "/feeds/soon-available.atom?min=4": the feed of the view at `search` (sort and page play no part; the table view is kept for the feed's link back). */
export function listFeedPath(list: PublicList, search: string): string {
  return `/feeds/${list}.atom${listViewQuery(list, search)}`;
}

/** The page head's `<link rel="alternate">` to the view's feed, which feed readers find from the page's address. */
export function listFeedMeta(list: PublicList, title: string, search: string): MetaDescriptor {
  return { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `${title} (Atom)`, href: listFeedPath(list, search) };
}

/** The view's download (app/routes/exports/list-export.ts): its filters and featured toggle as listViewQuery, and its sort; not its layout. */
export function listDownloadQuery(list: PublicList, search: string): string {
  const query = new URLSearchParams(listViewQuery(list, search));
  query.delete(LIST_LAYOUT_PARAM);
  const sort = new URLSearchParams(search).get("sort");
  if (sort) query.set("sort", sort);
  return query.size > 0 ? `?${query}` : "";
}
