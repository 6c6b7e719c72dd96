import { useMemo } from "react";
import { ContentLink } from "~/components/content-page";
import { BarRowsChart } from "~/components/statistics/bar-rows-chart";
import { ChartFigure } from "~/components/statistics/chart-figure";
import { ColumnChart } from "~/components/statistics/column-chart";
import { LineChart } from "~/components/statistics/line-chart";
import { formatStockholmDateTimeSv } from "~/domain/format";
import { MIN_BASIS } from "~/domain/statistics";
import { unpackStatistics, type PackedStatistics } from "~/domain/statistics-figures";
import { currentListCaption, measuredMorningsText, statisticsPageModel, type StatisticsPageModel } from "~/domain/statistics-page";
import type { StatisticsPageChartKey } from "~/domain/statistics-tables";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { databaseHandleOf } from "~/server/app-context.server";
import { loadCachedStatistics, statisticsPage } from "~/server/statistics/statistics-page.server";
import { loadCachedCatchRiskCalibration } from "~/server/statistics/catch-risk.server";
import { CatchRiskForecastTeaser } from "~/components/statistics/catch-risk-forecast-teaser";
import { forecastView } from "~/domain/catch-risk-calibration";
import type { Route } from "./+types/statistics";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Statistik",
    description:
      "Hur många .se- och .nu-domäner som släpps varje dag, hur snabbt de registreras igen och vart de pekar sedan, hur många som förnyas i sista stund och vad som står på listan just nu.",
    path: "/statistik",
  });

