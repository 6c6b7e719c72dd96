import { data } from "react-router";
import { ListingScreen } from "~/components/listing-screen";
import { LIST_ERRORS } from "~/lib/list-errors";
import { parseListingParams } from "~/lib/listing-params";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { countFeatured, findFeatured, loadSortedListPage } from "~/server/domains/lists.server";
import { databaseOf } from "~/server/app-context.server";
import type { Route } from "./+types/featured";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Utvalda domäner",
    description: "Utvalda .se- och .nu-domäner som är lediga, snart blir lediga eller säljs som premiumdomäner.",
    path: "/featured",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { sort, after } = parseListingParams(new URL(request.url).searchParams);
  const db = await databaseOf(context);
  const view = await loadSortedListPage(request, db, {
    list: "featured",
    after,
    errorMessage: LIST_ERRORS.featured,
    load: (pageSize) => findFeatured(db, { sort, after, pageSize }),
    count: () => countFeatured(db),
  });
  return data({ ...view, sort }, { status: view.error ? 503 : 200 });
}

export default function Featured({ loaderData }: Route.ComponentProps) {
  return <ListingScreen title="Utvalda domäner" view={loaderData} pathPrefix="/featured" />;
}
