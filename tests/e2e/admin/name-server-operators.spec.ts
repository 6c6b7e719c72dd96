import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { waitForHydration } from "~tests/e2e/support/hydration";
import { signInAsAdmin, waitForToastsToClose } from "./admin-session";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("TLD Imports → Name server operators: add, edit and delete a pattern", async ({ page }) => {
  const pattern = `ns.e2e${Math.random().toString(36).slice(2, 8)}.se`;
  await signInAsAdmin(page);
  await page.goto("/admin/imports");
  await page.getByRole("link", { name: "Name server operators" }).click();
  await expect(page).toHaveURL(/\/admin\/imports\/name-servers$/);
  await expect(page.getByRole("navigation", { name: "Backoffice sections" }).getByRole("link", { name: "TLD Imports" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const table = page.getByRole("table", { name: "Name server operators" });
  await expect(table.locator('tr[data-pattern="loopia.se"]')).toContainText("Loopia");
  await waitForHydration(page);

  await page.getByRole("button", { name: "Add Operator" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Operator" });
  await dialog.getByLabel("Pattern").fill("se");
  await dialog.getByRole("button", { name: "Add Operator" }).click();
  await expect(dialog.getByText("Operator name is required")).toBeVisible();
  await dialog.getByLabel("Pattern").fill(`*.${pattern.toUpperCase()}`);
  await dialog.getByLabel("Operator").fill("E2E Hosting");
  await dialog.getByLabel("Kind").selectOption("parking");
  await dialog.getByRole("button", { name: "Add Operator" }).click();
  await expect(toast(page, "Name server operator added")).toBeVisible();
  const row = table.locator(`tr[data-pattern="${pattern}"]`);
  await expect(row).toContainText("E2E Hosting");
  await expect(row).toContainText("Parking");
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: `Edit ${pattern}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Operator" });
  await edit.getByLabel("Operator").fill("E2E Webbhotell");
  await edit.getByLabel("Kind").selectOption("registrar_host");
  await edit.getByRole("button", { name: "Update Operator" }).click();
  await expect(row).toContainText("E2E Webbhotell");
  await expect(row).toContainText("Registrar / web host");

  await row.getByRole("button", { name: `Delete ${pattern}` }).click();
  await page.getByRole("alertdialog", { name: "Delete Operator" }).getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});
