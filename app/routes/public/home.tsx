import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Snart lediga .se- och .nu-domäner",
    description: "Hitta .se- och .nu-domäner som snart blir lediga, lediga domäner och premiumdomäner. Bevaka namnen du vill ha.",
    path: "/",
  });

export default function Home() {
  return (
    <section className="py-8">
      <h1 className="text-3xl font-bold">Hitta din nästa domän</h1>
    </section>
  );
}
