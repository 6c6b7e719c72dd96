import { data } from "react-router";
import { ListingScreen } from "~/components/listing-screen";
import { LIST_ERRORS } from "~/lib/list-errors";
import { parseListingParams } from "~/lib/listing-params";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { countAvailable, findAvailable, loadSortedListPage } from "~/server/domains/lists.server";
import { databaseOf } from "~/server/app-context.server";
import type { Route } from "./+types/available";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Tillgängliga för registrering",
    description: "Lediga .se- och .nu-domäner som du kan registrera nu hos valfri registrar.",
    path: "/available",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { sort, after } = parseListingParams(new URL(request.url).searchParams);
  const db = await databaseOf(context);
  const view = await loadSortedListPage(request, db, {
    list: "available",
    after,
    errorMessage: LIST_ERRORS.available,
    load: (pageSize) => findAvailable(db, { sort, after, pageSize }),
    count: () => countAvailable(db),
  });
  return data({ ...view, sort }, { status: view.error ? 503 : 200 });
}

export default function Available({ loaderData }: Route.ComponentProps) {
  return (
    <ListingScreen
      title="Tillgängliga för registrering"
      intro={<p className="text-slate-700">Domänerna är lediga att registrera. Registrarer kan behöva upp till 24 timmar för att uppdatera.</p>}
      view={loaderData}
      pathPrefix="/available"
    />
  );
}
