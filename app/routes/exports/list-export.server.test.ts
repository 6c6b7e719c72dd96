import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { yesNo } from "~/domain/csv-values";
import { DOWNLOAD_COLUMNS, type DownloadRow } from "~/domain/export-rows";
import { filtersFor, parsePublicFilters, type PublicFilters, type PublicList } from "~/domain/public-filters";
import { LISTING_SORTS, SOON_SORTS } from "~/lib/listing-params";
import type { DomainPage } from "~/server/domains/domain-card-data.server";
import { findAvailable, findFeatured, findPremium, findSoonAvailable } from "~/server/domains/lists.server";
import { exportBatches } from "~/server/exports/list-export.server";
import { createDomains } from "~tests/factories/domains";
import { appContextForTests, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { DOWNLOAD_RATE_LIMIT } from "~/server/exports/download-limit.server";
import { loader } from "./list-export";

async function download(file: string, search = "", headers: Record<string, string> = {}) {
  return (await loader({ request: siteRequest(`/export/${file}${search}`, { headers }), params: { file }, context: appContextForTests() } as never)) as Response;
}

/** A CSV file's rows as objects by header, every value a string, as a spreadsheet or a CSV library reads them. */
function readCsv(text: string, delimiter: string) {
  return parse(text, { bom: true, columns: true, delimiter, skip_empty_lines: true }) as Record<string, string>[];
}

/** The rows as the CSV has them: text, empty for nothing. */
const asCsv = (row: DownloadRow) => Object.fromEntries(DOWNLOAD_COLUMNS.map((column) => [column.header, csvText(row[column.key])]));
const csvText = (value: DownloadRow[keyof DownloadRow]) =>
  value === null ? "" : typeof value === "boolean" ? yesNo(value) : Array.isArray(value) ? value.join(" ") : String(value);
/** The zone's columns of a file's rows (and the family's), empty: the site has no snapshot of the TLD; and no catch risk computed. */
const NO_ZONE = {
  zone_delegated: "",
  zone_delegated_since: "",
  zone_since_is_first_snapshot: "",
  zone_operator: "",
  zone_name_servers: "",
  zone_last_change: "",
  zone_last_change_at: "",
  sibling_registered: "",
  sibling_status: "",
  twin_registered: "",
  catch_risk_percent: "",
};

describeEachEngine("a list view as a file", ({ handle }) => {
  it("gives exactly the view's names, in batches, as Excel's CSV, RFC 4180's and JSON alike", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    // Batches of every size from the first (250) to the largest (2,000), with the characters a CSV must quote.
    await createDomains(db, 4_100, { status: "soonavailable", releaseDate: "2099-01-05" });
    await createDomains(db, [
      { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2099-01-06", score: 81, isFeatured: true },
      { name: "kaffe.nu", status: "premium", price: 12_500 },
      { name: "hund.se", status: "available", releaseDate: "2020-03-01" },
    ]);
    // The view's order: its default sort, release date first.
    const expectedNames = (await findSoonAvailable(db, { pageSize: 5_000 })).domains.map((domain) => domain.unicodeName);
    expect(expectedNames.at(-1)).toBe("räksmörgås.se");

    const excel = await download("soon-available.csv");
    expect(excel.status).toBe(200);
    expect(excel.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(excel.headers.get("content-disposition")).toMatch(/^attachment; filename="snart-lediga-soon-available-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Response.text() drops a byte order mark: read the bytes as they arrive.
    const excelText = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await excel.arrayBuffer());
    // Excel reads semicolons, and UTF-8 only with the byte order mark; lines end in CRLF.
    expect(
      excelText.startsWith(
        "\uFEFFname;ace;tld;length;status;release_date;released_at;registered_again_at;score;score_label;featured;premium_price;url;" +
          "zone_delegated;zone_delegated_since;zone_since_is_first_snapshot;zone_operator;zone_name_servers;zone_last_change;zone_last_change_at;" +
          "sibling_registered;sibling_status;twin_registered;catch_risk_percent\r\n",
      ),
    ).toBe(true);
    const excelRows = readCsv(excelText, ";");
    expect(excelRows.map((row) => row.name)).toEqual(expectedNames);
    expect(excelRows.find((row) => row.name === "räksmörgås.se")).toEqual({
      name: "räksmörgås.se",
      ace: "xn--rksmrgs-5wao1o.se",
      tld: ".se",
      length: "10",
      status: "soonavailable",
      release_date: "2099-01-06",
      released_at: "",
      registered_again_at: "",
      score: "81",
      score_label: "Utmärkt",
      featured: "ja",
      premium_price: "",
      url: `${process.env.SITE_URL}/d/${encodeURIComponent("räksmörgås.se")}`,
      ...NO_ZONE,
    });

    const comma = await (await download("soon-available.csv", "?format=csv-comma")).text();
    expect(comma.startsWith("name,ace,")).toBe(true);
    expect(readCsv(comma, ",")).toEqual(excelRows);

    const json = JSON.parse(await (await download("soon-available.json")).text()) as DownloadRow[];
    expect(json.map(asCsv)).toEqual(excelRows);
  });

  it("takes the view's filters, and holds the other lists' own columns", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, [
      { name: "kaffe.nu", status: "premium", price: 12_500 },
      { name: "te.se", status: "premium", price: 900 },
      { name: "hund.se", status: "available", releaseDate: "2020-03-01", takenAt: null },
    ]);
    const premium = JSON.parse(await (await download("premium.json", "?tld=nu")).text()) as DownloadRow[];
    expect(premium.map((row) => [row.name, row.premiumPrice])).toEqual([["kaffe.nu", 12_500]]);
    const available = JSON.parse(await (await download("available.json")).text()) as DownloadRow[];
    expect(available).toEqual([expect.objectContaining({ name: "hund.se", releasedAt: "2020-03-01T04:00:00.000Z", registeredAgainAt: null })]);
    // An empty view is an empty file, still a valid one.
    expect(JSON.parse(await (await download("available.json", "?tld=nu")).text())).toEqual([]);
    expect(readCsv(await (await download("available.csv", "?tld=nu")).text(), ";")).toEqual([]);
  });

  it("follows the view's sort and filters: every list in every sort as its pages show it, batch after batch across equal keys", async () => {
    await useAppAuthForTests(handle());
    const { db } = handle();
    // Equal dates, scores, lengths and moments, with names whose Swedish order (å, ä, ö after z) is not their ACE order.
    const labels = ["zeta", "åka", "äta", "öra", "abc", "ärt", "ö", "za", "åå", "bo", "öl", "yxa", "ål", "ax"];
    await createDomains(
      db,
      labels.flatMap((label, index) =>
        [".se", ".nu"].slice(0, index % 2 === 0 ? 2 : 1).map((tld) => ({
          name: `${label}${tld}`,
          status: (["soonavailable", "available", "premium"] as const)[index % 3],
          releaseDate: (["2099-01-05", "2099-01-06"] as const)[index % 2],
          score: [50, 70][index % 4 === 0 ? 1 : 0],
          isFeatured: index % 4 !== 1,
          price: 1_000,
        })),
      ),
    );
    // Soon names without a release date: last by date, first latest first.
    await createDomains(db, ["öde.se", "åsa.se", "bo.nu"].map((name) => ({ name, status: "soonavailable" as const, releaseDate: null, score: 50 })));
    await db.execute(sql`update domains set release_date = '2020-03-01', last_checked_at = now(), updated_at = timestamptz '2026-11-22 12:00:00.000001+00' where status = 'available'`);
    const now = new Date();
    const views: [PublicList, readonly string[], (sort: string, filters: PublicFilters) => Promise<DomainPage>][] = [
      ["soon-available", SOON_SORTS, (sort, filters) => findSoonAvailable(db, { sort: sort as never, filters, now, pageSize: 100 })],
      ["available", LISTING_SORTS, (sort, filters) => findAvailable(db, { sort: sort as never, filters, now, pageSize: 100 })],
      ["featured", LISTING_SORTS, (sort, filters) => findFeatured(db, { sort: sort as never, filters, now, pageSize: 100 })],
      ["premium", LISTING_SORTS, (sort, filters) => findPremium(db, { sort: sort as never, filters, now, pageSize: 100 })],
    ];
    for (const [list, sorts, view] of views) {
      for (const query of ["", "tld=se"]) {
        const filters = filtersFor("other", parsePublicFilters(new URLSearchParams(query)));
        for (const sort of sorts) {
          const shown = (await view(sort, filters)).domains.map((domain) => domain.name);
          const downloaded: string[] = [];
          const options = { siteUrl: "https://snartlediga.se", now, batchSize: 2, firstBatchSize: 2 };
          for await (const batch of exportBatches(db, { list, filters, includeFeatured: true, sort }, options)) {
            downloaded.push(...batch.map((row) => row.ace));
          }
          expect(shown.length, `${list} ${query}`).toBeGreaterThan(2);
          expect(downloaded, `${list} ${sort} ${query}`).toEqual(shown);
        }
      }
    }
    // The route takes the view's sort from the link, and the list's default for one it does not know.
    const byName = JSON.parse(await (await download("soon-available.json", "?sort=name-desc&tld=se")).text()) as DownloadRow[];
    expect(byName.map((row) => row.name).slice(0, 3)).toEqual(["öra.se", "öde.se", "ö.se"]);
    const unknown = JSON.parse(await (await download("soon-available.json", "?sort=nonsense")).text()) as DownloadRow[];
    expect(unknown.map((row) => row.ace)).toEqual((await findSoonAvailable(db, { now })).domains.map((domain) => domain.name));
  });

  it("stops reading when the download is cancelled, and the next one works", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, 4_500, { status: "soonavailable", releaseDate: "2099-01-05" });
    const response = await download("soon-available.csv");
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const again = readCsv(await (await download("soon-available.csv")).text(), ";");
    expect(again).toHaveLength(4_500);
  });

  it("is 404 for a list it does not have, and limits downloads per address with 429 and Retry-After", async () => {
    await useAppAuthForTests(handle());
    expect((await download("registered.csv")).status).toBe(404);
    expect((await download("soon-available.xlsx")).status).toBe(404);
    const address = { "x-forwarded-for": "198.51.100.7" };
    for (let count = 0; count < DOWNLOAD_RATE_LIMIT.points; count++) {
      const allowed = await download("premium.csv", "", address);
      expect(allowed.status).toBe(200);
      await allowed.body?.cancel();
    }
    const limited = await download("premium.csv", "", address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toMatch(/^För många nedladdningar\. Försök igen om /);
  });
});
