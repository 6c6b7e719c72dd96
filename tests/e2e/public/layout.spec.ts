import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";

const NAV = ["Hem", "Snart lediga domäner", "Lediga domäner", "Premiumdomäner", "Så fungerar det"];

test("the home page has the header links, the login button and the footer", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Huvudmeny" });
  for (const label of NAV) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Logga in" }).first()).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Domäner" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Information" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Kontakt" })).toBeVisible();
  await expect(footer).toContainText("©");
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page).toHaveTitle(/Snart lediga/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  await expectNoAxeViolations(page);
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu is collapsed and opens", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Meny" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const mobileNav = page.getByRole("navigation", { name: "Mobilmeny" });
    for (const label of NAV) await expect(mobileNav.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await mobileNav.getByRole("link", { name: "Så fungerar det", exact: true }).click();
    await expect(page).toHaveURL(/how-it-works/);
    await expect(mobileNav).toBeHidden();
  });
});

test.describe("with a phone's user agent on a wide screen", () => {
  test.use({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" });

  test("the menu is collapsed too", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Meny" })).toBeVisible();
  });
});

test("an unknown route shows the not-found page", async ({ page }) => {
  const response = await page.goto("/finns-inte/alls");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Sidan kunde inte hittas" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Till startsidan" })).toBeVisible();
  await expectNoAxeViolations(page);
});
