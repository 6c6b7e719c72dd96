import { eq } from "drizzle-orm";
import { createAuth } from "~/server/auth/auth.server";
import { resetAuthForTests } from "~/server/auth/auth.server";
import type { DatabaseHandle, Db } from "~/server/db/client.server";
import { user } from "~/server/db/schema/index.server";
import { resetEnvForTests } from "~/server/env.server";
import { resetRateLimitsForTests } from "~/server/rate-limit.server";
import { appContext } from "~/server/app-context.server";
import { getServices, useDatabaseForTests } from "~/server/services.server";

/** The secret the factories sign session cookies with; `useAppAuthForTests` gives the app the same one. */
export const TEST_AUTH_SECRET = "test-auth-secret-0123456789abcdef0123456789abcdef";
/** SITE_URL during tests (the default); requests built here carry it as Origin. */
export const TEST_SITE_URL = "http://localhost:3000";
export const TEST_PASSWORD = "hemligt-lösen-1";

let counter = 0;

/**
 * Points the app (getDb, getAuth, getOptionalUser, route loaders/actions) at the test
 * database with a known AUTH_SECRET, empty rate-limit counters and the given
 * ADMIN_EMAILS. Call it first in a test that runs app code.
 */
export async function useAppAuthForTests(handle: DatabaseHandle, options: { adminEmails?: string[] } = {}) {
  process.env.AUTH_SECRET = TEST_AUTH_SECRET;
  process.env.SITE_URL = TEST_SITE_URL;
  process.env.ADMIN_EMAILS = (options.adminEmails ?? []).join(",");
  resetEnvForTests();
  resetAuthForTests();
  useDatabaseForTests(handle);
  await resetRateLimitsForTests();
}

/** The load context the server hands a request's loaders and actions, on the database `useAppAuthForTests` chose. */
export function appContextForTests() {
  return appContext(getServices);
}

function factoryAuth(db: Db) {
  return createAuth({ db, secret: TEST_AUTH_SECRET, baseURL: TEST_SITE_URL, production: false });
}

export type TestUser = { id: string; email: string; password: string };

/**
 * A user made through better-auth itself (real password hash, credential account).
 * Confirmed (`verified`) and a plain user by default; `role: "admin"` for an administrator.
 */
export async function createUser(
  db: Db,
  options: { email?: string; password?: string; verified?: boolean; role?: "admin" | "user" } = {},
): Promise<TestUser> {
  const email = (options.email ?? `user${++counter}-${Date.now()}@example.se`).toLowerCase();
  const password = options.password ?? TEST_PASSWORD;
  const result = await factoryAuth(db).api.signUpEmail({ body: { email, password, name: email.split("@")[0] } });
  await db
    .update(user)
    .set({ emailVerified: options.verified ?? true, role: options.role ?? "user" })
    .where(eq(user.id, result.user.id));
  return { id: result.user.id, email, password };
}

export type SignedInUser = TestUser & {
  /** The `Cookie` header value carrying the session, e.g. for `new Request(url, { headers: { cookie } })`. */
  cookie: string;
};

/** A confirmed user with a session in the database, and the cookie that carries it. */
export async function createSignedInUser(
  db: Db,
  options: { email?: string; password?: string; role?: "admin" | "user" } = {},
): Promise<SignedInUser> {
  const created = await createUser(db, { ...options, verified: true });
  return { ...created, cookie: await signIn(db, created) };
}

/** Signs an existing user in once more (another browser, another device): the cookie of the new session. */
export async function signIn(db: Db, account: { email: string; password: string }): Promise<string> {
  const { headers } = await factoryAuth(db).api.signInEmail({
    body: { email: account.email, password: account.password },
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0])
    .join("; ");
}

/**
 * A request as a browser on this site would send it: Origin set to SITE_URL, the
 * session cookie if given, a form body if given (then method POST).
 */
export function siteRequest(path: string, options: { cookie?: string; form?: Record<string, string>; method?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ origin: TEST_SITE_URL, ...options.headers });
  if (options.cookie) headers.set("cookie", options.cookie);
  const body = options.form ? new URLSearchParams(options.form) : undefined;
  return new Request(new URL(path, TEST_SITE_URL), { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}
