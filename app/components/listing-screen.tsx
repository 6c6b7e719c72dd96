import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { ListingSortControls } from "~/components/listing-sort-controls";
import { EmptyListState } from "~/components/empty-list-state";
import { ListError } from "~/components/list-error";
import { ListFilters } from "~/components/list-filters";
import { ListSkeleton } from "~/components/list-skeleton";
import { OpenedSearchNote } from "~/components/opened-search-note";
import { PagedDomainList } from "~/components/paged-domain-list";
import { usePagedDomains } from "~/components/use-paged-domains";
import type { FacetCounts } from "~/domain/facets";
import type { ListPageData } from "~/domain/list-page";
import { filterScopeOf, NO_FILTERS, type PublicFilters, type PublicList, publicFilterEntries } from "~/domain/public-filters";
import { type ListTotal, listTotalText } from "~/lib/count-text";
import { listingNarrowingFilters } from "~/lib/narrowing-filters";
import { LISTING_TABLE_SORTS, headerSort } from "~/lib/list-table";
import { LISTING_SORT_LABELS, type ListLayout, listingKeep, listingSearch, type ListingSort } from "~/lib/listing-params";

export type ListingView = ListPageData & {
  sort: ListingSort;
  total: ListTotal | null;
  filters?: PublicFilters;
  facets?: FacetCounts | null;
  /** Cards (the default) or the table (?vy=tabell). */
  layout?: ListLayout;
};

type ListingScreenProps = {
  title: string;
  intro?: ReactNode;
  view: ListingView;
  /** Paths that count as "this list" while navigating, for the skeleton (e.g. "/search/"). */
  pathPrefix: string;
  /** The count line, where "{n} domäner hittades" from the total would not be true (the search's cap). */
  countText?: string;
  /** The list whose filters (app/domain/public-filters.ts), feed and "Spara sökning" the screen offers; the search has filters only. */
  filterList?: PublicList | "search";
};

/**
 * /search, /featured and /available (docs/product.md, "Lists and their
 * order"): one screen, three headers. The sort lives in the URL (?sort=), so it survives a reload and a
 * shared link, and works before JavaScript loads through the GET form.
 */
export function ListingScreen({ title, intro, view, pathPrefix, countText, filterList }: ListingScreenProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const filters = view.filters ?? NO_FILTERS;
  const layout = view.layout ?? "kort";
  const filterKey = new URLSearchParams(publicFilterEntries(filters)).toString();
  const saved = view.openedSearch?.id ?? null;
  const address = (next: { sort?: ListingSort; layout?: ListLayout; after?: string | null; pages?: number }) =>
    `${location.pathname}${listingSearch({ sort: view.sort, filters, layout, saved, ...next })}`;
  const list = usePagedDomains(view, `${location.pathname}|${view.sort}|${filterKey}|${layout}|${view.after ?? ""}`, (after, pages) =>
    address({ after, pages }),
  );
  const navigating = navigation.state === "loading" && navigation.location.pathname.startsWith(pathPrefix);
  const total = view.total ?? { count: list.domains.length, more: false };

  return (
    <section aria-labelledby="listing-title" className="space-y-6">
      <div className="space-y-2">
        <h1 id="listing-title" className="break-words text-3xl font-bold text-slate-900">
          {title}
        </h1>
        {intro}
      </div>
      {filterList && (
        <ListFilters
          list={filterList}
          path={filterList === "search" ? location.pathname : undefined}
          filters={filters}
          keep={listingKeep({ sort: view.sort, layout })}
          matches={view.total}
          facets={view.facets}
          signedIn={view.bookmarks.signedIn}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="font-medium text-slate-700" data-testid="count-text">
          {view.error ? "" : (countText ?? listTotalText(total))}
        </p>
        <ListingSortControls
          sort={view.sort}
          filters={filters}
          layout={layout}
          saved={saved}
          layoutHref={(next) => address({ layout: next })}
        />
      </div>
      {view.openedSearch && <OpenedSearchNote search={view.openedSearch} />}
      {navigating ? (
        <ListSkeleton />
      ) : view.error ? (
        <ListError message={view.error} />
      ) : list.domains.length === 0 ? (
        <EmptyListState
          narrowing={listingNarrowingFilters(location.pathname, !filterList || filterList === "search" ? "other" : filterScopeOf(filterList), {
            sort: view.sort,
            layout,
            filters,
            searchOwnsText: filterList === "search",
          })}
        />
      ) : (
        <PagedDomainList
          list={list}
          layout={layout}
          now={view.now}
          label={title}
          sortLabel={LISTING_SORT_LABELS[view.sort]}
          sortOf={(column) => headerSort(LISTING_TABLE_SORTS, column, view.sort)}
          sortHref={(sort) => address({ sort })}
        />
      )}
    </section>
  );
}
