import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { insertE2eDomain, uniqueLabel } from "../support/domain-rows";

const cards = (page: Page) => page.locator("main article[data-domain]");
const countText = (page: Page) => page.getByTestId("count-text");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Sök bland snart lediga domäner" });

test("soon-available pages of 100 are appended by Visa fler and the count follows", async ({ page }) => {
  await page.goto("/soon-available");
  await expect(page.getByRole("heading", { level: 1, name: "Snart lediga domäner" })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute("placeholder", "Sök domäner...");
  await expect(cards(page)).toHaveCount(100);
  await expect(countText(page)).toHaveText(/^Visar 100 av [\d\s\u00a0]+ domäner( \(varav \d+ markerade\))?$/);
  await expectNoAxeViolations(page);
  const firstPage = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")));

  await page.getByRole("button", { name: "Visa fler" }).click();
  await expect(cards(page)).toHaveCount(200);
  await expect(countText(page)).toHaveText(/^Visar 200 av /);
  const both = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")));
  expect(both.slice(0, 100)).toEqual(firstPage);
  expect(new Set(both).size).toBe(200);
  await expect(page).toHaveURL("/soon-available");
});

test("the filter box narrows the list after typing, and clearing it restores page 1", async ({ page }) => {
  const word = uniqueLabel("snart");
  await insertE2eDomain(`${word}.se`, { status: "soonavailable", releaseInDays: 5 });
  await insertE2eDomain(`${word}-tva.nu`, { status: "soonavailable", releaseInDays: 9, isFeatured: true });
  await page.goto("/soon-available");
  await expect(cards(page)).toHaveCount(100);

  await searchBox(page).pressSequentially(word, { delay: 20 });
  await expect(page).toHaveURL(`/soon-available?q=${word}`);
  await expect(countText(page)).toHaveText(`Sökning "${word}" gav 2 träffar`);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Visa fler" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The featured toggle (on by default) leaves featured names out when switched off.
  await page.getByLabel("Visa utvalda domäner").uncheck();
  await expect(page).toHaveURL(`/soon-available?q=${word}&featured=0`);
  await expect(countText(page)).toHaveText(`Sökning "${word}" gav 1 träff`);

  await searchBox(page).fill("");
  await expect(page).toHaveURL("/soon-available?featured=0");
  await expect(cards(page)).toHaveCount(100);
  await expect(countText(page)).toHaveText(/^Visar 100 av /);
  await expect(page.locator("main").getByText("Utvald", { exact: true })).toHaveCount(0);
});

test("the sort is kept in the URL and orders the list", async ({ page }) => {
  await page.goto("/soon-available");
  await page.getByLabel("Sortera").selectOption("score-desc");
  await expect(page).toHaveURL("/soon-available?sort=score-desc");
  const scores = await cards(page).evaluateAll((all) =>
    all.map((card) => Number(/\((\d+) poäng\)/.exec(card.textContent ?? "")?.[1])),
  );
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  await page.reload();
  await expect(page.getByLabel("Sortera")).toHaveValue("score-desc");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form and the next page work through plain links and forms", async ({ page }) => {
    await page.goto("/soon-available");
    await expect(cards(page)).toHaveCount(100);
    await searchBox(page).fill("hund");
    await page.getByRole("button", { name: "Filtrera" }).click();
    await expect(page).toHaveURL(/q=hund/);
    await expect(countText(page)).toHaveText(/^Sökning "hund" gav \d+ träff/);
    await page.goto("/soon-available");
    await page.getByRole("button", { name: "Visa fler" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page)).toHaveCount(100);
  });
});
