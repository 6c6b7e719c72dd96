import { parse } from "csv-parse/sync";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";
import { nameCharBits } from "~/domain/name-chars";
import { parseDomainName } from "~/domain/names";
import { addDays, todayUtc } from "~/domain/utc-dates";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createDomains } from "~tests/factories/domains";
import { appContextForTests, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { insertZoneDelegations, insertZoneSnapshot } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import ReleaseArchive, { loader as indexLoader } from "./release-archive";
import ReleaseArchiveDay, { loader as dayLoader } from "./release-archive-day";
import { loader as exportLoader } from "./release-archive-export";

type Loaded = { data: Record<string, unknown>; init: { status?: number } | null };

/** A loader's answer as data and status, whether it returned plain data or data() with a status. */
async function call(loader: (args: never) => unknown, path: string, params: Record<string, string> = {}): Promise<Loaded> {
  try {
    const result = (await loader({ request: siteRequest(path), params, context: appContextForTests() } as never)) as
      { type: "DataWithResponseInit"; data: Record<string, unknown>; init: { status?: number } | null } | Record<string, unknown>;
    if ("init" in result && "data" in result) return { data: result.data as Record<string, unknown>, init: result.init as Loaded["init"] };
    return { data: result as Record<string, unknown>, init: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { data: { redirect: thrown.headers.get("location") }, init: { status: thrown.status } };
    throw thrown;
  }
}

function render(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(<RouterProvider router={router} />);
}
const renderIndex = (loaderData: unknown) =>
  render(<ReleaseArchive {...({ loaderData } as unknown as Parameters<typeof ReleaseArchive>[0])} />);
const renderDay = (loaderData: unknown) =>
  render(<ReleaseArchiveDay {...({ loaderData } as unknown as Parameters<typeof ReleaseArchiveDay>[0])} />);

/** Three days ago: a name taken by the morning round, one taken seen only in the zone, one still free. */
async function seedDay(handle: DatabaseHandle): Promise<string> {
  const day = addDays(todayUtc(new Date()), -3);
  const rows = [
    { name: "morgon.se", free: "04:10:00", taken: "04:30:00" },
    { name: "zonfynd.se", free: null, taken: null },
    { name: "ledig-kvar.nu", free: "05:00:00", taken: null },
  ];
  await createDomains(handle.db, [
    { name: "morgon.se", status: "registered", releaseDate: day, score: 70 },
    { name: "zonfynd.se", status: "registered", releaseDate: day, score: 60 },
    { name: "ledig-kvar.nu", status: "available", releaseDate: day, score: 20 },
  ]);
  for (const row of rows) {
    const parsed = parseDomainName(row.name);
    if (!parsed.ok) throw new Error(row.name);
    await handle.query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
      [
        parsed.ace,
        day,
        parsed.tld,
        parsed.length,
        nameCharBits(parsed.unicode, parsed.ace),
        addDays(day, -30),
        `${day}T04:00:00Z`,
        row.free && `${day}T${row.free}Z`,
        row.taken && `${day}T${row.taken}Z`,
      ],
    );
  }
  const before = await insertZoneSnapshot(handle.db, ".se", new Date(`${addDays(day, -1)}T12:00:00Z`));
  const noon = await insertZoneSnapshot(handle.db, ".se", new Date(`${day}T12:00:00Z`));
  expect(before).toBeLessThan(noon);
  await insertZoneDelegations(handle.db, ".se", { id: noon, at: new Date(`${day}T12:00:00Z`) }, [
    { name: "zonfynd.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"] },
  ]);
  await handle.query(
    `insert into zone_changes (snapshot_id, tld, name, kind, new_name_servers, seen_at) values ($1, '.se', 'zonfynd.se', 'appeared', '{ns1.loopia.se,ns2.loopia.se}', $2)`,
    [noon, `${day}T12:00:00Z`],
  );
  return day;
}

