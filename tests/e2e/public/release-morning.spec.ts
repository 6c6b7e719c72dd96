import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";

// A name stored as soon-available after its release instant has passed (released yesterday, so
// at any hour the test runs): the server releases it before it serves the next page, so no list
// shows it as soon-available (docs/product.md, "The release morning").
test("a name whose release has passed is off the soon list and released on its search and page", async ({ page }) => {
  const label = uniqueLabel("slappt");
  const domain = await insertE2eDomain(`${label}.se`, { status: "soonavailable", releaseInDays: -1 });

  await page.goto(`/soon-available?q=${label}`);
  await expect(page.getByTestId("count-text")).toHaveText(`Sökning "${label}" gav 0 träffar`);
  await expect(page.getByText("Inga domäner hittades")).toBeVisible();
  await expect(page.locator(`main article[data-domain="${domain.unicode}"]`)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(`/search/${label}`);
  const card = page.locator(`main article[data-domain="${domain.unicode}"]`);
  await expect(card.getByText("Tillgänglig", { exact: true })).toBeVisible();

  await page.goto(domain.path);
  // Released, but nothing has asked the registry since: when, and that it is not checked yet.
  await expect(page.getByRole("heading", { name: "Släppt – inte kontrollerad ännu" })).toBeVisible();
  await expect(page.getByText("Släpptes och blev tillgänglig för registrering")).toBeVisible();
  await expectNoAxeViolations(page);

  const { rows } = await withServerDb((client) => client.query("select status from domains where name = $1", [domain.ace]));
  expect(rows).toEqual([{ status: "available" }]);
});
