import { data, redirect } from "react-router";
import { ListingSortControls } from "~/components/listing-sort-controls";
import { EmptyListState } from "~/components/empty-list-state";
import { EmptyState } from "~/components/empty-state";
import { ListError } from "~/components/list-error";
import { ListFilters } from "~/components/list-filters";
import { PagedDomainList } from "~/components/paged-domain-list";
import { OpenedSearchNote } from "~/components/opened-search-note";
import { PremiumFaq } from "~/components/premium-faq";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { usePagedDomains } from "~/components/use-paged-domains";
import { filtersFor, hasPublicFilters, parsePublicFilters, publicFilterEntries, withoutEmptyFilters } from "~/domain/public-filters";
import { listTotalText } from "~/lib/count-text";
import { LIST_ERRORS } from "~/lib/list-errors";
import { listingNarrowingFilters } from "~/lib/narrowing-filters";
import {
  LISTING_SORT_LABELS,
  type ListLayout,
  listingKeep,
  listingSearch,
  type ListingSort,
  parseListingParams,
} from "~/lib/listing-params";
import { headerSort, LISTING_TABLE_SORTS } from "~/lib/list-table";
import { listFeedMeta } from "~/lib/list-feeds";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { collectsPage, countListView, findPremium, loadListPage, tryList } from "~/server/domains/lists.server";
import { databaseOf } from "~/server/app-context.server";
import { savedSearchNewNames } from "~/server/saved-searches/saved-search-visits.server";
import { loadListFacets } from "~/server/domains/facets.server";
import type { Route } from "./+types/premium";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Premiumdomäner",
    description: "Köp en premiumdomän: korta och minnesvärda .se- och .nu-namn till salu, med hjälp genom hela ägarbytet.",
    path: "/premium",
    // The plain list is indexed; its filter combinations are not (the canonical link names the plain list).
    noIndex: hasPublicFilters(parsePublicFilters(new URLSearchParams(location.search))),
  }).concat(listFeedMeta("premium", "Premiumdomäner", location.search));

export async function loader({ request, context }: Route.LoaderArgs) {
  // A GET form's empty fields: the same view at its short address.
  const cleaned = withoutEmptyFilters(new URL(request.url).searchParams);
  if (cleaned !== null) throw redirect(`/premium${cleaned}`);
  const { sort, after, filters: given, layout, pages, saved } = parseListingParams(new URL(request.url).searchParams);
  const filters = filtersFor("other", given);
  const db = await databaseOf(context);
  const now = new Date();
  const filtering = hasPublicFilters(filters);
  // The count line shows only on a filtered view (the plain list needs none), and is read first: few
  // matches are read by collecting them (collectsPage).
  const total = filtering
    ? await tryList({ list: "premium-count" }, LIST_ERRORS.premium, () => countListView(db, "premium", { filters, now }))
    : null;
  const [view, facets] = await Promise.all([
    loadListPage(request, db, {
      list: "premium",
      after,
      layout,
      pages,
      showNew: savedSearchNewNames(db, saved, { list: "premium", filters, includeFeatured: true }),
      errorMessage: LIST_ERRORS.premium,
      load: (pageSize) => findPremium(db, { sort, after, pageSize, filters, now, collect: collectsPage(total?.ok ? total.value : null) }),
    }),
    loadListFacets(db, "premium", { after, filters, now }),
  ]);
  return data({ ...view, sort, layout, filters, facets, total: total?.ok ? total.value : null }, { status: view.error ? 503 : 200 });
}

export default function Premium({ loaderData }: Route.ComponentProps) {
  const { filters, total, sort, layout } = loaderData;
  const filterEntries = publicFilterEntries(filters);
  const filtering = filterEntries.length > 0;
  const saved = loaderData.openedSearch?.id ?? null;
  const address = (next: { sort?: ListingSort; layout?: ListLayout; after?: string | null; pages?: number }) =>
    `/premium${listingSearch({ sort, filters, layout, saved, ...next })}`;
  const list = usePagedDomains(
    loaderData,
    `premium|${new URLSearchParams(filterEntries)}|${sort}|${layout}|${loaderData.after ?? ""}`,
    (after, pages) => address({ after, pages }),
  );
  return (
    <div className="space-y-10">
      <section aria-labelledby="premium-title" className="space-y-6">
        <div className="space-y-2">
          {/* One long word: a size smaller on a phone, so that it fits a 320 px screen whole. */}
          <h1 id="premium-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Premiumdomäner
          </h1>
          <p className="max-w-3xl text-slate-700">
            Premiumdomäner är redan registrerade .se- och .nu-namn som säljs av sina ägare: korta, tydliga och lätta att komma ihåg. Klicka
            på en domän för att se pris och beskrivning och för att skicka en förfrågan.
          </p>
        </div>
        <ListFilters
          list="premium"
          filters={filters}
          keep={listingKeep({ sort, layout })}
          matches={total}
          facets={loaderData.facets}
          signedIn={loaderData.bookmarks.signedIn}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p role="status" className="font-medium text-slate-700" data-testid="count-text">
            {filtering && !loaderData.error && total ? listTotalText(total) : ""}
          </p>
          <ListingSortControls sort={sort} filters={filters} layout={layout} saved={saved} layoutHref={(next) => address({ layout: next })} />
        </div>
        {loaderData.openedSearch && <OpenedSearchNote search={loaderData.openedSearch} />}
        {loaderData.error ? (
          <ListError message={loaderData.error} />
        ) : list.domains.length === 0 && filtering ? (
          <EmptyListState narrowing={listingNarrowingFilters("/premium", "other", { sort, layout, filters })} />
        ) : list.domains.length === 0 ? (
          <EmptyState title="Inga premiumdomäner just nu">
            <p>Titta gärna in igen senare, eller bläddra bland domäner som snart blir lediga.</p>
          </EmptyState>
        ) : (
          <PagedDomainList
            list={list}
            layout={layout}
            now={loaderData.now}
            label="Premiumdomäner"
            sortLabel={LISTING_SORT_LABELS[sort]}
            sortOf={(column) => headerSort(LISTING_TABLE_SORTS, column, sort)}
            sortHref={(next) => address({ sort: next })}
          />
        )}
      </section>
      <Card className="bg-brand-50">
        <CardHeader>
          {/* A section of the page beside the list (h2), not a part of the last card. */}
          <h2 className="text-lg font-semibold leading-tight">Så köper du en premiumdomän</h2>
        </CardHeader>
        <CardContent className="space-y-2 text-slate-700">
          <p>
            Välj en domän och skicka en förfrågan via kontaktformuläret på domänens sida. En domänexpert återkommer med pris och villkor och
            hjälper dig genom ägarbytet.
          </p>
          <p>Du får fullständigt ägarskap, och överföringen tar normalt 1–2 arbetsdagar.</p>
        </CardContent>
      </Card>
      <PremiumFaq />
    </div>
  );
}
