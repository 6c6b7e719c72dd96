import { data, redirect } from "react-router";
import { ListingScreen } from "~/components/listing-screen";
import { hasPublicFilters, parsePublicFilters, withoutEmptyFilters } from "~/domain/public-filters";
import { parseListingParams } from "~/lib/listing-params";
import { listFeedMeta } from "~/lib/list-feeds";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { databaseOf } from "~/server/app-context.server";
import { loadListingView } from "~/server/domains/listing-view.server";
import type { Route } from "./+types/featured";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Utvalda domäner",
    description: "Utvalda .se- och .nu-domäner som är lediga, snart blir lediga eller säljs som premiumdomäner.",
    path: "/featured",
    // The plain list is indexed; its filter combinations are not (the canonical link names the plain list).
    noIndex: hasPublicFilters(parsePublicFilters(new URLSearchParams(location.search))),
  }).concat(listFeedMeta("featured", "Utvalda domäner", location.search));

export async function loader({ request, context }: Route.LoaderArgs) {
  // A GET form's empty fields: the same view at its short address.
  const cleaned = withoutEmptyFilters(new URL(request.url).searchParams);
  if (cleaned !== null) throw redirect(`/featured${cleaned}`);
  const view = await loadListingView(request, await databaseOf(context), "featured", parseListingParams(new URL(request.url).searchParams));
  return data(view, { status: view.error ? 503 : 200 });
}

export default function Featured({ loaderData }: Route.ComponentProps) {
  return <ListingScreen title="Utvalda domäner" view={loaderData} pathPrefix="/featured" filterList="featured" />;
}