/**
 * /statistik (docs/product.md, "Statistics"): the figures of the stats_* tables. Only the figures
 * travel with the page; its charts and tables are drawn from them on the server and again in the browser.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const handle = await databaseHandleOf(context);
  const page = statisticsPage(await loadCachedStatistics(handle, new Date()));
  // Only the forecast's Brier sentence: its table is on /statistik/prognos (the page's JavaScript budget, decision 0058).
  return page.hasData ? { ...page, forecastScore: forecastView(await loadCachedCatchRiskCalibration(handle)).summary?.score ?? null } : page;
}

const csvHref = (chart: StatisticsPageChartKey) => `/statistik/${chart}.csv`;

export default function Statistics({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-4xl space-y-12 [print-color-adjust:exact]">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Statistik</h1>
        <p className="text-lg text-slate-700">
          Hur många .se- och .nu-namn som släpps, hur snabbt de registreras igen och vart de pekar sedan, och hur många som förnyas i
          sista stund – räknat ur registrets listor och zon och våra egna kontroller av namnen.
        </p>
        {loaderData.hasData && loaderData.computedAt && (
          <p className="text-sm text-slate-600">
            Uppdaterad <time dateTime={loaderData.computedAt}>{formatStockholmDateTimeSv(loaderData.computedAt)}</time> svensk tid
          </p>
        )}
      </header>
      {loaderData.hasData ? <DrawnFigures figures={loaderData.figures} /> : <NothingYet />}
      {loaderData.hasData && <CatchRiskForecastTeaser score={loaderData.forecastScore} />}
    </article>
  );
}

function NothingYet() {
  return (
    <section aria-labelledby="statistics-empty" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="statistics-empty" className="text-xl font-semibold text-slate-900">
        Statistiken har inte räknats fram än
      </h2>
      <p className="mt-2 text-slate-700">
        Siffrorna räknas fram när listorna har lästs in och namn har släppts. Titta in igen senare, eller se{" "}
        <ContentLink to="/soon-available">domänerna som snart blir lediga</ContentLink>.
      </p>
    </section>
  );
}

function DrawnFigures({ figures }: { figures: PackedStatistics }) {
  const model = useMemo(() => statisticsPageModel(unpackStatistics(figures)), [figures]);
  return <Figures {...model} />;
}

function Figures({ charts, tables, summaries, empty, measuredMornings }: StatisticsPageModel) {
  return (
    <>
      <ChartFigure
        id="slapp-per-dag"
        title="Släpp per dag"
        headingLevel={2}
        legend={charts.releaseDays.legend}
        table={tables["slapp-per-dag"]}
        csvHref={csvHref("slapp-per-dag")}
        caption={
          <p>
            Antal namn som släppts varje dag de senaste 90 dagarna, och antal som står på listorna för att släppas de kommande 60 dagarna
            (randiga staplar). Ett schemalagt namn kan fortfarande förnyas av innehavaren och försvinner då från listan, så de randiga
            staplarna visar vad som är planerat, inte vad som kommer att släppas.
          </p>
        }
      >
        <NoFigures when={empty.releaseDays} text="Inga namn har släppts eller står på listan för de här dagarna." />
        {!empty.releaseDays && (
          <ColumnChart chartId="slapp-per-dag-bild" title="Släpp per dag" description={summaries.releaseDays} model={charts.releaseDays} />
        )}
      </ChartFigure>

      <section aria-labelledby="registreras-igen" className="space-y-8">
        <div className="space-y-3">
          <h2 id="registreras-igen" className="text-2xl font-semibold text-slate-900">
            Registreras igen
          </h2>
          <p className="text-slate-700">
            Av namnen som släpptes: hur stor andel som sågs registrerade igen inom en timme, ett dygn, sju dygn, 30 dygn eller senare, hur
            många som fortfarande är lediga och hur många vi inte har kontrollerat sedan släppet. Tiden räknas från kl. 04:00 UTC på
            släppdagen till den första kontroll som såg namnet registrerat.
          </p>
          <p className="text-slate-700">
            Vi kontrollerar inte varje namn hela tiden, så ett namn räknas till den grupp där en kontroll först såg det registrerat. Sågs
            det senast ledigt långt tidigare, kan det ha registrerats snabbare än gruppen säger: ett namn som sågs ledigt efter 20 minuter
            och registrerat efter 3 timmar räknas till ”Inom 1 dygn” men kan ha registrerats inom timmen. Sådana namn är randiga i
            diagrammet och står som ”varav sågs vid nästa kontroll” i tabellen.
          </p>
        </div>
        {empty.catches ? (
          <NoFigures when text="Inga släppta namn de senaste 90 dagarna än." />
        ) : (
          <>
            <ChartFigure
              id="registreras-igen-per-dag"
              title="Per släppdag"
              legend={charts.catchByDay.legend}
              table={tables["registreras-igen-per-dag"]}
              csvHref={csvHref("registreras-igen-per-dag")}
              caption={
                <p>
                  Varje stapel är en släppdag de senaste 90 dagarna, delad efter hur snart namnen registrerades igen. Dagar utan släppta
                  namn saknar stapel.
                </p>
              }
            >
              <ColumnChart
                chartId="registreras-igen-per-dag-bild"
                title="Registreras igen, per släppdag"
                description={summaries.catchByDay}
                model={charts.catchByDay}
              />
            </ChartFigure>
            <ChartFigure
              id="registreras-igen-per-langd"
              title="Per längd"
              legend={charts.catchByLength.legend}
              table={tables["registreras-igen-per-langd"]}
              csvHref={csvHref("registreras-igen-per-langd")}
              caption={<ThinBasisNote grouping="Namnen släppta de senaste 90 dagarna, efter antal tecken före .se eller .nu." />}
            >
              <BarRowsChart
                chartId="registreras-igen-per-langd-bild"
                title="Registreras igen, per längd"
                description={summaries.catchByLength}
                model={charts.catchByLength}
              />
            </ChartFigure>
            <ChartFigure
              id="registreras-igen-per-tecken"
              title="Per teckentyp"
              legend={charts.catchByChars.legend}
              table={tables["registreras-igen-per-tecken"]}
              csvHref={csvHref("registreras-igen-per-tecken")}
              caption={
                <ThinBasisNote grouping="Namnen släppta de senaste 90 dagarna, efter vilka tecken de har. Ett namn med å, ä, ö m.fl. räknas som IDN, även om det också har siffror eller bindestreck." />
              }
            >
              <BarRowsChart
                chartId="registreras-igen-per-tecken-bild"
                title="Registreras igen, per teckentyp"
                description={summaries.catchByChars}
                model={charts.catchByChars}
              />
            </ChartFigure>
          </>
        )}
      </section>

      <section aria-labelledby="slappmorgonen" className="space-y-8">
        <div className="space-y-3">
          <h2 id="slappmorgonen" className="text-2xl font-semibold text-slate-900">
            Släppmorgonen
          </h2>
          <p className="text-slate-700">
            Registret släpper dagens namn från kl. 04:00 UTC (05:00 svensk vintertid, 06:00 sommartid) i slumpvis ordning under morgonen. På
            släppdagarna frågar vi registret om vart och ett av dagens namn i omgångar, flera gånger i timmen, tills alla har setts lediga eller
            registrerade igen. {measuredMorningsText(measuredMornings)}
          </p>
        </div>
        {empty.mornings ? (
          <NoFigures when text="Inga släppmorgnar är mätta än." />
        ) : (
          <>
            <ChartFigure
              id="slapptid"
              title="När namnen blir lediga"
              table={tables.slapptid}
              csvHref={csvHref("slapptid")}
              caption={<p>Antal namn som vi såg lediga för första gången i varje tiominutersperiod efter kl. 04:00 UTC.</p>}
            >
              <ColumnChart chartId="slapptid-bild" title="När namnen blir lediga" description={summaries.releaseMinutes} model={charts.releaseMinutes} />
            </ChartFigure>
            <ChartFigure
              id="slapptid-forsta-timmen"
              title="Lediga under första timmen"
              table={tables["slapptid-forsta-timmen"]}
              csvHref={csvHref("slapptid-forsta-timmen")}
              caption={
                <p>
                  Andelen av namnen som blev lediga före kl. 05:00 UTC, efter längd, tecken och toppdomän. Är ordningen slumpvis bör andelen vara
                  ungefär densamma i alla grupper. En grupp med färre än {MIN_BASIS} namn är markerad.
                </p>
              }
            >
              <BarRowsChart
                chartId="slapptid-forsta-timmen-bild"
                title="Lediga under första timmen, per grupp"
                description={summaries.firstHour}
                model={charts.firstHour}
              />
            </ChartFigure>
          </>
        )}
        <ChartFigure
          id="tid-till-registrering"
          title="Hur snabbt namnen registreras igen"
          table={tables["tid-till-registrering"]}
          csvHref={csvHref("tid-till-registrering")}
          caption={
            <p>
              Tiden från att vi såg ett namn ledigt till att vi såg det registrerat igen, för namn som registrerades igen inom ett dygn efter en
              mätt morgon: median och kvartiler i minuter. Under morgonens omgångar stämmer tiden på en omgång när, efter dem på en halvtimme.
            </p>
          }
        >
          <NoFigures when={empty.catchDurations} text="Inga namn från en mätt morgon har registrerats igen än." />
          {!empty.catchDurations && <p className="text-lg text-slate-800">{summaries.catchDurations}</p>}
        </ChartFigure>
      </section>

      <section aria-labelledby="vem-tar" className="space-y-2">
        <h2 id="vem-tar" className="text-2xl font-semibold text-slate-900">
          Vem tar de släppta namnen?
        </h2>
        <p className="text-slate-700">
          Vart de släppta namnen pekar när de finns i registrets zon igen, efter operatör, längd och tecken:{" "}
          <ContentLink to="/statistik/vem-tar">Vem tar de släppta namnen?</ContentLink>
        </p>
      </section>

      <ChartFigure
        id="fornyas"
        title="Förnyas i stället för att släppas"
        headingLevel={2}
        table={tables.fornyas}
        csvHref={csvHref("fornyas")}
        caption={
          <>
            <p>
              Av namnen som stod på listan med ett visst antal dagar kvar till släppdagen: andelen som förnyades av innehavaren och aldrig
              släpptes. Räknat på det senaste årets släppdagar som har passerat.
            </p>
            <p>
              Vågrätt: dagar kvar till släppdagen, från 60 till släppdagen (0). Lodrätt: andel förnyade. Där inget namn stod på listan med
              så många dagar kvar finns ingen punkt; en ihålig punkt har färre än {MIN_BASIS} namn bakom sig.
            </p>
          </>
        }
      >
        <NoFigures when={empty.renewalCurve} text="Inga släppdagar att räkna på än." />
        {!empty.renewalCurve && (
          <LineChart
            chartId="fornyas-bild"
            title="Förnyas i stället för att släppas"
            description={summaries.renewalCurve}
            model={charts.renewalCurve}
          />
        )}
      </ChartFigure>

      <ChartFigure
        id="dagens-lista"
        title="Dagens lista"
        headingLevel={2}
        table={tables["dagens-lista"]}
        csvHref={csvHref("dagens-lista")}
        caption={
          <p>
            {currentListCaption(charts.currentList.total)}
          </p>
        }
      >
        <NoFigures when={empty.currentList} text="Inga namn står på listan just nu." />
        {!empty.currentList && (
          <div className="grid gap-6 sm:grid-cols-2">
            {(
              [
                ["lengths", "Längd"],
                ["chars", "Tecken"],
                ["tlds", "Toppdomän"],
                ["scoreLabels", "Betyg"],
              ] as const
            ).map(([grouping, title]) => (
              <div key={grouping} className="space-y-2">
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <BarRowsChart
                  chartId={`dagens-lista-${grouping}`}
                  title={`Dagens lista efter ${title.toLowerCase()}`}
                  description={summaries.currentList}
                  model={charts.currentList[grouping]}
                />
              </div>
            ))}
          </div>
        )}
      </ChartFigure>

      <p className="text-sm text-slate-600">
        Siffrorna räknas om när listorna läses in, när namn släpps, när vi kontrollerar släppta namn och när vi läser registrets zon. Hur det går till står på{" "}
        <ContentLink to="/how-it-works">Så fungerar det</ContentLink>. Varje släppdag namn för namn, och vad som blev av namnen, finns i{" "}
        <ContentLink to="/slappta">arkivet över släppdagar</ContentLink>.
      </p>
    </>
  );
}

function NoFigures({ when, text }: { when: boolean; text: string }) {
  return when ? <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{text}</p> : null;
}

function ThinBasisNote({ grouping }: { grouping: string }) {
  return (
    <p>
      {grouping} En grupp med färre än {MIN_BASIS} släppta namn är markerad: där säger andelarna lite.
    </p>
  );
}
