import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { toAscii } from "~/domain/names";
import { compareCodePoints, swedishSortKey } from "~/domain/swedish-order";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";

const cardNames = (page: Page) => page.locator("main article[data-domain]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-domain")!));

/** Swedish order of the display names (a–z, å, ä, ö), as the server sorts them. */
const byName = (names: string[]) => [...names].sort((a, b) => compareCodePoints(swedishSortKey(a), swedishSortKey(b)));

test("search shows results, the count text, and the sort changes the order in the URL", async ({ page }) => {
  const word = uniqueLabel("sok");
  // å, ä and ö sort after z in Swedish but not byte-wise ("ä" < "å" in UTF-8).
  for (const letter of ["b", "ä", "a", "å", "c"]) {
    await insertE2eDomain(`${letter}${word}.se`, { status: "available" });
    await insertE2eDomain(`${word}${letter}.nu`, { status: "soonavailable", releaseInDays: 3 });
  }
  await page.goto(`/search/${word}`);
  await expect(page.getByRole("heading", { level: 1, name: `Sökresultat för "${word}"` })).toBeVisible();
  await expect(page.getByTestId("count-text")).toHaveText("10 domäner hittades");
  const relevance = await cardNames(page);
  // Names starting with the term come first.
  expect(relevance.slice(0, 3).every((name) => name.startsWith(word))).toBe(true);
  await expectNoAxeViolations(page);

  await page.getByLabel("Sortera").selectOption("name-asc");
  await expect(page).toHaveURL(`/search/${word}?sort=name-asc`);
  await expect.poll(() => cardNames(page)).toEqual(byName(relevance));
  await page.getByLabel("Sortera").selectOption("name-desc");
  await expect.poll(() => cardNames(page)).toEqual(byName(relevance).reverse());
  await page.reload();
  await expect(page.getByLabel("Sortera")).toHaveValue("name-desc");
  expect(await cardNames(page)).toEqual(byName(relevance).reverse());
});

test("a search that fills its 50 says so with the true count, and matches the label only", async ({ page }) => {
  const word = uniqueLabel("mang");
  for (let index = 0; index < 57; index++) await insertE2eDomain(`${word}${index}.${index % 2 ? "nu" : "se"}`, { status: "available" });
  await page.goto(`/search/${word}`);
  await expect(page.getByTestId("count-text")).toHaveText("57 domäner hittades. Visar de 50 första träffarna.");
  await expect(page.locator("main article[data-domain]")).toHaveCount(50);
  await expectNoAxeViolations(page);

  // "se" is in every .se name's TLD: only names with it before the dot are found (in either form).
  await insertE2eDomain(`${uniqueLabel("husse")}.nu`, { status: "available" });
  await page.goto("/search/se");
  const found = await cardNames(page);
  expect(found.length).toBeGreaterThan(0);
  const label = (name: string) => name.slice(0, name.indexOf("."));
  for (const name of found) expect([label(name), label(toAscii(name)!)].some((part) => part.includes("se")), name).toBe(true);
});

test("a short or empty search shows the empty state with tips, a full known name redirects", async ({ page }) => {
  await page.goto("/search/a");
  await expect(page.getByTestId("count-text")).toHaveText("Inga domäner hittades");
  await expect(page.getByText("Tips för att hitta fler domäner:")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/search/${encodeURIComponent("räksmörgås.se")}`);
  await expect(page).toHaveURL(`/d/${encodeURIComponent("räksmörgås.se")}`);
});

test("featured and available share the listing screen with their own headers", async ({ page }) => {
  await page.goto("/featured");
  await expect(page.getByRole("heading", { level: 1, name: "Utvalda domäner" })).toBeVisible();
  await expect(page.getByTestId("count-text")).toHaveText(/\d+ domäner hittades/);
  await expect(page.locator("main article[data-domain]").first()).toContainText("Utvald");
  await expectNoAxeViolations(page);

  await page.goto("/available?sort=score-desc");
  await expect(page.getByRole("heading", { level: 1, name: "Tillgängliga för registrering" })).toBeVisible();
  await expect(page.getByLabel("Sortera")).toHaveValue("score-desc");
  const scores = await page.locator("main article[data-domain]").evaluateAll((cards) =>
    cards.map((card) => Number(/\((\d+) poäng\)/.exec(card.textContent ?? "")?.[1])),
  );
  expect(scores.length).toBeGreaterThan(1);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  await expectNoAxeViolations(page);
});

test("premium lists premium names, the explanation and the seven questions", async ({ page }) => {
  await page.goto("/premium");
  await expect(page.getByRole("heading", { level: 1, name: "Premiumdomäner" })).toBeVisible();
  await expect(page.locator("main article[data-domain]").first()).toContainText("Premium");
  await expect(page.getByRole("heading", { name: "Så köper du en premiumdomän" })).toBeVisible();
  const questions = page.getByRole("region", { name: "Vanliga frågor om premiumdomäner" }).getByRole("button");
  await expect(questions).toHaveCount(7);
  await questions.nth(4).click();
  await expect(page.getByText("Överföringen tar normalt 1–2 arbetsdagar.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("odd addresses answer with a page, never a server error", async ({ page }) => {
  for (const path of ["/search/%E0%A4%A", "/search/%3Cscript%3E", `/search/${"x".repeat(3000)}`, "/featured?sort=%00&page=-3", "/available?page=abc", "/premium?page=9999999999999", "/available?after=%00%FF", "/featured?sort=name-asc&after=x_NOT.SE"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("a phone shows the lists in one column", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/featured", "/soon-available", "/"]) {
    await page.goto(path);
    const lefts = await page.locator("main article[data-domain]").evaluateAll((cards) =>
      cards.slice(0, 4).map((card) => Math.round(card.getBoundingClientRect().left)),
    );
    expect(lefts.length, path).toBeGreaterThan(1);
    expect(new Set(lefts).size, path).toBe(1);
  }
  await expectNoAxeViolations(page);
});
