import type { Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { seedStatistics } from "~tests/e2e/support/statistics-figures";
import { measureBundleSize } from "~support/bundle-size";

// "Vem tar de släppta namnen?": a section of /statistik and its own page, /statistik/vem-tar, from
// known figures (seedStatistics: 350 of 1,000 names released in 30 days back in the zone, three
// times as many in 90 days).

test.beforeAll(seedStatistics);

/** /statistik's section leads to the section's own page. */
async function followTheSection(page: Page) {
  expect((await page.goto("/statistik"))?.status()).toBe(200);
  const section = page.getByRole("region", { name: "Vem tar de släppta namnen?" });
  await section.getByRole("link", { name: "Vem tar de släppta namnen?" }).click();
  await expect(page).toHaveURL(/\/statistik\/vem-tar$/);
  await expect(page).toHaveTitle("Vem tar de släppta namnen? | Snart lediga");
}

/** The page as a reader meets it: the honest wording, the source, both periods' pictures, the tables and a CSV. */
async function expectTakenBySection(page: Page) {
  const section = page.getByRole("main");
  await expect(section.getByRole("heading", { level: 1, name: "Vem tar de släppta namnen?" })).toBeVisible();
  await expect(section.getByText(/vilket oftast men inte alltid är den\s+registrar/)).toBeVisible();
  await expect(section.getByText(/till den första ögonblicksbild av zonen som har namnet/).first()).toBeVisible();
  await expect(section.getByText(/Av 1\s000 namn som släpptes de senaste 30 dagarna finns 350 i zonen igen\. Hälften av dem fanns i zonen inom 2 timmar efter släppet\./)).toBeVisible();
  await expect(section.getByText(/Av 3\s000 namn som släpptes de senaste 90 dagarna finns 1\s050 i zonen igen\. Hälften av dem fanns i zonen inom 3 timmar efter släppet\./)).toBeVisible();
  const source = section.getByRole("link", { name: "Internetstiftelsen (öppnas i en ny flik)" });
  await expect(source).toHaveAttribute("href", /^https:\/\/internetstiftelsen\.se\//);
  await expect(source).toHaveAttribute("target", "_blank");

  for (const chart of ["per operatör", "per längd", "per teckentyp"]) {
    for (const days of [30, 90]) await expect(section.getByRole("img", { name: `Vem tar dem, ${chart}, senaste ${days} dagarna` })).toBeVisible();
  }
  const operators30 = section.getByRole("img", { name: "Vem tar dem, per operatör, senaste 30 dagarna" });
  await expect(operators30.getByText("Sedo (parkering)", { exact: true })).toBeVisible();
  await expect(operators30.getByText("namnservrar hos example.se (övrigt)", { exact: true })).toBeVisible();
  await expect(operators30.getByText(/^51\s%$/)).toBeVisible();
  const length30 = section.getByRole("img", { name: "Vem tar dem, per längd, senaste 30 dagarna" });
  await expect(length30.getByText("9 tecken eller fler: 10 registrerade igen (för lite underlag, färre än 100)", { exact: true })).toBeVisible();

  const summaries = section.getByText("Visa som tabell", { exact: true });
  await expect(summaries).toHaveCount(3);
  await summaries.first().click();
  const table = section.getByRole("region", { name: "Tabell: Vem tar dem, per operatör" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row", { name: /^30 Loopia registrar\/webbhotell ja 180 \(51\s%\) 350 1$/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /^90 example\.se övrigt nej 30 \(3\s%\) 1\s050 48$/ })).toBeVisible();
  await summaries.nth(2).click();
  await expect(
    section.getByRole("region", { name: "Tabell: Vem tar dem, per teckentyp" }).getByRole("row", { name: /^90 Med siffror 600 270 \(45\s%\)/ }),
  ).toBeVisible();
}

test("the section says where the released names point, with its source, charts, tables and CSVs, axe clean", async ({ page, request }) => {
  await followTheSection(page);
  await expectTakenBySection(page);
  await expectNoAxeViolations(page);

  const csv = page.getByRole("link", { name: "Ladda ner som CSV (Vem tar dem, per operatör)" });
  const file = await request.get((await csv.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="snart-lediga-statistik-vem-tar-operatorer-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = (await file.body()).subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe("period_days;operator;kind;in_operator_table;names;taken_total;median_hours");
  expect(lines[1]).toBe("30;Loopia;registrar/webbhotell;ja;180;350;1");
  expect(lines[2]).toBe("30;Sedo;parkering;ja;120;350;0,5");
  expect(lines).toContain("90;example.se;övrigt;nej;30;1050;48");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the section leads to its page, which shows in full with its tables open", async ({ page }) => {
    await followTheSection(page);
    await expectTakenBySection(page);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  });
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test("the page fits 320 pixels, its pictures within it", async ({ page }) => {
    await page.goto("/statistik/vem-tar");
    await expectTakenBySection(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    for (const name of ["Vem tar dem, per operatör, senaste 90 dagarna", "Vem tar dem, per längd, senaste 90 dagarna"]) {
      expect((await page.getByRole("img", { name }).boundingBox())!.width).toBeLessThanOrEqual(320);
    }
    await expectNoAxeViolations(page);
  });
});

// As /statistik: the page's scripts and its figures add at most 15 KB gzip over a plain content page (decision 0058).
test("/statistik/vem-tar adds at most 15 KB of JavaScript over /about", async ({ baseURL }) => {
  const about = await measureBundleSize(baseURL!, "/about");
  const takenBy = await measureBundleSize(baseURL!, "/statistik/vem-tar");
  expect(takenBy.jsGzipBytes - about.jsGzipBytes, "gzip bytes over /about").toBeLessThanOrEqual(15 * 1024);
});
