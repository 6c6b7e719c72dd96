import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { withServerDb } from "./server-db";

export const E2E_PASSWORD = "hemligt-lösen-1";

let counter = 0;

/** An address no other test uses. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
}

/** The e2e server's origin (playwright.config.ts); better-auth checks Origin on cookie-carrying posts. */
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

/**
 * Creates an account through the real sign-up endpoint, then marks the address
 * confirmed in the server's database (the confirmation flow itself is covered by
 * tests/e2e/account/account.spec.ts). `admin: true` also gives the admin role.
 */
export async function createE2eUser(
  request: APIRequestContext,
  options: { email?: string; password?: string; admin?: boolean; verified?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? E2E_PASSWORD;
  const response = await request.post("/api/auth/sign-up/email", {
    data: { email, password, name: email.split("@")[0] },
    headers: { origin: ORIGIN },
  });
  expect(response.ok(), `sign-up of ${email}: ${response.status()}`).toBe(true);
  await withServerDb((client) =>
    client.query(`update "user" set email_verified = $2, role = $3 where email = $1`, [email, options.verified ?? true, options.admin ? "admin" : "user"]),
  );
  return { email, password };
}

/**
 * Signs the page's browser context in (the session cookie lands in the page's
 * cookie jar), without going through the /auth form.
 */
export async function signInE2e(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
    headers: { origin: ORIGIN },
  });
  expect(response.ok(), `sign-in of ${user.email}: ${response.status()}`).toBe(true);
}

/** A confirmed user, signed in in this page's context. */
export async function createSignedInE2eUser(page: Page, options: { email?: string; admin?: boolean } = {}) {
  const user = await createE2eUser(page.request, options);
  await signInE2e(page, user);
  return user;
}

/** The newest confirmation link mailed to `email` (read from the outbox). */
export async function confirmationLinkFor(email: string) {
  const rows = await withServerDb((client) =>
    client.query<{ text: string }>(
      `select text from email_outbox where to_address = $1 and kind = 'verify-email' order by id desc limit 1`,
      [email],
    ),
  );
  expect(rows.rows, `a confirmation mail to ${email}`).toHaveLength(1);
  const link = rows.rows[0].text.split("\n").find((line) => line.includes("/api/auth/verify-email?token="));
  expect(link).toBeTruthy();
  return link!;
}
