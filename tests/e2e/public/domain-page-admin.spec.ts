import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createSignedInE2eUser } from "~tests/e2e/support/users";

test("only an admin sees the Highlight toggle, and it highlights the name", async ({ page }) => {
  const domain = await insertE2eDomain(`${uniqueLabel("markera")}.se`, { status: "soonavailable", releaseInDays: 5 });
  await page.goto(domain.path);
  await expect(page.getByRole("heading", { level: 1, name: domain.unicode })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Highlight/ })).toHaveCount(0);

  // An administrator, signed in in this page's context.
  await createSignedInE2eUser(page, { admin: true });

  await page.goto(domain.path);
  const toggle = page.getByRole("button", { name: "Highlight", exact: true });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expectNoAxeViolations(page);
  await toggle.click();
  const highlighted = page.getByRole("button", { name: "Highlighted", exact: true });
  await expect(highlighted).toHaveAttribute("aria-pressed", "true");
  await expect(highlighted).toBeEnabled();
  await expect(page.getByRole("region", { name: "Historik" })).toContainText("Markerades som utvald");
  const [row] = await withServerDb(async (client) => (await client.query("select is_featured from domains where name = $1", [domain.ace])).rows);
  expect(row.is_featured).toBe(true);

  await highlighted.click();
  await expect(page.getByRole("button", { name: "Highlight", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("region", { name: "Historik" })).toContainText("Är inte längre utvald");
});
