import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { seedStatistics } from "~tests/e2e/support/statistics-figures";
import { measureBundleSize } from "~support/bundle-size";
import type { Page } from "@playwright/test";

// /statistik reads the stats_* tables only (refreshStatistics fills them, tested on its own):
// the suite writes known figures there (tests/e2e/support/statistics-figures.ts, shared with
// statistics-taken-by.spec.ts) and checks the page shows all of them, with and without JavaScript.

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
// its scripts and its data add at most 15 KB gzip over a plain content page (decision 0058), plus
// what the two sections that link to pages of their own cost: the 0.8 KB of sharing the chart code
// with /statistik/vem-tar in a chunk of its own (decision 0073) and "Hur bra är prognosen?" with
// its figures, about 0.3 KB (decision 0078). The figures the page carries depend on what the
// other specs have seeded (17.2 KB measured once in CI, 16.0 on a fresh seed), so the budget has
// that margin too: 18 KB. Winning it back is left to do.
test("/statistik adds at most 18 KB of JavaScript over /about", async ({ baseURL }) => {
  const about = await measureBundleSize(baseURL!, "/about");
  const statistics = await measureBundleSize(baseURL!, "/statistik");
  expect(statistics.jsGzipBytes - about.jsGzipBytes, "gzip bytes over /about").toBeLessThanOrEqual(18 * 1024);
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
