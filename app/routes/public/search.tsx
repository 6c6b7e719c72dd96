import { data, redirect } from "react-router";
import { ListingScreen } from "~/components/listing-screen";
import { parseDomainName } from "~/domain/names";
import { filtersFor, parsePublicFilters, withoutEmptyFilters } from "~/domain/public-filters";
import { normalizeSearchTerm } from "~/domain/search-input";
import { searchCountText } from "~/lib/count-text";
import { LIST_ERRORS } from "~/lib/list-errors";
import { LIST_LAYOUT_PARAM, parseListingSort, parseListLayout, SEARCH_LIMIT } from "~/lib/listing-params";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { findDomainByNameExact } from "~/server/domains/detail.server";
import { loadListPage, tryList } from "~/server/domains/lists.server";
import { countSearchMatches, searchDomains } from "~/server/domains/search.server";
import { databaseOf } from "~/server/app-context.server";
import type { Route } from "./+types/search";

/** What the heading repeats back: trimmed and bounded, whatever was in the URL. */
const MAX_SHOWN_QUERY = 100;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const query = loaderData?.query ?? "";
  return pageMeta(siteFromMatches(matches), {
    title: `Sökresultat för "${query}"`,
    description: `Domäner vars namn innehåller "${query}": snart lediga, lediga och premiumdomäner.`,
    path: `/search/${encodeURIComponent(query)}`,
    noIndex: true,
  });
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = [...(params.query ?? "").trim()].slice(0, MAX_SHOWN_QUERY).join("");
  const url = new URL(request.url);
  // A GET form's empty filter fields: the same view at its short address.
  const cleaned = withoutEmptyFilters(url.searchParams);
  if (cleaned !== null) throw redirect(`/search/${encodeURIComponent(query)}${cleaned}`);
  const sort = parseListingSort(url.searchParams.get("sort"));
  const layout = parseListLayout(url.searchParams.get(LIST_LAYOUT_PARAM));
  // The filters of a list of any status; the searched text is the path, not the contains filter.
  const filters = { ...filtersFor("other", parsePublicFilters(url.searchParams)), contains: null };
  const now = new Date();
  const db = await databaseOf(context);

  // A query naming an existing domain goes straight to its page (docs/product.md, "Searching names").
  const parsed = query.includes(".") ? parseDomainName(query) : null;
  if (parsed?.ok) {
    const found = await tryList({ list: "search-exact", name: parsed.ace }, LIST_ERRORS.search, () => findDomainByNameExact(db, parsed.ace));
    if (found.ok && found.value) throw redirect(`/d/${encodeURIComponent(found.value.unicodeName)}`);
  }

  const term = normalizeSearchTerm(query);
  const view = await loadListPage(request, db, {
    list: "search",
    after: null,
    errorMessage: LIST_ERRORS.search,
    // Under 2 characters the list is empty; searchDomains applies the same rule.
    load: async () => ({ domains: term ? await searchDomains(db, { term, sort, filters, now }) : [], nextCursor: null }),
  });
  // Only a search that filled its 50 may have more matches: they are counted, up to a bound.
  const capped = term !== null && view.domains.length === SEARCH_LIMIT;
  const counted = capped ? await tryList({ list: "search-count", url: request.url }, LIST_ERRORS.search, () => countSearchMatches(db, { term, filters, now })) : null;
  const matches = counted?.ok ? counted.value : null;
  return data({ ...view, sort, layout, query, filters, total: { count: view.domains.length, more: false }, matches }, { status: view.error ? 503 : 200 });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, domains, matches } = loaderData;
  return (
    <ListingScreen
      title={`Sökresultat för "${query}"`}
      view={loaderData}
      pathPrefix="/search/"
      filterList="search"
      countText={searchCountText(domains.length, SEARCH_LIMIT, matches)}
    />
  );
}
