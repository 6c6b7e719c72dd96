import { expect, type Page } from "@playwright/test";
import { withServerDb } from "../support/server-db";
import { E2E_PASSWORD, signInE2e } from "../support/users";

/** The address ADMIN_EMAILS makes an administrator on the e2e server (scripts/e2e-server.js). */
export const ADMIN_EMAIL = "admin@e2e.test";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

/**
 * Signs the page in as admin@e2e.test, signing the account up first when it
 * does not exist yet. The role is not set by the test: ADMIN_EMAILS grants it
 * at sign-in. Specs run in parallel, so a sign-up refused because the other
 * worker just made the account is fine.
 */
export async function signInAsAdmin(page: Page) {
  const exists = async () =>
    (await withServerDb((client) => client.query(`select 1 from "user" where email = $1`, [ADMIN_EMAIL]))).rowCount === 1;
  if (!(await exists())) {
    await page.request.post("/api/auth/sign-up/email", {
      data: { email: ADMIN_EMAIL, password: E2E_PASSWORD, name: "admin" },
      headers: { origin: ORIGIN },
    });
    expect(await exists()).toBe(true);
  }
  // The confirmation flow is covered by the account specs; here the address is simply confirmed.
  await withServerDb((client) => client.query(`update "user" set email_verified = true where email = $1`, [ADMIN_EMAIL]));
  await signInE2e(page, { email: ADMIN_EMAIL, password: E2E_PASSWORD });
}

/** Toasts fade in and out; axe reads their colours mid-animation, so let them go first. */
export async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}
