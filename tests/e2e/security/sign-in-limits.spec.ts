// Sign-in limits as a person meets them on /auth (decision 0021): after five
// wrong passwords for an account, that account and address wait a minute, and
// the page says so; others behind the same address sign in as usual. Every
// request here comes from 127.0.0.1, so the other address's view (the owner
// not locked out by someone else) is tested on the server,
// tests/security/rate-limits.server.test.ts.
import { type Page } from "@playwright/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { expect, test } from "~tests/e2e/support/test";
import { createE2eUser } from "~tests/e2e/support/users";

/** Fills the sign-in form and waits for the server's answer to this press. */
async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Logga in" });
  await form.getByLabel("E-post", { exact: true }).fill(email);
  await form.getByLabel("Lösenord", { exact: true }).fill(password);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/auth")),
    form.getByRole("button", { name: "Logga in" }).click(),
  ]);
}

test("after five wrong passwords the page says to try again in a minute; a colleague at the same address signs in", async ({ page }) => {
  const user = await createE2eUser(null);
  await page.goto("/auth");
  const failure = page.getByRole("alert").filter({ hasText: "Inloggning misslyckades" });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, user.email, "fel-lösenord");
    await expect(failure).toContainText("Fel e-postadress eller lösenord.");
  }
  // Even the right password waits now: the wait is for this account from this address.
  await signIn(page, user.email, user.password);
  await expect(failure).toContainText("För många inloggningsförsök. Försök igen om 1 minut.");
  await expectNoAxeViolations(page);

  // A colleague at the same computer, so at the same address, is not held by those failures.
  const colleague = await createE2eUser(null);
  await signIn(page, colleague.email, colleague.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: `Användarmeny för ${colleague.email}` })).toBeVisible();
});
