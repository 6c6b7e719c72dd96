import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";

const BAD_NAMES: [string, RegExp][] = [
  ["/d/", /Domännamn saknas\./],
  [`/d/${"a".repeat(10_000)}.se`, /Ogiltig domän/],
  ["/d/%3Cscript%3Ealert(1)%3C%2Fscript%3E.se", /Ogiltig domän/],
  ["/d/a..se", /Ogiltig domän/],
  ["/d/-a.se", /Ogiltig domän/],
  ["/d/%00", /Ogiltig domän/],
  [`/d/${encodeURIComponent("😀")}.se`, /Ogiltig domän/],
  ["/d/exempel.com", /Vi stöder endast \.se- och \.nu-domäner\./],
];

for (const [path, message] of BAD_NAMES) {
  test(`${path.slice(0, 40)} gives a Swedish error page, not a 500`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "Domänen kan inte visas" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(message);
    await expect(page.getByRole("link", { name: "Till startsidan" })).toBeVisible();
    await expect(page.locator("main script")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
