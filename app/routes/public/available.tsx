import { data, redirect } from "react-router";
import { ListingScreen } from "~/components/listing-screen";
import { hasPublicFilters, parsePublicFilters, withoutEmptyFilters } from "~/domain/public-filters";
import { parseListingParams } from "~/lib/listing-params";
import { listFeedMeta } from "~/lib/list-feeds";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { databaseOf } from "~/server/app-context.server";
import { loadListingView } from "~/server/domains/listing-view.server";
import type { Route } from "./+types/available";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Tillgängliga för registrering",
    description: "Lediga .se- och .nu-domäner som du kan registrera nu hos valfri registrar.",
    path: "/available",
    // The plain list is indexed; its filter combinations are not (the canonical link names the plain list).
    noIndex: hasPublicFilters(parsePublicFilters(new URLSearchParams(location.search))),
  }).concat(listFeedMeta("available", "Tillgängliga för registrering", location.search));

export async function loader({ request, context }: Route.LoaderArgs) {
  // A GET form's empty fields: the same view at its short address.
  const cleaned = withoutEmptyFilters(new URL(request.url).searchParams);
  if (cleaned !== null) throw redirect(`/available${cleaned}`);
  const view = await loadListingView(request, await databaseOf(context), "available", parseListingParams(new URL(request.url).searchParams));
  return data(view, { status: view.error ? 503 : 200 });
}

export default function Available({ loaderData }: Route.ComponentProps) {
  return (
    <ListingScreen
      title="Tillgängliga för registrering"
      intro={
        <p className="text-slate-700">Domänerna är lediga att registrera. Registrarer kan behöva upp till 24 timmar för att uppdatera.</p>
      }
      view={loaderData}
      pathPrefix="/available"
      filterList="available"
    />
  );
}
