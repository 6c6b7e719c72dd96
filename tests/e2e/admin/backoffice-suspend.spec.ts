import { randomBytes } from "node:crypto";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { waitForHydration } from "~tests/e2e/support/hydration";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createE2eUser, signInE2e } from "~tests/e2e/support/users";
import { ADMIN_EMAIL, signInAsAdmin, waitForToastsToClose } from "./admin-session";

test("an admin suspends a user, who is signed out, cannot sign in and whose feed stops; unsuspending restores them", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await createE2eUser();
  const token = randomBytes(32).toString("base64url");
  await withServerDb((client) => client.query(`insert into calendar_feeds (user_id, token) select id, $2 from "user" where email = $1`, [user.email, token]));

  // The user, signed in on their own browser.
  const theirs = await (await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "sv-SE" })).newPage();
  await signInE2e(theirs, user);
  await theirs.goto("/account");
  await expect(theirs.getByRole("heading", { name: "Mitt konto" })).toBeVisible();
  expect((await theirs.request.get(`/calendar/${token}.ics`)).status()).toBe(200);

  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await expect(page.locator(`[data-user="${ADMIN_EMAIL}"]`).getByRole("button")).toHaveCount(0);
  const row = page.locator(`[data-user="${user.email}"]`);
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: `Suspend ${user.email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Suspend ${user.email}?` });
  await expect(dialog).toContainText("signed out everywhere");
  await expectNoAxeViolations(page, { include: "[role=alertdialog]" });
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "The user is suspended and signed out everywhere" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Suspended");
  await expect(row).toContainText(`by ${ADMIN_EMAIL}`);
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);

  // Signed out at once, and the right password is told why it cannot sign in.
  await theirs.goto("/account");
  await expect(theirs).toHaveURL(/\/auth\?redirectTo=%2Faccount$/);
  await waitForHydration(theirs);
  const login = theirs.getByRole("form", { name: "Logga in" });
  await login.getByLabel("E-post", { exact: true }).fill(user.email);
  await login.getByLabel("Lösenord", { exact: true }).fill(user.password);
  await login.getByRole("button", { name: "Logga in" }).click();
  await expect(theirs.getByRole("alert").filter({ hasText: "Inloggning misslyckades" })).toContainText(
    "Kontot är avstängt. Kontakta oss om du tror att det är fel.",
  );
  expect((await theirs.request.get(`/calendar/${token}.ics`)).status()).toBe(404);

  await row.getByRole("button", { name: `Unsuspend ${user.email}` }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "The user is no longer suspended" })).toBeVisible();
  await expect(row).toContainText("Active");

  await login.getByLabel("Lösenord", { exact: true }).fill(user.password);
  await login.getByRole("button", { name: "Logga in" }).click();
  await expect(theirs.getByText("Du är nu inloggad!")).toBeVisible();
  expect((await theirs.request.get(`/calendar/${token}.ics`)).status()).toBe(200);
  await theirs.context().close();
});
