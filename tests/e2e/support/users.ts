import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
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
 * Creates an account straight in the server's database, with a real better-auth
 * password hash and credential account: fast, and it does not use up the per-IP
 * sign-up limit that every e2e test shares (all come from 127.0.0.1). Confirmed
 * unless `verified: false`; `admin: true` gives the admin role. The sign-up form
 * and the confirmation mail are covered by tests/e2e/account/account.spec.ts.
 */
export async function createE2eUser(
  _request: APIRequestContext | null = null,
  options: { email?: string; password?: string; admin?: boolean; verified?: boolean } = {},
) {
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.password ?? E2E_PASSWORD;
  const hash = await hashPassword(password);
  const id = randomUUID();
  await withServerDb(async (client) => {
    await client.query("begin");
    await client.query(
      `insert into "user" (id, name, email, email_verified, role, created_at, updated_at) values ($1, $2, $3, $4, $5, now(), now())`,
      [id, email.split("@")[0], email, options.verified ?? true, options.admin ? "admin" : "user"],
    );
    await client.query(
      `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at) values ($1, $2, 'credential', $2, $3, now(), now())`,
      [randomUUID(), id, hash],
    );
    await client.query("commit");
  });
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

/** Fills and sends the /auth page's sign-in form. */
export async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Logga in" });
  await form.getByLabel("E-post", { exact: true }).fill(email);
  await form.getByLabel("Lösenord", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Logga in" }).click();
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
