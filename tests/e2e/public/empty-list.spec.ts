import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an empty filtered view names what narrows it, and a plain link removes each", async ({ page }) => {
    const prefix = uniqueLabel("tom");
    await insertE2eDomain(`${prefix}.se`, { status: "soonavailable", releaseInDays: 3 });
    await page.goto(`/soon-available?q=${prefix}&tld=nu`);
    const narrowing = page.getByRole("list", { name: "De här begränsar listan:" });
    await expect(narrowing.getByRole("link")).toHaveText([`Ta bort Sökningen ”${prefix}”`, "Ta bort Endast .nu"]);
    await expect(page.getByText("Tips för att hitta fler domäner:")).toBeVisible();
    await narrowing.getByRole("link", { name: "Ta bort Endast .nu" }).click();
    await expect(page).toHaveURL(`/soon-available?q=${prefix}`);
    await expect(page.locator(`main article[data-domain="${prefix}.se"]`)).toHaveCount(1);
  });
});

test("the empty view's remove links pass the accessibility check", async ({ page }) => {
  await page.goto(`/available?borjar=${uniqueLabel("tom")}&min=3`);
  await expect(page.getByTestId("narrowing-filters")).toBeVisible();
  await expectNoAxeViolations(page);
});
