import type pg from "pg";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { withServerDb } from "~tests/e2e/support/server-db";
import { measureBundleSize } from "~support/bundle-size";
import type { Page } from "@playwright/test";

// /statistik reads the stats_* tables only (refreshStatistics fills them, tested on its own):
// the suite writes known figures there and checks the page shows all of them, with and without JavaScript.

const TABLES = [
  "Släpp per dag",
  "Per släppdag",
  "Per längd",
  "Per teckentyp",
  "När namnen blir lediga",
  "Lediga under första timmen",
  "Hur snabbt namnen registreras igen",
  "Förnyas i stället för att släppas",
  "Dagens lista",
];

async function insertRows(client: pg.Client, table: string, columns: string[], rows: unknown[][]) {
  const values = rows.map((row, rowIndex) => `(${row.map((_, index) => `$${rowIndex * columns.length + index + 1}`).join(", ")})`);
  await client.query(`insert into ${table} (${columns.join(", ")}) values ${values.join(", ")}`, rows.flat());
}

/** Released names for the past 90 days, scheduled ones for the next 60, catches, a renewal curve and today's list. */
async function seedStatistics() {
  const today = todayUtc(new Date());
  await withServerDb(async (client) => {
    for (const table of [
      "stats_release_days",
      "stats_catches",
      "stats_renewal_curve",
      "stats_current_list",
      "stats_release_minutes",
      "stats_catch_durations",
      "stats_computations",
    ]) {
      await client.query(`delete from ${table}`);
    }
    const days = Array.from({ length: 150 }, (_, index) => index - 90).filter((offset) => offset !== 0);
    await insertRows(
      client,
      "stats_release_days",
      ["day", "tld", "names", "scheduled"],
      days.flatMap((offset) => [
        [addDays(today, offset), ".se", 800 + ((offset * 37) % 300), offset > 0],
        [addDays(today, offset), ".nu", 40 + ((offset * 11) % 30), offset > 0],
      ]),
    );
    const pastDays = days.filter((offset) => offset < 0 && offset > -60);
    await insertRows(
      client,
      "stats_catches",
      ["release_date", "length_group", "char_group", "state", "by_next_check", "names"],
      pastDays.flatMap((offset) => {
        const day = addDays(today, offset);
        return [
          [day, "4", "letters", "1h", false, 30],
          [day, "5", "letters", "1d", false, 60],
          [day, "5", "letters", "1d", true, 25],
          [day, "6-8", "digits", "7d", true, 20],
          [day, "9+", "hyphen", "later", false, 10],
          [day, "6-8", "idn", "free", false, offset > -10 ? 600 : 400],
          [day, "9+", "letters", "unchecked", false, offset > -3 ? 200 : 0],
        ];
      }),
    );
    await insertRows(
      client,
      "stats_renewal_curve",
      ["days_left", "on_list", "renewed"],
      Array.from({ length: 61 }, (_, daysLeft) => [daysLeft, daysLeft > 45 ? 0 : 5000 - daysLeft * 20, Math.round((45 - daysLeft) * 12)]),
    );
    await insertRows(client, "stats_current_list", ["grouping", "group_key", "names"], [
      ["tld", ".se", 24000],
      ["tld", ".nu", 1500],
      ["length", "1-3", 300],
      ["length", "4", 1200],
      ["length", "5", 3000],
      ["length", "6-8", 11000],
      ["length", "9+", 10000],
      ["chars", "letters", 20000],
      ["chars", "digits", 2500],
      ["chars", "hyphen", 2000],
      ["chars", "idn", 1000],
      ["score", "Utmärkt", 500],
      ["score", "Bra", 4000],
      ["score", "Mindre bra", 21000],
    ]);
    // Two measured release mornings: names first seen free through the morning, and how soon some were taken.
    for (const offset of [-5, -4]) {
      await client.query(
        `insert into release_mornings (release_date, started_at, rounds) values ($1, $2, 40)
         on conflict (release_date) do update set rounds = 40`,
        [addDays(today, offset), `${addDays(today, offset)}T04:00:00Z`],
      );
    }
    await insertRows(
      client,
      "stats_release_minutes",
      ["minute", "length_group", "char_group", "tld", "names"],
      Array.from({ length: 30 }, (_, index) => [index * 10, index % 2 === 0 ? "5" : "6-8", "letters", index % 3 === 0 ? ".nu" : ".se", 40 - index]),
    );
    await insertRows(client, "stats_catch_durations", ["grouping", "group_key", "names", "p25_seconds", "p50_seconds", "p75_seconds"], [
      ["all", "", 312, 120, 270, 660],
      ["length", "5", 200, 90, 210, 540],
      ["chars", "letters", 312, 120, 270, 660],
    ]);
    const parts = ["release-days", "catches", "renewal-curve", "current-list", "mornings"];
    await insertRows(client, "stats_computations", ["part", "computed_at"], parts.map((part) => [part, new Date()]));
  });
}

