import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { AdminTab } from "~/lib/admin-tabs";
import { withDb, type DatabaseTarget } from "./database";

export type Timed = { status: number; ms: number; body: string; error?: string; at: number };

/** One request with a deadline; a network failure or timeout is a value, not a throw. */
export async function timedFetch(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Timed> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
    const body = await response.text();
    return { status: response.status, ms: Date.now() - started, body, at: started };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, body: "", error: (error as Error).name === "TimeoutError" ? "timeout" : (error as Error).message, at: started };
  }
}

/**
 * An administrator made straight in the database (real better-auth password
 * hash), then signed in over HTTP; returns the Cookie header value.
 */
export async function signInAdmin(baseUrl: string, target: DatabaseTarget, email = `admin-${Date.now()}@reliability.test`) {
  const password = "hemligt-lösen-1";
  const hash = await hashPassword(password);
  const id = randomUUID();
  await withDb(target, async (client) => {
    await client.query(`insert into "user" (id, name, email, email_verified, role, created_at, updated_at) values ($1, 'admin', $2, true, 'admin', now(), now())`, [id, email]);
    await client.query(`insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at) values ($1, $2, 'credential', $2, $3, now(), now())`, [
      randomUUID(),
      id,
      hash,
    ]);
  });
  const siteOrigin = baseUrl.replace("127.0.0.1", "localhost");
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: siteOrigin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A backoffice tab's action as its fetchers post it (`/admin/maintenance.data`: the action alone, no page render). */
export async function adminPostData(baseUrl: string, tab: AdminTab, cookie: string, body: FormData | URLSearchParams) {
  const response = await fetch(`${baseUrl}/admin/${tab}.data`, { method: "POST", headers: { cookie, origin: baseUrl }, body });
  return { status: response.status, text: await response.text() };
}
