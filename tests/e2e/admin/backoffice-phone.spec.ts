import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { signInAsAdmin } from "./admin-session";

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone the domain table scrolls inside its own box, and names stay whole", async ({ page }) => {
  const label = uniqueLabel("smal");
  const domain = await insertE2eDomain(`${label}-ett-ganska-langt-namn.se`, { status: "soonavailable", releaseInDays: 4 });
  await signInAsAdmin(page);
  await page.goto(`/admin/domains?q=${label}`);
  const table = page.getByRole("table", { name: "Domains" });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr").first()).toContainText(domain.unicode);

  // The page itself is no wider than the screen ...
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  // ... the table's own box is what scrolls, and a keyboard can reach it to scroll it.
  const scroller = page.getByRole("region", { name: "Domains table" });
  await expect(scroller).toHaveAttribute("tabindex", "0");
  const box = await scroller.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);

  // The name is on one line, not broken into fragments.
  const nameCell = table.getByRole("cell", { name: domain.unicode, exact: true });
  const lines = await nameCell.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  await expectNoAxeViolations(page);
});
