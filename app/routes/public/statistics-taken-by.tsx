import { useMemo } from "react";
import { ContentLink } from "~/components/content-page";
import { TakenByFigures } from "~/components/statistics/taken-by-section";
import { formatStockholmDateTimeSv } from "~/domain/format";
import { unpackTakenBy } from "~/domain/statistics-taken-by-figures";
import { takenByPageModel } from "~/domain/statistics-taken-by-page";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { databaseHandleOf } from "~/server/app-context.server";
import { loadCachedStatistics, takenByPage } from "~/server/statistics/statistics-page.server";
import type { Route } from "./+types/statistics-taken-by";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Vem tar de släppta namnen?",
    description:
      "Vart de släppta .se- och .nu-domänerna pekar när de registrerats igen: operatörer, parkeringstjänster och webbhotell, efter längd och tecken, och hur snart de finns i registrets zon.",
    path: "/statistik/vem-tar",
  });

/**
 * /statistik/vem-tar (docs/product.md, "Statistics"): "Vem tar de släppta namnen?", from the
 * stats_taken_by tables. Only the two periods' figures travel; the charts and tables are drawn from
 * them on the server and again in the browser, as on /statistik.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const handle = await databaseHandleOf(context);
  return takenByPage(await loadCachedStatistics(handle, new Date()));
}

export default function StatisticsTakenBy({ loaderData }: Route.ComponentProps) {
  const periods = loaderData.hasData ? loaderData.periods : null;
  const model = useMemo(() => periods && takenByPageModel(periods.map(unpackTakenBy)), [periods]);
  return (
    <article className="mx-auto max-w-4xl space-y-10 [print-color-adjust:exact]">
      <header className="space-y-3">
        <p className="text-sm">
          <ContentLink to="/statistik">Statistik</ContentLink>
        </p>
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Vem tar de släppta namnen?</h1>
        {loaderData.hasData && (
          <p className="text-sm text-slate-600">
            Uppdaterad <time dateTime={loaderData.computedAt}>{formatStockholmDateTimeSv(loaderData.computedAt)}</time> svensk tid
          </p>
        )}
      </header>
      {loaderData.hasData && model ? (
        <TakenByFigures model={model} />
      ) : (
        <section aria-labelledby="vem-tar-empty" className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="vem-tar-empty" className="text-xl font-semibold text-slate-900">
            Statistiken har inte räknats fram än
          </h2>
          <p className="mt-2 text-slate-700">
            Siffrorna räknas fram när namn har släppts och registrets zon har lästs. Titta in igen senare, eller se{" "}
            <ContentLink to="/statistik">den övriga statistiken</ContentLink>.
          </p>
        </section>
      )}
    </article>
  );
}
