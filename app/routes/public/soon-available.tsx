import { data, Link, redirect, useLocation, useNavigation } from "react-router";
import { EmptyListState } from "~/components/empty-list-state";
import { ListError } from "~/components/list-error";
import { ListSkeleton } from "~/components/list-skeleton";
import { OpenedSearchNote } from "~/components/opened-search-note";
import { PagedDomainList } from "~/components/paged-domain-list";
import { ListFilters } from "~/components/list-filters";
import { SoonFilters } from "~/components/soon-filters";
import { usePagedDomains } from "~/components/use-paged-domains";
import { type ListTotal, searchHitsText, showingCountText } from "~/lib/count-text";
import { LIST_ERRORS } from "~/lib/list-errors";
import { soonNarrowingFilters } from "~/lib/narrowing-filters";
import { hasPublicFilters, parsePublicFilters, publicFilterEntries, withoutEmptyFilters } from "~/domain/public-filters";
import { parseSoonListParams, SEARCH_LIMIT, SOON_SORT_LABELS, soonFormRedirect, soonListKeep, soonListSearch } from "~/lib/listing-params";
import { headerSort, SOON_TABLE_SORTS } from "~/lib/list-table";
import { listFeedMeta } from "~/lib/list-feeds";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { collectsPage, countListView, findSoonAvailable, loadListPage, tryList } from "~/server/domains/lists.server";
import { searchSoonAvailable } from "~/server/domains/search.server";
import { databaseOf } from "~/server/app-context.server";
import { savedSearchNewNames } from "~/server/saved-searches/saved-search-visits.server";
import { withCatchRiskBasis } from "~/server/domains/catch-risk-basis.server";
import { loadListFacets } from "~/server/domains/facets.server";
import type { Route } from "./+types/soon-available";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Snart lediga domäner",
    description: ".se- och .nu-domäner som snart släpps och blir lediga att registrera, med datum och nedräkning.",
    path: "/soon-available",
    // The plain list is indexed; its filter combinations are not (the canonical link names the plain list).
    noIndex: hasPublicFilters(parsePublicFilters(new URLSearchParams(location.search))),
  }).concat(listFeedMeta("soon-available", "Snart lediga domäner", location.search));

export async function loader({ request, context }: Route.LoaderArgs) {
  // The filter form sent without JavaScript, and a GET form's empty fields: the same view at its short address.
  const sent = soonFormRedirect(new URL(request.url).searchParams);
  if (sent !== null) throw redirect(sent);
  const cleaned = withoutEmptyFilters(new URL(request.url).searchParams);
  if (cleaned !== null) throw redirect(`/soon-available${cleaned}`);
  const params = parseSoonListParams(new URL(request.url).searchParams);
  const { sort, includeFeatured, filters } = params;
  const db = await databaseOf(context);
  const now = new Date();
  // The saved search's view holds the search box's text as its contains filter.
  const showNew = savedSearchNewNames(db, params.saved, { list: "soon-available", filters: { ...filters, contains: params.query }, includeFeatured });
  if (params.query) {
    const term = params.query;
    const view = await loadListPage(request, db, {
      list: "soon-available-search",
      after: null,
      showNew,
      errorMessage: LIST_ERRORS.searchInList,
      load: async () => ({
        domains: await withCatchRiskBasis(db, await searchSoonAvailable(db, { term, sort, includeFeatured, filters, now }), now),
        nextCursor: null,
      }),
    });
    return data({ ...view, params, total: null, facets: null }, { status: view.error ? 503 : 200 });
  }
  const count = () =>
    tryList({ list: "soon-available-count" }, LIST_ERRORS.soonAvailable, () =>
      countListView(db, "soon-available", { includeFeatured, filters, now }),
    );
  const page = (known: ListTotal | null) =>
    loadListPage(request, db, {
      list: "soon-available",
      after: params.after,
      layout: params.layout,
      pages: params.pages,
      showNew,
      errorMessage: LIST_ERRORS.soonAvailable,
      load: async (pageSize) => {
        const found = await findSoonAvailable(db, { sort, after: params.after, includeFeatured, pageSize, filters, now, collect: collectsPage(known) });
        return { ...found, domains: await withCatchRiskBasis(db, found.domains, now) };
      },
    });
  // A filtered view is counted first: few matches are read by collecting them (collectsPage).
  const facets = loadListFacets(db, "soon-available", { after: params.after, filters, includeFeatured, now });
  const counted = hasPublicFilters(filters) ? await count() : null;
  const [view, total] = counted ? [await page(counted.ok ? counted.value : null), counted] : await Promise.all([page(null), count()]);
  return data({ ...view, params, total: total.ok ? total.value : null, facets: await facets }, { status: view.error ? 503 : 200 });
}

export default function SoonAvailable({ loaderData }: Route.ComponentProps) {
  const { params, total } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const filterKey = new URLSearchParams(publicFilterEntries(params.filters)).toString();
  const list = usePagedDomains(
    loaderData,
    `${params.sort}|${params.includeFeatured}|${params.query ?? ""}|${filterKey}|${params.layout}|${params.after ?? ""}`,
    (after, pages) => `/soon-available${soonListSearch({ ...params, after, pages })}`,
  );
  const searchMode = params.query !== null;
  const featuredShown = list.domains.filter((domain) => domain.isFeatured).length;
  const countText = searchMode
    ? searchHitsText(params.rawQuery.trim(), list.domains.length, SEARCH_LIMIT)
    : showingCountText(list.domains.length, total?.count ?? list.domains.length, featuredShown, total?.more);

  return (
    <section aria-labelledby="soon-title" className="space-y-6">
      <div className="space-y-2">
        <h1 id="soon-title" className="text-3xl font-bold text-slate-900">
          Snart lediga domäner
        </h1>
        <p className="max-w-3xl text-slate-700">
          Här listas .se- och .nu-domäner som närmar sig sitt släppdatum. Domänerna släpps tidigast kl. 04:00 UTC på släppdagen. Ägaren kan
          förnya domänen fram till dess, så alla blir inte lediga.{" "}
          <Link className="font-medium text-brand-700 underline underline-offset-2" to="/slapps-idag">
            Följ dagens släpp live
          </Link>
        </p>
      </div>
      <SoonFilters params={params} busy={busy} />
      <ListFilters
        list="soon-available"
        filters={params.filters}
        keep={soonListKeep(params)}
        matches={total}
        facets={loaderData.facets}
        signedIn={loaderData.bookmarks.signedIn}
      />
      <p role="status" className="font-medium text-slate-700" data-testid="count-text">
        {loaderData.error ? "" : countText}
      </p>
      {loaderData.openedSearch && <OpenedSearchNote search={loaderData.openedSearch} />}
      {busy ? (
        <ListSkeleton />
      ) : loaderData.error ? (
        <ListError message={loaderData.error} />
      ) : list.domains.length === 0 ? (
        <EmptyListState narrowing={soonNarrowingFilters(params)} />
      ) : (
        <PagedDomainList
          list={list}
          layout={params.layout}
          now={loaderData.now}
          label="Snart lediga domäner"
          sortLabel={SOON_SORT_LABELS[params.sort]}
          sortOf={(column) => headerSort(SOON_TABLE_SORTS, column, params.sort)}
          sortHref={(sort) => `/soon-available${soonListSearch({ ...params, sort, after: null, pages: 1 })}`}
          paged={!searchMode}
          catchRiskColumn
        />
      )}
    </section>
  );
}
