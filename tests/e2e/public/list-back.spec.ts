import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";

// Back from a name's page returns to the same names at the same place (docs/product.md, "Pages of a list").
const cards = (page: Page) => page.locator("main article[data-domain]");
const cardNames = (page: Page) => cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")!));
const visaFler = (page: Page) => page.getByRole("button", { name: "Visa fler" });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the 151st card to the middle of the screen, opens it, and goes Back: the names and the place it left. */
async function openAndGoBack(page: Page) {
  const names = await cardNames(page);
  const card = cards(page).nth(150);
  await card.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const left = await scrollY(page);
  expect(left).toBeGreaterThan(1000);
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/d\//);
  await page.goBack();
  await expect(cards(page)).toHaveCount(200);
  expect(await cardNames(page)).toEqual(names);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(left - 20);
  expect(Math.abs((await scrollY(page)) - left)).toBeLessThanOrEqual(20);
}

test("Back after Visa fler shows the same 200 cards at the same place; the sort is a step of its own", async ({ page }) => {
  await page.goto("/soon-available");
  await page.getByLabel("Sortera").selectOption("name-asc");
  await expect(page).toHaveURL("/soon-available?sort=name-asc");
  await expect(cards(page)).toHaveCount(100);
  await visaFler(page).click();
  await expect(cards(page)).toHaveCount(200);
  // The address keeps the extent, replaced in place: Back leaves the list.
  await expect(page).toHaveURL("/soon-available?sort=name-asc&sidor=2");
  await openAndGoBack(page);
  await expect(page).toHaveURL("/soon-available?sort=name-asc&sidor=2");
  // One Back undoes the sort.
  await page.goBack();
  await expect(page).toHaveURL("/soon-available");
  await expect(page.getByLabel("Sortera")).toHaveValue("date-asc");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Visa fler asks for one page more, lands at its first new card, and Back returns to the same cards and place", async ({ page }) => {
    await page.goto("/soon-available?sort=name-asc");
    const first = await cardNames(page);
    expect(first).toHaveLength(100);
    await visaFler(page).click();
    await expect(page).toHaveURL("/soon-available?sort=name-asc&sidor=2#fler");
    await expect(cards(page)).toHaveCount(200);
    expect((await cardNames(page)).slice(0, 100)).toEqual(first);
    await expect(cards(page).nth(100)).toBeInViewport();
    await openAndGoBack(page);
  });
});
