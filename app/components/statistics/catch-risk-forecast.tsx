import type { ForecastView } from "~/domain/catch-risk-calibration";
import { formatNumberSv, formatPercentSv } from "~/domain/format";
import { MIN_BASIS } from "~/domain/statistics";

/**
 * The catch-risk forecast judged on earlier days: what it was judged on, predicted against what
 * happened per tenth of the predicted risk (a table with a bar pair per row), and its Brier score.
 */
export function CatchRiskForecast({ forecast: { summary, rows } }: { forecast: ForecastView }) {
  if (summary === null) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
        Ingen släppdag har kunnat bedömas än: det behövs minst {MIN_BASIS} släppta namn före den.
      </p>
    );
  }
  return (
    <>
      <p className="text-slate-800">{summary.judged}</p>
      <p className="text-slate-800">{summary.score}</p>
      <div
        role="region"
        aria-label="Tabell: förutsagt och faktiskt per tiondel"
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">Förutsagd risk mot andelen som togs direkt, per tiondel av risken</caption>
          <thead className="bg-slate-100 text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                Förutsagd risk
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-900">
                Namn
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-900">
                Förutsagt
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-900">
                Togs direkt
              </th>
              <th scope="col" className="hidden px-3 py-2 font-semibold text-slate-900 sm:table-cell">
                <span aria-hidden="true">Förutsagt / togs direkt</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.tenth} className="border-t border-slate-200">
                <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-medium text-slate-900">
                  {row.label}
                  {row.thin && <span className="text-slate-600"> *</span>}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatNumberSv(row.names)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatPercentSv(row.predicted ?? 0)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatPercentSv(row.happened ?? 0)}</td>
                <td className="hidden w-40 px-3 py-1.5 sm:table-cell" aria-hidden="true">
                  <div className="h-2 rounded bg-slate-400" style={{ width: `${Math.round((row.predicted ?? 0) * 100)}%` }} />
                  <div className="mt-0.5 h-2 rounded bg-brand-700" style={{ width: `${Math.round((row.happened ?? 0) * 100)}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">
        En väl avvägd prognos har ungefär samma andel som togs direkt som den förutsade. * färre än {MIN_BASIS} namn: där säger andelen
        lite. Brier-poängen är medelvärdet av (förutsagd risk − utfall)², där utfallet är 1 om namnet togs direkt och annars 0.
      </p>
    </>
  );
}
