import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { compareCodePoints, swedishSortKey } from "~/domain/swedish-order";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";

const table = (page: Page) => page.getByRole("table");
const rowNames = (page: Page) =>
  page.locator("main table tbody th[scope=row]").evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ""));
const header = (page: Page, name: string) => table(page).getByRole("columnheader", { name });
const byName = (names: string[]) => [...names].sort((a, b) => compareCodePoints(swedishSortKey(a), swedishSortKey(b)));

/** Five soon-available names of one word, with å, ä and ö among them, released in a few days. */
async function soonNames(word: string) {
  const names = ["b", "ä", "a", "å", "ö"].map((letter) => `${letter}${word}.se`);
  for (const [index, name] of names.entries())
    await insertE2eDomain(name, { status: "soonavailable", releaseInDays: 4, score: 40 + index });
  return names;
}

test("every list has a table view beside its sort: 500 rows a page, sortable headers that are links, kept in the view's links", async ({
  page,
}) => {
  // Pages of 500 rows on a shared machine.
  test.slow();
  const word = uniqueLabel("tab");
  const names = await soonNames(word);
  await page.goto("/soon-available");
  const toggle = page.getByRole("group", { name: "Visa som" });
  await expect(toggle.getByRole("link", { name: "Kort" })).toHaveAttribute("aria-current", "true");
  await toggle.getByRole("link", { name: "Tabell" }).click();
  await expect(page).toHaveURL("/soon-available?vy=tabell");
  await expect(toggle.getByRole("link", { name: "Tabell" })).toHaveAttribute("aria-current", "true");
  await expect(table(page)).toBeVisible();
  await expect(page.locator("main article[data-domain]")).toHaveCount(0);
  // The caption names the list and its order; the default order is the release date's.
  await expect(table(page).locator("caption")).toHaveText("Snart lediga domäner (sortering: Datum (tidigast först))");
  await expect(header(page, "Släppdatum")).toHaveAttribute("aria-sort", "ascending");
  for (const column of ["Namn", "TLD", "Längd", "Status", "Poäng"]) await expect(header(page, column)).not.toHaveAttribute("aria-sort");
  const count = await page.getByTestId("count-text").textContent();
  const [, shown, total] = /^Visar ([\d\s\u00a0]+) av ([\d\s\u00a0]+) domäner/.exec(count ?? "")!;
  const number = (text: string) => Number(text.replace(/\D/g, ""));
  expect(number(shown)).toBe(Math.min(500, number(total)));
  expect(await rowNames(page)).toHaveLength(number(shown));

  // Filtered to the word's names, then sorted by a header: the layout stays, and so does the filter.
  // (axe reads every cell's contrast: the markup of 5 rows is that of 500, in seconds instead of minutes.)
  await page.goto(`/soon-available?q=${word}&vy=tabell`);
  await expect.poll(() => rowNames(page)).toHaveLength(5);
  await expectNoAxeViolations(page);
  await header(page, "Namn").getByRole("link").click();
  await expect(page).toHaveURL(`/soon-available?q=${word}&sort=name-asc&vy=tabell`);
  await expect(header(page, "Namn")).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(() => rowNames(page)).toEqual(byName(names));
  await header(page, "Namn").getByRole("link").click();
  await expect(page).toHaveURL(`/soon-available?q=${word}&sort=name-desc&vy=tabell`);
  await expect(header(page, "Namn")).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => rowNames(page)).toEqual(byName(names).reverse());
  await header(page, "Poäng").getByRole("link").click();
  await expect(header(page, "Poäng")).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => rowNames(page)).toEqual([...names].reverse());
  // The sort select follows the header.
  await expect(page.getByLabel("Sortera")).toHaveValue("score-desc");

  // A row: its name links to its page, its cells say what a card says.
  const row = table(page).getByRole("row", { name: new RegExp(`^${names[0]}`) });
  await expect(row.getByRole("cell")).toHaveText([
    ".se",
    String(word.length + 1),
    /^\d{4}-\d{2}-\d{2}$/,
    "Snart tillgänglig",
    "40 Genomsnittlig",
    // Its sibling and twins in brief: nothing of this name's family is in the zone, if the server has one.
    /^(–|\.nu inte i zonen)$/,
    // The soon list's risk of being taken at once: the e2e history may be too thin for a figure.
    /^(För lite historik|(Låg|Måttlig|Hög), \d+ av 10)/,
  ]);
  await row.getByRole("link", { name: names[0] }).click();
  await expect(page).toHaveURL(`/d/${encodeURIComponent(names[0])}`);
});

