import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";

// Card titles sat as h3 right under a list page's h1 (/soon-available, /search, /premium); a
// card's heading level now follows the page. expectNoAxeViolations runs axe's heading-order.

async function expectHeadingsInOrder(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await expectNoAxeViolations(page);
}

for (const path of [
  "/",
  "/soon-available",
  "/available",
  "/featured",
  "/premium",
  "/how-it-works",
  "/about",
  "/statistik",
  "/terms",
  "/privacy",
  "/contact",
  "/auth",
  "/finns-inte",
]) {
  test(`${path} skips no heading level`, async ({ page }) => {
    await expectHeadingsInOrder(page, path);
  });
}

test("search results, a filtered soon-available list and a domain page skip no heading level", async ({ page }) => {
  // Six pages, each with an accessibility check: 34–48 s on a busy CI machine, past the default 45 s.
  test.setTimeout(90_000);
  const word = uniqueLabel("rubrik");
  const domain = await insertE2eDomain(`${word}.se`, { status: "soonavailable", releaseInDays: 5 });
  await insertE2eDomain(`${word}x.se`, { status: "available", releaseInDays: -2 });
  for (const path of [
    `/search/${word}`,
    "/search/qqqqqqqqqq",
    `/soon-available?q=${word}`,
    `/d/${uniqueLabel("okand")}.se`,
    `${domain.path}/liknande`,
  ]) {
    await expectHeadingsInOrder(page, path);
  }
  // The domain page's similar names are cards too, under its "Liknande domäner" (h2), once they have loaded.
  await page.goto(domain.path);
  await page.getByRole("heading", { level: 2, name: "Liknande domäner" }).scrollIntoViewIfNeeded();
  await expect(page.locator("main article[data-domain]").first()).toBeAttached();
  await expectNoAxeViolations(page);
});

test("the accessibility check reports a skipped heading level", async ({ page }) => {
  await page.goto("/about");
  await expectNoAxeViolations(page);
  await page.evaluate(() => {
    const skipped = document.createElement("h4");
    skipped.textContent = "Rubrik som hoppar över nivåer";
    document.querySelector("h1")!.after(skipped);
  });
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/heading-order/);
});
