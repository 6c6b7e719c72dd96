import { ErrorPage, PAGE_NOT_FOUND } from "~/components/error-page";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/not-found";

export async function loader({ request }: Route.LoaderArgs) {
  logger.info({ path: new URL(request.url).pathname }, "page not found");
  throw new Response(PAGE_NOT_FOUND.message, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: PAGE_NOT_FOUND.title, description: `${PAGE_NOT_FOUND.title}.`, path: "/404", noIndex: true });

// The loader always throws, so the root error boundary draws the page; the
// component is here because a route module without one would be a resource route.
export default function NotFound() {
  return <ErrorPage title={PAGE_NOT_FOUND.title} message={PAGE_NOT_FOUND.message} />;
}