test("the other lists' tables, and the feed and download links of a table view", async ({ page }) => {
  const word = uniqueLabel("prem");
  await insertE2eDomain(`${word}.se`, { status: "premium", isFeatured: true, price: 9000, score: 77 });
  for (const path of ["/available", "/featured", "/premium", `/search/${word}`]) {
    await page.goto(`${path}?vy=tabell`);
    await expect(table(page), path).toBeVisible();
    await expect(page.getByRole("group", { name: "Visa som" }).getByRole("link", { name: "Tabell" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // No release-date order on these lists: the header is text.
    await expect(header(page, "Släppdatum").getByRole("link")).toHaveCount(0);
    await expect(header(page, "Namn").getByRole("link")).toHaveAttribute("href", new RegExp(`sort=name-asc&vy=tabell$`));
  }
  await page.goto(`/premium?vy=tabell&borjar=${word}`);
  await expect(
    table(page)
      .getByRole("row", { name: new RegExp(`^${word}\\.se`) })
      .getByRole("cell"),
  ).toHaveText([".se", String(word.length), "–", "Premium", "77 Mycket bra", /^(–|\.nu inte i zonen)$/]);
  await expectNoAxeViolations(page);
  await expect(page.getByRole("link", { name: /flödesläsare/ })).toHaveAttribute("href", `/feeds/premium.atom?borjar=${word}&vy=tabell`);
  // A visitor saving the view signs in and comes back to the table.
  await expect(page.getByRole("link", { name: "Logga in för att spara sökningen" })).toHaveAttribute(
    "href",
    `/auth?redirectTo=${encodeURIComponent(`/premium?vy=tabell&borjar=${word}`)}`,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the toggle, the headers and Visa fler are links that keep the table", async ({ page }) => {
    test.slow();
    await page.goto("/available");
    await page.getByRole("group", { name: "Visa som" }).getByRole("link", { name: "Tabell" }).click();
    await expect(page).toHaveURL("/available?vy=tabell");
    await expect(table(page)).toBeVisible();
    await header(page, "Poäng").getByRole("link").click();
    await expect(page).toHaveURL("/available?sort=score-desc&vy=tabell");
    await expect(header(page, "Poäng")).toHaveAttribute("aria-sort", "descending");
    const scores = await page
      .locator("main table tbody td:nth-of-type(5)")
      .evaluateAll((cells) => cells.map((cell) => Number.parseInt(cell.textContent ?? "", 10)));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The sort form keeps the layout.
    await page.getByLabel("Sortera").selectOption("length-asc");
    await page.getByRole("button", { name: "Sortera" }).click();
    await expect(page).toHaveURL("/available?sort=length-asc&vy=tabell");
    await expect(header(page, "Längd")).toHaveAttribute("aria-sort", "ascending");
    // "Visa fler" is a GET form: the same rows and the next 500, in the same order and layout.
    const more = page.getByRole("button", { name: "Visa fler" });
    if ((await more.count()) > 0) {
      const firstPage = await rowNames(page);
      expect(firstPage).toHaveLength(500);
      await more.click();
      await expect(page).toHaveURL("/available?sort=length-asc&vy=tabell&sidor=2#fler");
      await expect(table(page)).toBeVisible();
      const both = await rowNames(page);
      expect(both.slice(0, 500)).toEqual(firstPage);
      expect(new Set(both).size).toBe(both.length);
    }
    // axe runs in the page's own JavaScript, so it cannot check here; the same markup is checked above.
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the same table stacks each row, with each cell under its column's name, and nothing scrolls sideways", async ({ page }) => {
    const word = uniqueLabel("smal");
    await soonNames(word);
    await page.goto(`/soon-available?q=${word}&vy=tabell`);
    await expect.poll(() => rowNames(page)).toHaveLength(5);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    const firstRow = page.locator("main table tbody tr").first();
    expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe("block");
    const labels = await firstRow.locator("td").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(labels).toEqual(['"TLD"', '"Längd"', '"Släppdatum"', '"Status"', '"Poäng"', '"Syskon/tvilling"', '"Risk"']);
    // The sortable headers stay as links above the rows.
    await expect(header(page, "Namn").getByRole("link")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
