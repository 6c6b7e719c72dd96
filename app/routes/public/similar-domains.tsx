import { data, isRouteErrorResponse, Link } from "react-router";
import { SIMILAR_FETCH_FAILED, SimilarDomainsList } from "~/components/domain-detail/similar-domains";
import { ErrorPage } from "~/components/error-page";
import type { SimilarDomainsData } from "~/domain/domain-page";
import { INVALID_NAME, readDomainNameParam } from "~/lib/domain-name-param";
import { domainPagePath, similarDomainsPath } from "~/lib/domain-path";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { databaseOf } from "~/server/app-context.server";
import { getOptionalUser } from "~/server/auth/session.server";
import { loadSimilarDomains } from "~/server/domains/load-domain-page.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/similar-domains";

/**
 * A name's similar names. The name page's section loads this when it comes
 * into view (decision 0035); without JavaScript its link opens it as a page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<SimilarDomainsData> {
  const parsed = readDomainNameParam(params.domainName, similarDomainsPath);
  try {
    const user = await getOptionalUser(request);
    const page = await loadSimilarDomains(await databaseOf(context), parsed, { userId: user?.id ?? null });
    return { name: { ace: parsed.ace, unicode: parsed.unicode }, ...page, serverNow: new Date().toISOString(), signedIn: user !== null };
  } catch (error) {
    logger.error({ err: error, domain: parsed.ace }, "similar names: reading the database failed");
    throw data(SIMILAR_FETCH_FAILED, { status: 503 });
  }
}

/**
 * In the browser: a failure (the server's 503, a lost connection) is null,
 * which the name page's section shows with "Försök igen", instead of the
 * error replacing the whole name page.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch {
    return null;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  const unicode = loaderData?.name.unicode;
  return pageMeta(site, {
    title: unicode ? `Liknande domäner till ${unicode}` : "Liknande domäner",
    description: unicode ? `Lediga och snart lediga domäner som liknar ${unicode}.` : "Liknande domäner.",
    path: unicode ? similarDomainsPath(unicode) : "/d",
    // The name's own page holds the same names; this one is its fallback without JavaScript.
    noIndex: true,
  });
};

export default function SimilarDomainsPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return <ErrorPage title="Liknande domäner är inte tillgängliga" message={SIMILAR_FETCH_FAILED} />;
  const { name, similar, bookmarkedNames, signedIn, serverNow } = loaderData;
  return (
    <article className="space-y-6">
      <h1 className="text-3xl font-bold break-words text-slate-900">Liknande domäner till {name.unicode}</h1>
      <SimilarDomainsList domains={similar} now={Date.parse(serverNow)} headingLevel={2} bookmarks={{ signedIn, names: bookmarkedNames }} />
      <p>
        <Link to={domainPagePath(name.unicode)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Tillbaka till {name.unicode}
        </Link>
      </p>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const given = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : null;
  const message = status >= 500 ? SIMILAR_FETCH_FAILED : (given ?? INVALID_NAME);
  return <ErrorPage title={status >= 500 ? "Liknande domäner är inte tillgängliga" : "Domänen kan inte visas"} message={message} />;
}
