import { hasPublicFilters } from "~/domain/public-filters";
import { LIST_ERRORS } from "~/lib/list-errors";
import type { ListingParams } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { savedSearchNewNames } from "~/server/saved-searches/saved-search-visits.server";
import { loadListFacets } from "./facets.server";
import { collectsPage, countListView, findAvailable, findFeatured, loadSortedListPage } from "./lists.server";

/**
 * The /available and /featured loaders' data: one page in the chosen sort,
 * the view's total and, on the first page, the counts beside the filter
 * choices. A filtered view is counted first, so that few matches are read by
 * collecting them (collectsPage).
 */
export async function loadListingView(request: Request, db: Db, list: "available" | "featured", params: ListingParams) {
  const { sort, after, filters, layout, pages, saved } = params;
  const now = new Date();
  const find = list === "available" ? findAvailable : findFeatured;
  const [view, facets] = await Promise.all([
    loadSortedListPage(request, db, {
      list,
      after,
      errorMessage: LIST_ERRORS[list],
      load: (pageSize, total) => find(db, { sort, after, pageSize, filters, now, collect: collectsPage(total) }),
      countFirst: hasPublicFilters(filters),
      layout,
      pages,
      showNew: savedSearchNewNames(db, saved, { list, filters, includeFeatured: true }),
      count: () => countListView(db, list, { filters, now }),
    }),
    loadListFacets(db, list, { after, filters, now }),
  ]);
  return { ...view, sort, filters, facets, layout };
}
