import { Link } from "react-router";

/**
 * /statistik's "Hur bra är prognosen?": the Brier sentence and a link to the table. Kept this small
 * because the page's JavaScript has a budget (decision 0058); the table is on /statistik/prognos.
 */
export function CatchRiskForecastTeaser({ score }: { score: string | null }) {
  return (
    <section aria-labelledby="prognosen" className="space-y-3">
      <h2 id="prognosen" className="text-2xl font-semibold text-slate-900">
        Hur bra är prognosen?
      </h2>
      <p className="text-slate-700">
        {score ?? "Ingen släppdag har kunnat bedömas än."}{" "}
        <Link to="/statistik/prognos" className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
          Risken att tas direkt, prövad per tiondel
        </Link>
      </p>
    </section>
  );
}