test.beforeAll(seedStatistics);

/** Every chart is a picture with a name, and every "Visa som tabell" opens its table. */
async function expectEveryChartAndTable(page: Page) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Statistik" })).toBeVisible();
  await expect(main.getByText(/^Uppdaterad \d{1,2} \p{L}+ \d{4} kl\. \d{2}:\d{2} svensk tid$/u)).toBeVisible();
  for (const name of [
    "Släpp per dag",
    "Registreras igen, per släppdag",
    "Registreras igen, per längd",
    "Registreras igen, per teckentyp",
    "När namnen blir lediga",
    "Lediga under första timmen, per grupp",
    "Förnyas i stället för att släppas",
  ]) {
    await expect(main.getByRole("img", { name })).toBeVisible();
  }
  for (const grouping of ["längd", "tecken", "toppdomän", "betyg"]) await expect(main.getByRole("img", { name: `Dagens lista efter ${grouping}` })).toBeVisible();

  const summaries = main.getByText("Visa som tabell", { exact: true });
  await expect(summaries).toHaveCount(TABLES.length);
  for (const [index, title] of TABLES.entries()) {
    const table = main.getByRole("region", { name: `Tabell: ${title}` });
    await expect(table).toBeHidden();
    await summaries.nth(index).click();
    await expect(table).toBeVisible();
    await expect(table.getByRole("table")).toBeVisible();
  }
  await expect(main.getByRole("region", { name: "Tabell: Dagens lista" }).getByRole("row", { name: /Toppdomän \.se 24 000/ })).toBeVisible();
  await expect(main.getByRole("region", { name: "Tabell: Per släppdag" }).getByRole("columnheader", { name: "Inom 1 dygn: varav sågs vid nästa kontroll" })).toBeVisible();
  await expect(main.getByText("Hälften registrerades igen inom 4,5 minuter efter att de blev lediga (en fjärdedel inom 2, tre fjärdedelar inom 11), av 312 namn.")).toBeVisible();
}

test("/statistik shows every chart with its table, its CSV, and no accessibility violations", async ({ page, request }) => {
  const response = await page.goto("/statistik");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Statistik | Snart lediga");
  await expectEveryChartAndTable(page);
  await expectNoAxeViolations(page);

  const csv = page.getByRole("link", { name: "Ladda ner som CSV (Förnyas i stället för att släppas)" });
  const file = await request.get((await csv.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="snart-lediga-statistik-fornyas-\d{4}-\d{2}-\d{2}\.csv"$/);
  const body = await file.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(body.subarray(3).toString("utf8").split("\r\n")[0]).toBe("days_left;on_list;renewed;renewed_percent");
  expect((await request.get("/statistik/finns-inte.csv")).status()).toBe(404);
});

// Only the figures travel with the page (the charts and tables are drawn from them in the browser too):
// its scripts and its data add at most 15 KB gzip over a plain content page (decision 0058).
test("/statistik adds at most 15 KB of JavaScript over /about", async ({ baseURL }) => {
  const about = await measureBundleSize(baseURL!, "/about");
  const statistics = await measureBundleSize(baseURL!, "/statistik");
  expect(statistics.jsGzipBytes - about.jsGzipBytes, "gzip bytes over /about").toBeLessThanOrEqual(15 * 1024);
});

test("the footer and the home page lead to /statistik", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Se statistiken" }).click();
  await expect(page).toHaveURL(/\/statistik$/);
  await expect(page.getByRole("heading", { level: 1, name: "Statistik" })).toBeVisible();
  await page.goto("/about");
  await page.getByRole("contentinfo").getByRole("link", { name: "Statistik" }).click();
  await expect(page).toHaveURL(/\/statistik$/);
  await expect(page.getByRole("img", { name: "Släpp per dag" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // axe runs in the page's own JavaScript, so it cannot check here; the same markup is checked above.
  test("every chart shows and every table opens", async ({ page }) => {
    await page.goto("/statistik");
    await expectEveryChartAndTable(page);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  });
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the charts fit the screen and a wide table scrolls inside its own region", async ({ page }) => {
    await page.goto("/statistik");
    await expectEveryChartAndTable(page);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
    const chart = await page.getByRole("img", { name: "Registreras igen, per släppdag" }).boundingBox();
    expect(chart!.width).toBeLessThanOrEqual(375);
    const region = page.getByRole("region", { name: "Tabell: Per släppdag" });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });
});
