import { ContentLink } from "~/components/content-page";
import { CatchRiskForecast } from "~/components/statistics/catch-risk-forecast";
import { forecastView } from "~/domain/catch-risk-calibration";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { databaseHandleOf } from "~/server/app-context.server";
import { loadCachedCatchRiskCalibration } from "~/server/statistics/catch-risk.server";
import type { Route } from "./+types/statistics-forecast";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Hur bra är prognosen?",
    description:
      "Risken att ett släppt .se- eller .nu-namn tas direkt, prövad mot vad som sedan hände: förutsagt och faktiskt per tiondel, och Brier-poängen.",
    path: "/statistik/prognos",
  });

/** /statistik/prognos: the catch-risk forecast judged on earlier days (stats_catch_risk_calibration), worked out on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  return forecastView(await loadCachedCatchRiskCalibration(await databaseHandleOf(context)));
}

export default function StatisticsForecast({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Hur bra är prognosen?</h1>
        <p className="text-lg text-slate-700">
          Varje namn som snart släpps får en risk att tas direkt: att registreras igen innan vi hann se det ledigt, eller inom en timme
          efter att vi såg det ledigt. Risken räknas på liknande namn som har släppts. Här prövar vi den ärligt: varje släppdag har fått en
          prognos räknad bara på dagarna före, och jämförs med vad som sedan hände.
        </p>
      </header>
      <CatchRiskForecast forecast={loaderData} />
      <p className="text-sm text-slate-600">
        Fler siffror om släppen finns på <ContentLink to="/statistik">Statistik</ContentLink>.
      </p>
    </article>
  );
}