describeEachEngine("/slappta", ({ handle }) => {
  beforeEach(() => useAppAuthForTests(handle()));

  it("lists a release day with its counts, and the day page tells what became of each name", async () => {
    const day = await seedDay(handle());
    const index = await call(indexLoader, "/slappta");
    const archive = index.data.archive as { days: unknown[]; totalDays: number };
    expect(archive.days).toEqual([{ date: day, released: 3, taken: 2, free: 1, unchecked: 0 }]);
    const indexHtml = renderIndex(index.data);
    expect(indexHtml).toContain(`href="/slappta/${day}"`);

    const page = await call(dayLoader, `/slappta/${day}`, { day });
    expect(page.init?.status ?? 200).toBe(200);
    expect(page.data.counts).toEqual({ released: 3, taken: 2, free: 1, unchecked: 0 });
    const html = renderDay(page.data);
    expect(html).toContain("ögonblicksbild av zonen");
    expect(html).toContain("vår kontroll hos registret");
    expect(html).toContain("pekar på Loopias namnservrar");
    expect(html).toContain("Zondata:");
    expect(html).toContain('href="https://internetstiftelsen.se/');
    expect(html).toContain(`href="/slappta/${day}/namn.csv"`);
  });

  it("filters by what became of the name, by TLD and text, and sorts", async () => {
    const day = await seedDay(handle());
    const names = async (query: string) =>
      ((await call(dayLoader, `/slappta/${day}?${query}`, { day })).data.rows as { unicodeName: string }[]).map((row) => row.unicodeName);
    expect(await names("utfall=fri")).toEqual(["ledig-kvar.nu"]);
    expect(await names("utfall=tagen")).toEqual(["morgon.se", "zonfynd.se"]);
    expect(await names("tld=nu")).toEqual(["ledig-kvar.nu"]);
    expect(await names("q=fynd")).toEqual(["zonfynd.se"]);
    expect(await names("sort=namn-desc")).toEqual(["zonfynd.se", "morgon.se", "ledig-kvar.nu"]);
    expect(await names("sort=tagen")).toEqual(["morgon.se", "zonfynd.se", "ledig-kvar.nu"]);
    // An unknown outcome or order is ignored; a form's empty fields lead to the short address.
    expect(await names("utfall=kanske&sort=x")).toEqual(["ledig-kvar.nu", "morgon.se", "zonfynd.se"]);
    const empty = await call(dayLoader, `/slappta/${day}?q=&utfall=&tld=se&sort=namn`, { day });
    expect(empty).toEqual({ data: { redirect: `/slappta/${day}?tld=se` }, init: { status: 302 } });
  });

  it("answers a bad date 400, a future day and a day without a release 404, in Swedish", async () => {
    await seedDay(handle());
    const bad = await call(dayLoader, "/slappta/2026-02-30", { day: "2026-02-30" });
    expect(bad.init?.status).toBe(400);
    expect(renderDay(bad.data)).toContain("Ogiltigt datum");
    const words = await call(dayLoader, "/slappta/igar", { day: "igar" });
    expect(words.init?.status).toBe(400);
    const future = addDays(todayUtc(new Date()), 2);
    const later = await call(dayLoader, `/slappta/${future}`, { day: future });
    expect(later.init?.status).toBe(404);
    expect(renderDay(later.data)).toContain("Den här dagen har inte kommit än");
    const quiet = addDays(todayUtc(new Date()), -10);
    const none = await call(dayLoader, `/slappta/${quiet}`, { day: quiet });
    expect(none.init?.status).toBe(404);
    expect(renderDay(none.data)).toContain("Inga namn släpptes den här dagen");
  });

  it("downloads the day's view as CSV for Excel and as JSON", async () => {
    const day = await seedDay(handle());
    const csv = (await exportLoader({
      request: siteRequest(`/slappta/${day}/namn.csv?utfall=tagen`),
      params: { day, file: "namn.csv" },
      context: appContextForTests(),
    } as never)) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="snart-lediga-slappta-${day}.csv"`);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // Excel's byte order mark first (Response.text() would drop it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toContain("\r\n");
    const rows = parse(text.slice(1), { delimiter: ";", columns: true }) as Record<string, string>[];
    expect(
      rows.map((row) => [row.name, row.outcome, row.registered_again_source, row.hours_to_registered, row.operator, row.operator_in_table]),
    ).toEqual([
      ["morgon.se", "taken", "check", "0,5", "", ""],
      ["zonfynd.se", "taken", "zone", "8", "Loopia", "ja"],
    ]);

    const json = (await exportLoader({
      request: siteRequest(`/slappta/${day}/namn.json?utfall=fri`),
      params: { day, file: "namn.json" },
      context: appContextForTests(),
    } as never)) as Response;
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const parsed = JSON.parse(await json.text()) as Record<string, unknown>[];
    expect(parsed).toEqual([
      expect.objectContaining({
        name: "ledig-kvar.nu",
        outcome: "free",
        registeredAgainAt: null,
        lastSeenFreeAt: `${day}T05:00:00.000Z`,
        operator: null,
      }),
    ]);

    const badFile = (await exportLoader({
      request: siteRequest(`/slappta/${day}/namn.xml`),
      params: { day, file: "namn.xml" },
      context: appContextForTests(),
    } as never)) as Response;
    expect(badFile.status).toBe(404);
    const badDay = (await exportLoader({
      request: siteRequest("/slappta/x/namn.csv"),
      params: { day: "x", file: "namn.csv" },
      context: appContextForTests(),
    } as never)) as Response;
    expect(badDay.status).toBe(400);
  });
});
