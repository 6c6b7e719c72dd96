import type { ReactNode } from "react";
import { formatNumberSv } from "~/domain/format";
import { MIN_BASIS } from "~/domain/statistics";
import type { TakenByChartKey } from "~/domain/statistics-tables";
import { KIND_LEGEND } from "~/domain/statistics-taken-by-charts";
import type { TakenByPageModel } from "~/domain/statistics-taken-by-page";
import { ZoneSource } from "~/components/zone-source";
import { BarRowsChart } from "./bar-rows-chart";
import { ChartFigure } from "./chart-figure";

type Period = TakenByPageModel["periods"][number];


const OPERATOR_LEGEND = [...KIND_LEGEND, { label: "Övriga operatörer", color: "#94a3b8", style: "solid" as const }];

const csvHref = (chart: TakenByChartKey) => `/statistik/${chart}.csv`;

/**
 * "Vem tar de släppta namnen?" (docs/product.md, "Statistics"): the names released in the last 30
 * and 90 days that the registry's zone has again, by where their name servers point. The zone says
 * where a name points, usually but not always who registered it, and the text says so.
 */
export function TakenByFigures({ model: { periods, empty, tables } }: { model: TakenByPageModel }) {
  return (
    <>
      <div className="space-y-3">
        <p className="text-lg text-slate-700">
          Namnen som släpptes de senaste 30 och 90 dagarna och som sedan finns i registrets zon igen, efter vart deras namnservrar pekar
          i den första ögonblicksbild av zonen som har namnet. Zonen visar vart ett namn pekar, vilket oftast men inte alltid är den
          registrar eller det webbhotell som registrerade det: ett namn kan peka på en parkeringstjänst, en andrahandsmarknad eller
          namnservrar hos någon helt annan. Namnservrar som inte står i vår tabell räknas efter sin egen domän. Ett namn som registreras
          utan namnservrar syns inte i zonen och räknas inte här.
        </p>
        <p className="text-slate-700">
          Tiden räknas från kl. 04:00 UTC på släppdagen till den första ögonblicksbild av zonen som har namnet. Vi läser zonen som
          tätast en gång i timmen, så tiden stämmer på en ögonblicksbild när.
        </p>
        <ul className="list-disc space-y-1 pl-6 text-slate-800">
          {periods.map((period) => (
            <li key={period.days}>{period.text}</li>
          ))}
        </ul>
        <ZoneSource />
      </div>
      {empty ? (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-700">Inga av namnen som släppts de senaste 90 dagarna syns i registrets zon igen än.</p>
      ) : (
        <>
          <ChartFigure
            id="vem-tar-operatorer"
            title="Vem tar dem, per operatör"
            headingLevel={2}
            legend={OPERATOR_LEGEND}
            table={tables["vem-tar-operatorer"]}
            csvHref={csvHref("vem-tar-operatorer")}
            caption={
              <p>
                Andel av namnen som registrerats igen, efter vart de pekar. Tabellen har upp till 20 operatörer per period, de övriga
                tillsammans, och mediantiden från släppet till zonen för var och en.
              </p>
            }
          >
            <div className="grid gap-6 sm:grid-cols-2">
              {periods.map((period) => (
                <PeriodChart key={period.days} period={period} chartId={`vem-tar-operatorer-${period.days}`} title="Vem tar dem, per operatör">
                  {(title) => <BarRowsChart chartId={`vem-tar-operatorer-${period.days}-bild`} title={title} description={period.operatorsSummary} model={period.operators} />}
                </PeriodChart>
              ))}
            </div>
          </ChartFigure>
          <ChartFigure
            id="vem-tar-per-langd"
            title="Vem tar dem, per längd"
            headingLevel={2}
            legend={KIND_LEGEND}
            table={tables["vem-tar-per-langd"]}
            csvHref={csvHref("vem-tar-per-langd")}
            caption={<p>Namnen som registrerats igen, efter antal tecken före .se eller .nu och vilket slags operatör de pekar på.</p>}
          >
            {periods.map((period) => (
              <PeriodChart key={period.days} period={period} chartId={`vem-tar-per-langd-${period.days}`} title="Vem tar dem, per längd">
                {(title) => <BarRowsChart chartId={`vem-tar-per-langd-${period.days}-bild`} title={title} description={period.byLengthSummary} model={period.byLength} />}
              </PeriodChart>
            ))}
          </ChartFigure>
          <ChartFigure
            id="vem-tar-per-tecken"
            title="Vem tar dem, per teckentyp"
            headingLevel={2}
            legend={KIND_LEGEND}
            table={tables["vem-tar-per-tecken"]}
            csvHref={csvHref("vem-tar-per-tecken")}
            caption={
              <p>
                Namnen som registrerats igen, efter vilka tecken de har och vilket slags operatör de pekar på. Ett namn med å, ä, ö m.fl.
                räknas som IDN, även om det också har siffror eller bindestreck.
              </p>
            }
          >
            {periods.map((period) => (
              <PeriodChart key={period.days} period={period} chartId={`vem-tar-per-tecken-${period.days}`} title="Vem tar dem, per teckentyp">
                {(title) => <BarRowsChart chartId={`vem-tar-per-tecken-${period.days}-bild`} title={title} description={period.byCharsSummary} model={period.byChars} />}
              </PeriodChart>
            ))}
          </ChartFigure>
        </>
      )}
    </>
  );
}

/** One period's picture under its own heading; a sentence instead when nothing was taken, a warning when too few were. */
function PeriodChart({ period, chartId, title, children }: { period: Period; chartId: string; title: string; children: (title: string) => ReactNode }) {
  const heading = `Senaste ${period.days} dagarna`;
  return (
    <div className="space-y-2">
      <h3 id={`${chartId}-heading`} className="font-semibold text-slate-900">
        {heading}
      </h3>
      {period.taken === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
          {period.released === 0 ? "Inga namn släppta under perioden." : "Inga av periodens släppta namn syns i zonen igen än."}
        </p>
      ) : (
        <>
          {children(`${title}, ${heading.toLowerCase()}`)}
          {period.taken < MIN_BASIS && (
            <p className="text-sm text-slate-700">
              För lite underlag: {formatNumberSv(period.taken)} namn registrerade igen, färre än {MIN_BASIS}. Andelarna säger lite än.
            </p>
          )}
        </>
      )}
    </div>
  );
}
