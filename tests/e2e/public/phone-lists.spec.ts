import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";

const cards = (page: Page) => page.locator("main article[data-domain]");
const visaFler = (page: Page) => page.getByRole("button", { name: "Visa fler" });
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test.describe("on a phone (its user agent and screen)", () => {
  test.use({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    viewport: { width: 390, height: 844 },
  });

  test("a list's first page holds 24 cards, a few screens tall, and Visa fler appends the next 24", async ({ page }) => {
    await page.goto("/soon-available");
    await expect(cards(page)).toHaveCount(24);
    await expect(page.getByTestId("count-text")).toHaveText(/^Visar 24 av [\d\s\u00a0]+ domäner/);
    // 100 cards made this page over 15,000 px tall.
    expect(await pageHeight(page)).toBeLessThan(7_500);
    await expectNoAxeViolations(page);
    const firstPage = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")));

    // The "Filtrera" button goes once JavaScript has taken over: then Visa fler appends in place.
    await expect(page.getByRole("button", { name: "Filtrera" })).toHaveCount(0);
    await visaFler(page).click();
    await expect(cards(page)).toHaveCount(48);
    await expect(page.getByTestId("count-text")).toHaveText(/^Visar 48 av /);
    const both = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-domain")));
    expect(both.slice(0, 24)).toEqual(firstPage);
    expect(new Set(both).size).toBe(48);
    await expect(page).toHaveURL("/soon-available?sidor=2");
  });

  for (const path of ["/available", "/featured"]) {
    test(`${path} shows 24 cards and Visa fler`, async ({ page }) => {
      await page.goto(path);
      await expect(cards(page)).toHaveCount(24);
      await expect(visaFler(page)).toBeVisible();
      expect(await pageHeight(page)).toBeLessThan(7_500);
    });
  }
});
