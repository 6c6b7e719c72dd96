import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { insertE2eDomain, uniqueLabel } from "../support/domain-rows";

// Card titles sat as h3 right under a list page's h1 (/soon-available, /search, /premium); a
// card's heading level now follows the page. expectNoAxeViolations runs axe's heading-order.

test("no public page skips a heading level", async ({ page }) => {
  const word = uniqueLabel("rubrik");
  const domain = await insertE2eDomain(`${word}.se`, { status: "soonavailable", releaseInDays: 5 });
  await insertE2eDomain(`${word}x.se`, { status: "available", releaseInDays: -2 });
  const pages = [
    "/",
    "/soon-available",
    `/soon-available?q=${word}`,
    "/available",
    "/featured",
    "/premium",
    `/search/${word}`,
    "/search/qqqqqqqqqq",
    domain.path, // with similar names as cards
    `/d/${uniqueLabel("okand")}.se`,
    "/how-it-works",
    "/about",
    "/terms",
    "/privacy",
    "/contact",
    "/auth",
    "/finns-inte",
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    await expectNoAxeViolations(page);
  }
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
