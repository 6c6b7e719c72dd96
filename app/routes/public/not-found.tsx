import { Link } from "react-router";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/not-found";

export async function loader({ request }: Route.LoaderArgs) {
  logger.info({ path: new URL(request.url).pathname }, "page not found");
  throw new Response("Sidan du letar efter finns inte eller har flyttats.", { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: "Sidan kunde inte hittas", description: "Sidan kunde inte hittas.", path: "/404", noIndex: true });

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">Sidan kunde inte hittas</h1>
      <Link to="/">Till startsidan</Link>
    </section>
  );
}
