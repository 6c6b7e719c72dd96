// What narrows an empty list view (docs/product.md, "Layout and loading"):
// each active filter in Swedish with the address of the same view without
// it, and the address without them all. Plain addresses, so the links work
// before JavaScript loads; the view's sort and layout stay, its page does not.
import { describePublicFilters, type FilterScope, filtersFor, NO_FILTERS, type PublicFilters } from "~/domain/public-filters";
import { type ListLayout, listingSearch, type ListingSort, type SoonListParams, soonListSearch } from "./listing-params";

/** One thing that narrows the view: how it reads ("Endast .se") and where the view is without it. */
export type FilterRemoval = { key: string; text: string; href: string };

export type NarrowingFilters = {
  removals: FilterRemoval[];
  /** The view with none of them; null when nothing narrows it. */
  clearHref: string | null;
};

/**
 * /available, /featured, /premium and /search/{term} (the ListingScreen's
 * lists): the filters the list offers. The search's own term is its path, not
 * a filter, so it stays.
 */
export function listingNarrowingFilters(
  path: string,
  scope: FilterScope,
  view: { sort: ListingSort; layout: ListLayout; filters: PublicFilters; searchOwnsText?: boolean },
): NarrowingFilters {
  const own = (filters: PublicFilters) => filtersFor(scope, view.searchOwnsText ? { ...filters, contains: null } : filters);
  const href = (filters: PublicFilters) => `${path}${listingSearch({ sort: view.sort, layout: view.layout, filters: own(filters) })}`;
  const removals = describePublicFilters(own(view.filters)).map((filter) => ({
    key: filter.key,
    text: filter.text,
    href: href(filter.without),
  }));
  return { removals, clearHref: removals.length > 0 ? href(NO_FILTERS) : null };
}

/** /soon-available: its filters, and the search box's text and the featured switch turned off, which narrow it as well. */
export function soonNarrowingFilters(params: SoonListParams): NarrowingFilters {
  const href = (change: Partial<SoonListParams>) => `/soon-available${soonListSearch({ ...params, after: null, ...change })}`;
  const removals: FilterRemoval[] = [];
  const searched = params.query === null ? "" : params.rawQuery.trim();
  if (searched) removals.push({ key: "sokning", text: `Sökningen ”${searched}”`, href: href({ rawQuery: "" }) });
  if (!params.includeFeatured) removals.push({ key: "featured", text: "Utan utvalda domäner", href: href({ includeFeatured: true }) });
  for (const filter of describePublicFilters(filtersFor("soon", params.filters))) {
    removals.push({ key: filter.key, text: filter.text, href: href({ filters: filter.without }) });
  }
  return {
    removals,
    clearHref: removals.length > 0 ? href({ rawQuery: "", includeFeatured: true, filters: NO_FILTERS }) : null,
  };
}
