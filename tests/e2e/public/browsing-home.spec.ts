import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Sök domännamn" });

test("home shows the search box, four sections of 8 cards and the three steps", async ({ page }) => {
  await page.goto("/");
  await expect(searchBox(page)).toHaveAttribute("placeholder", "t.ex. mindomän.se");
  for (const [title, href] of [
    ["Utvalda domäner", "/featured"],
    ["Premiumdomäner", "/premium"],
    ["Tillgängliga för registrering", "/available"],
    ["Snart tillgängliga", "/soon-available"],
  ]) {
    const section = page.getByRole("region", { name: title });
    await expect(section.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(section.getByRole("link", { name: `Visa alla ${title.toLowerCase()}` })).toHaveAttribute("href", href);
    await expect(section.locator("article[data-domain]")).toHaveCount(8);
  }
  for (const step of ["Sök", "Bevaka", "Registrera"]) {
    await expect(page.getByRole("heading", { level: 3, name: new RegExp(`${step}$`) })).toBeVisible();
  }
  // A card is one link to its domain's page.
  const firstCard = page.getByRole("region", { name: "Premiumdomäner" }).locator("article[data-domain]").first();
  const name = await firstCard.getAttribute("data-domain");
  await expect(firstCard.getByRole("link")).toHaveAttribute("href", `/d/${encodeURIComponent(name!)}`);
  await expect(firstCard).toContainText("Premium");
  await expect(firstCard).toContainText("Till salu");
  await expect(firstCard).not.toContainText("Tillgänglig");
  await expectNoAxeViolations(page);
});

for (const [input, message] of [
  ["a", "Söktermen måste vara minst 2 tecken."],
  [" X ", "Söktermen måste vara minst 2 tecken."],
  ["exempel.com", "Vi stöder endast .se- och .nu-domäner."],
  ["exem_pel.se", "Ogiltig domän. Försök igen."],
  ["-exempel.se", "Ogiltig domän. Försök igen."],
]) {
  test(`home search shows "${message}" for ${JSON.stringify(input)}`, async ({ page }) => {
    await page.goto("/");
    await searchBox(page).fill(input);
    await searchBox(page).press("Enter");
    await expect(searchBox(page)).toHaveAccessibleDescription(message);
    await expect(searchBox(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/");
    await expectNoAxeViolations(page);
  });
}

test("home search goes to the domain page for a name and to the results for a word", async ({ page }) => {
  await page.goto("/");
  await searchBox(page).fill("  RÄKSMÖRGÅS.se ");
  await page.getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page).toHaveURL(`/d/${encodeURIComponent("räksmörgås.se")}`);

  await page.goto("/");
  await searchBox(page).fill("Hund");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL("/search/hund");
  await expect(page.getByRole("heading", { level: 1, name: 'Sökresultat för "hund"' })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search box still validates and navigates through the server", async ({ page }) => {
    await page.goto("/");
    await searchBox(page).fill("a");
    await searchBox(page).press("Enter");
    await expect(page.getByText("Söktermen måste vara minst 2 tecken.")).toBeVisible();
    await searchBox(page).fill("hund");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL("/search/hund");
    await expect(page.getByTestId("count-text")).toHaveText(/\d+ domäner? hittades/);
  });
});
