import { expect, type Page } from "@playwright/test";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createE2eUser, E2E_PASSWORD, signInE2e } from "~tests/e2e/support/users";

/** The address ADMIN_EMAILS makes an administrator on the e2e server (scripts/e2e-server.js). */
export const ADMIN_EMAIL = "admin@e2e.test";

const adminRole = async () =>
  (await withServerDb((client) => client.query<{ role: string | null }>(`select role from "user" where email = $1`, [ADMIN_EMAIL])))
    .rows[0];

/**
 * Signs the page in as admin@e2e.test, creating the account (as a plain user)
 * first when it does not exist yet: the admin role comes from ADMIN_EMAILS at
 * sign-in, not from the test. Specs run in parallel, so an insert refused
 * because the other worker just made the account is fine.
 */
export async function signInAsAdmin(page: Page) {
  if (!(await adminRole())) {
    await createE2eUser(null, { email: ADMIN_EMAIL, admin: false }).catch(async (error) => {
      if (!(await adminRole())) throw error;
    });
  }
  await signInE2e(page, { email: ADMIN_EMAIL, password: E2E_PASSWORD });
  expect((await adminRole())?.role).toBe("admin");
}

/**
 * Toasts fade in and out; axe reads their colours mid-animation, so let them go first.
 * A toast under the pointer holds the whole stack open (Sonner pauses on hover), and
 * the button just clicked may sit where the toasts appear: the pointer moves away first.
 */
export async function waitForToastsToClose(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  await page.mouse.move(0, 0);
  try {
    await expect(toasts).toHaveCount(0, { timeout: 8_000 });
  } catch {
    // Sonner also holds the stack while it thinks a toast is being touched (a press on a toast that
    // moved away before the release, seen under CI's load): close them as a user would, front first.
    for (let clicks = 0; clicks < 10 && (await toasts.count()) > 0; clicks++) {
      await page.locator('[data-sonner-toast][data-front="true"] [data-close-button]').click({ timeout: 5_000 });
    }
    await page.mouse.move(0, 0);
    await expect(toasts).toHaveCount(0, { timeout: 5_000 });
  }
}
