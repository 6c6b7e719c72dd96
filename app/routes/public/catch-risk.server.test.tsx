import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, it } from "vitest";
import { CatchRiskSection } from "~/components/domain-detail/catch-risk-section";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { refreshStatistics } from "~/server/statistics/refresh-statistics.server";
import { insertCatchRiskHistory } from "~tests/factories/catch-risk-history";
import { createDomains } from "~tests/factories/domains";
import { appContextForTests, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { loader as domainLoader } from "./domain-detail";
import Statistics, { loader as statisticsLoader } from "./statistics";
import StatisticsForecast, { loader as forecastLoader } from "./statistics-forecast";

type DomainData = Awaited<ReturnType<typeof domainLoader>>;
type StatisticsData = Awaited<ReturnType<typeof statisticsLoader>>;
type ForecastData = Awaited<ReturnType<typeof forecastLoader>>;

const loadDomain = async (name: string) =>
  (await domainLoader({
    request: siteRequest(`/d/${name}`),
    params: { domainName: name },
    context: appContextForTests(),
  } as never)) as DomainData;

function inRouter(element: React.ReactNode) {
  return renderToString(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />);
}

describeEachEngine("the risk of being caught at once on the pages", ({ handle }) => {
  it("shows a soon-available name's risk in words and a number with its basis on /d/{name}, and nothing for other names", async () => {
    await useAppAuthForTests(handle());
    await insertCatchRiskHistory(handle());
    const inTenDays = addDays(todayUtc(new Date()), 10);
    await createDomains(handle().db, [
      { name: "qzz.se", status: "soonavailable", releaseDate: inTenDays, score: 85, wordClass: 0 },
      { name: "ledig.se", status: "available" },
    ]);
    await refreshStatistics(handle(), { now: new Date(), parts: ["catch-risk"] });

    const soon = await loadDomain("qzz.se");
    expect(soon.catchRisk?.risk).toMatchObject({ kind: "known", basis: { level: 7, names: 120, caught: 96 } });
    const html = inRouter(<CatchRiskSection catchRisk={soon.catchRisk} />);
    expect(html).toContain("Risk att tas direkt</h2>");
    expect(html).toContain("Hög risk att tas direkt: 8 av 10");
    expect(html).toContain(
      "Av 120 liknande namn (.se, 1–3 tecken, bara bokstäver, betyg utmärkt, inget svenskt ord, okänt om syskon eller tvilling var registrerat, okänt hur det var delegerat) de senaste 90 dagarna togs 96 direkt.",
    );
    expect(html).toContain('href="/statistik#prognosen"');

    expect((await loadDomain("ledig.se")).catchRisk).toBeNull();
    expect((await loadDomain("finnsinte.se")).catchRisk).toBeNull();
    expect(inRouter(<CatchRiskSection catchRisk={null} />)).not.toContain("Risk att tas direkt");
  });

  it("says 'för lite historik' under the minimum basis", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, [{ name: "tunn.se", status: "soonavailable", releaseDate: addDays(todayUtc(new Date()), 10) }]);
    await refreshStatistics(handle(), { now: new Date(), parts: ["catch-risk"] });
    const html = inRouter(<CatchRiskSection catchRisk={(await loadDomain("tunn.se")).catchRisk} />);
    expect(html).toContain("Risk att tas direkt: för lite historik");
    expect(html).toContain("Bara 0 släppta namn de senaste 90 dagarna, vi behöver minst 100.");
  });

  it("judges the forecast: its Brier sentence on /statistik, predicted against what happened per tenth on /statistik/prognos", async () => {
    await useAppAuthForTests(handle());
    await insertCatchRiskHistory(handle());
    await refreshStatistics(handle(), { now: new Date() });
    const args = { params: {}, context: appContextForTests() } as never;
    const data = (await statisticsLoader({ ...(args as object), request: siteRequest("/statistik") } as never)) as StatisticsData;
    if (!data.hasData) throw new Error("expected figures");
    expect(data.forecastScore).toMatch(/^Brier-poäng 0,[0-9]{3} mot 0,[0-9]{3} för den totala andelen \(lägre är bättre\): /);
    const page = inRouter(<Statistics {...({ loaderData: data } as unknown as Parameters<typeof Statistics>[0])} />);
    expect(page).toContain('<h2 id="prognosen"');
    expect(page).toContain('href="/statistik/prognos"');

    const forecast = (await forecastLoader({ ...(args as object), request: siteRequest("/statistik/prognos") } as never)) as ForecastData;
    // The .nu day is judged with the .se day before it only: 0.8 predicted for all 120, 12 taken at once.
    expect(forecast.rows).toEqual([
      { tenth: 8, label: "80–90 %", names: 120, predicted: expect.closeTo(0.8, 9), happened: 0.1, thin: false },
    ]);
    expect(forecast.summary?.judged).toMatch(/^Bedömt på 120 släppta namn från 1 släppdagar mellan /);
    const html = inRouter(<StatisticsForecast {...({ loaderData: forecast } as unknown as Parameters<typeof StatisticsForecast>[0])} />);
    expect(html).toContain("Hur bra är prognosen?</h1>");
    expect(html).toContain("80–90 %");
    // 12 of 120 taken at once, against 80 % predicted.
    expect(html).toMatch(/>10\s%<\/td>/);
    expect(html).toMatch(/>80\s%<\/td>/);
  });

  it("says so when no day could be judged yet", async () => {
    await useAppAuthForTests(handle());
    const forecast = (await forecastLoader({
      request: siteRequest("/statistik/prognos"),
      params: {},
      context: appContextForTests(),
    } as never)) as ForecastData;
    expect(forecast).toEqual({ summary: null, rows: [] });
    expect(
      inRouter(<StatisticsForecast {...({ loaderData: forecast } as unknown as Parameters<typeof StatisticsForecast>[0])} />),
    ).toContain("Ingen släppdag har kunnat bedömas än");
  });
});
