import { parse } from "csv-parse/sync";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";
import { nameCharBits } from "~/domain/name-chars";
import { parseDomainName } from "~/domain/names";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { unpackStatistics } from "~/domain/statistics-figures";
import { statisticsPageModel } from "~/domain/statistics-page";
import { STATISTICS_CHARTS, STATISTICS_PAGE_CHARTS, statisticsTable, TAKEN_BY_CHARTS } from "~/domain/statistics-tables";
import { takenByPageModel } from "~/domain/statistics-taken-by-page";
import { unpackTakenBy } from "~/domain/statistics-taken-by-figures";
import { chartTable } from "~/domain/statistics-taken-by-tables";
import type { DatabaseHandle } from "~/server/db/client.server";
import { DOWNLOAD_RATE_LIMIT } from "~/server/exports/download-limit.server";
import { loadStatistics } from "~/server/statistics/load-statistics.server";
import { refreshStatistics } from "~/server/statistics/refresh-statistics.server";
import { createDomains } from "~tests/factories/domains";
import { appContextForTests, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import Statistics, { loader } from "./statistics";
import StatisticsTakenBy, { loader as takenByLoader } from "./statistics-taken-by";
import { loader as listDownloadLoader } from "~/routes/exports/list-export";
import { loader as csvLoader } from "./statistics-csv";

type PageData = Awaited<ReturnType<typeof loader>>;

const load = async () => (await loader({ request: siteRequest("/statistik"), params: {}, context: appContextForTests() } as never)) as PageData;
const loadCsv = async (file: string, headers: Record<string, string> = {}) =>
  (await csvLoader({ request: siteRequest(`/statistik/${file}`, { headers }), params: { file }, context: appContextForTests() } as never)) as Response;

type TakenByData = Awaited<ReturnType<typeof takenByLoader>>;
const loadTakenBy = async () =>
  (await takenByLoader({ request: siteRequest("/statistik/vem-tar"), params: {}, context: appContextForTests() } as never)) as TakenByData;

/** The page's HTML for `loaderData`, rendered inside a router (its links are <Link>s). */
function render(loaderData: PageData | TakenByData, Page: typeof Statistics | typeof StatisticsTakenBy = Statistics) {
  const element = Page === Statistics ? <Statistics {...({ loaderData } as Parameters<typeof Statistics>[0])} /> : <StatisticsTakenBy {...({ loaderData } as Parameters<typeof StatisticsTakenBy>[0])} />;
  const router = createMemoryRouter([{ path: "/", element }]);
  // React separates a sentence's parts with empty comments.
  return renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
}

/** Released names of the past days (the real clock: the loaders read it), some caught again, and a few still to come. */
async function seedHistory(handle: DatabaseHandle, options: { zone: boolean } = { zone: true }) {
  const today = todayUtc(new Date());
  const released = [
    { name: "abc.se", day: -3, taken: "T04:30:00Z", free: "T04:10:00Z" },
    { name: "bil4.se", day: -3, taken: "T09:00:00Z", free: null },
    { name: "hej-du.nu", day: -2, taken: null, free: "T06:00:00Z" },
    { name: "räka.se", day: -2, taken: null, free: null },
  ];
  for (const row of released) {
    const parsed = parseDomainName(row.name);
    if (!parsed.ok) throw new Error(row.name);
    const releaseDate = addDays(today, row.day);
    await handle.query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, last_free_at, taken_at, first_free_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8)`,
      [
        parsed.ace,
        releaseDate,
        parsed.tld,
        parsed.length,
        nameCharBits(parsed.unicode, parsed.ace),
        addDays(releaseDate, -30),
        `${releaseDate}T04:00:00Z`,
        row.free && `${releaseDate}${row.free}`,
        row.taken && `${releaseDate}${row.taken}`,
      ],
    );
  }
  // The morning three days ago was measured by the rounds: abc.se was seen free at 04:10 and taken at 04:30.
  await handle.query("insert into release_mornings (release_date, started_at, rounds) values ($1, $2, 12)", [
    addDays(today, -3),
    `${addDays(today, -3)}T04:00:00Z`,
  ]);
  // Back in the registry's zone an hour and three hours after the release: at Loopia and, parked, at Sedo.
  if (options.zone) await seedZone(handle, today);
  await createDomains(handle.db, [
    { name: "senare.se", status: "soonavailable", releaseDate: addDays(today, 5), score: 85 },
    { name: "snart.nu", status: "soonavailable", releaseDate: addDays(today, 6), score: 40 },
  ]);
  await refreshStatistics(handle, { now: new Date() });
}

async function seedZone(handle: DatabaseHandle, today: string) {
  const [snapshot] = await handle.query<{ id: number }>(
    "insert into zone_snapshots (tld, serial, source, trigger, state) values ('.se', 1, 'demo', 'test', 'succeeded') returning id",
  );
  await handle.query(
    `insert into zone_changes (snapshot_id, tld, name, kind, new_name_servers, seen_at)
     values ($1, '.se', 'abc.se', 'appeared', '{ns1.loopia.se,ns2.loopia.se}', $2), ($1, '.se', 'bil4.se', 'appeared', '{ns1.sedoparking.com}', $3)`,
    [snapshot.id, `${addDays(today, -3)}T05:00:00Z`, `${addDays(today, -3)}T07:00:00Z`],
  );
}

describeEachEngine("/statistik", ({ handle }) => {
  beforeEach(() => useAppAuthForTests(handle()));

  it("says honestly that nothing has been computed yet, and draws no chart", async () => {
    const data = await load();
    // Nothing but the fact travels to the browser: no empty charts or tables.
    expect(data).toEqual({ hasData: false, computedAt: null });
    const html = render(data);
    expect(html).toContain("Statistiken har inte räknats fram än");
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("Visa som tabell");
  });

  it("draws every chart with its table and CSV link once figures are computed", async () => {
    await seedHistory(handle());
    const data = await load();
    if (!data.hasData) throw new Error("expected figures");
    const view = await loadStatistics(handle(), new Date());
    // The figures travel packed, and unpack to exactly what was read ("Vem tar" has its own page and sends its sentences only).
    const { takenBy, ...figures } = view;
    expect(unpackStatistics(data.figures)).toEqual(figures);
    expect(takenBy).toHaveLength(2);
    const tables = statisticsPageModel(unpackStatistics(data.figures)).tables;
    for (const chart of STATISTICS_PAGE_CHARTS) expect(tables[chart], chart).toEqual(statisticsTable(view, chart));
    expect(tables["slapp-per-dag"].rows.filter((row) => row[4] === "nej").reduce((sum, row) => sum + Number(row[3]), 0)).toBe(4);

    const html = render(data);
    expect(html).toMatch(/Uppdaterad <time dateTime="[^"]+">\d{1,2} \p{L}+ \d{4} kl\. \d{2}:\d{2}<\/time> svensk tid/u);
    expect(html.match(/<details/g)).toHaveLength(STATISTICS_PAGE_CHARTS.length);
    expect(html.match(/<summary[^>]*>Visa som tabell<\/summary>/g)).toHaveLength(STATISTICS_PAGE_CHARTS.length);
    for (const chart of STATISTICS_PAGE_CHARTS) expect(html).toContain(`href="/statistik/${chart}.csv"`);
    // Release days, catches per day, per length, per characters, the morning's release times and first hour, the renewal curve
    // and the four groupings of today's list.
    expect(html.match(/<svg[^>]*role="img"/g)).toHaveLength(11);
    expect(html.match(/<svg[^>]*viewBox="0 0 \d+ \d+"[^>]*width="100%"/g)).toHaveLength(11);
    // "Vem tar de släppta namnen?": the way to its page.
    expect(html).toContain('href="/statistik/vem-tar"');
    expect(html).toContain("Hälften registrerades igen inom 20 minuter efter att de blev lediga");
    expect(html).not.toContain("Statistiken har inte räknats fram än");
  });

  it("draws /statistik/vem-tar: both periods' charts, their tables and CSVs, the source, and a thin basis said as such", async () => {
    await seedHistory(handle());
    const data = await loadTakenBy();
    if (!data.hasData) throw new Error("expected figures");
    const view = await loadStatistics(handle(), new Date());
    expect(data.periods.map(unpackTakenBy)).toEqual(view.takenBy);
    const model = takenByPageModel(data.periods.map(unpackTakenBy));
    for (const chart of TAKEN_BY_CHARTS) expect(model.tables[chart], chart).toEqual(chartTable(view, chart));

    const html = render(data, StatisticsTakenBy);
    expect(html).toContain("<h1");
    expect(html.match(/<summary[^>]*>Visa som tabell<\/summary>/g)).toHaveLength(TAKEN_BY_CHARTS.length);
    for (const chart of TAKEN_BY_CHARTS) expect(html).toContain(`href="/statistik/${chart}.csv"`);
    // Per operator, per length and per characters, each for 30 and 90 days.
    expect(html.match(/<svg[^>]*role="img"/g)).toHaveLength(6);
    expect(html).toContain("Av 4 namn som släpptes de senaste 90 dagarna finns 2 i zonen igen. Hälften av dem fanns i zonen inom 2 timmar efter släppet.");
    expect(html).toContain("Sedo (parkering)");
    expect(html).toContain("vilket oftast men inte alltid är den");
    expect(html).toMatch(/Zondata: <a href="https:\/\/internetstiftelsen\.se\/[^"]+" target="_blank"/);
    expect(html).toContain("För lite underlag: 2 namn registrerade igen, färre än 100.");
  });

  it("says so when none of the released names is back in the zone, and when nothing was computed", async () => {
    expect(render(await loadTakenBy(), StatisticsTakenBy)).toContain("Statistiken har inte räknats fram än");
    await seedHistory(handle(), { zone: false });
    const html = render(await loadTakenBy(), StatisticsTakenBy);
    expect(html).toContain("Inga av namnen som släppts de senaste 90 dagarna syns i registrets zon igen än.");
    expect(html).not.toContain("<svg");
  });

  it("sends each chart's table as semicolon CSV with a byte order mark, and 404 for a chart that does not exist", async () => {
    await seedHistory(handle());
    const view = await loadStatistics(handle(), new Date());
    for (const chart of STATISTICS_CHARTS) {
      const response = await loadCsv(`${chart}.csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="snart-lediga-statistik-${chart}-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      expect(text).toContain("\r\n");
      const [header, ...rows] = parse(text, { delimiter: ";" }) as string[][];
      const table = chartTable(view, chart);
      expect(header).toEqual(table.columns.map((column) => column.key));
      expect(rows).toEqual(table.rows.map((row) => row.map((value) => (value === null ? "" : String(value)))));
    }
    // text() drops the byte order mark, as a UTF-8 decoder does.
    const released = parse(await (await loadCsv("slapp-per-dag.csv")).text(), { delimiter: ";", columns: true }) as Record<string, string>[];
    expect(released.filter((row) => row.scheduled === "nej").reduce((sum, row) => sum + Number(row.total), 0)).toBe(4);
    expect(released.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.day))).toBe(true);

    for (const file of ["okand.csv", "fornyas.json", "fornyas", ".csv"]) {
      const response = await loadCsv(file);
      expect(response.status, file).toBe(404);
    }
  });

  it("counts the CSVs against the downloads' limit per address, together with the list downloads: past it, 429 with Retry-After", async () => {
    await seedHistory(handle());
    const address = { "x-forwarded-for": "198.51.100.9" };
    const listDownload = async () =>
      (await listDownloadLoader({
        request: siteRequest("/export/available.csv", { headers: address }),
        params: { file: "available.csv" },
        context: appContextForTests(),
      } as never)) as Response;
    const first = await listDownload();
    expect(first.status).toBe(200);
    await first.body?.cancel();
    for (let count = 1; count < DOWNLOAD_RATE_LIMIT.points; count++) expect((await loadCsv("slapp-per-dag.csv", address)).status).toBe(200);

    const limited = await loadCsv("slapp-per-dag.csv", address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toMatch(/^För många nedladdningar\. Försök igen om /);
    expect((await listDownload()).status).toBe(429);
    // Another address still downloads.
    expect((await loadCsv("slapp-per-dag.csv", { "x-forwarded-for": "198.51.100.10" })).status).toBe(200);
  });
});
