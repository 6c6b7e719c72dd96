// better-auth's endpoints and the return-to checks as the production build
// enforces them (its own origin check is switched off under NODE_ENV=test, so
// the vitest CSRF matrix cannot see it), and per-IP limits that a forged
// client address cannot dodge.
import { expect, test } from "~tests/e2e/support/test";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createE2eUser, uniqueEmail } from "~tests/e2e/support/users";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
const EVIL = "https://evil.example";

test("better-auth refuses cross-site posts: sign-in, sign-up, sign-out and session changes", async ({ playwright }) => {
  const user = await createE2eUser(null);
  const context = await playwright.request.newContext({ baseURL: ORIGIN });
  const signedIn = await context.post("/api/auth/sign-in/email", { data: { email: user.email, password: user.password }, headers: { origin: ORIGIN } });
  expect(signedIn.status()).toBe(200);

  const forged = async (path: string, data: Record<string, unknown>, headers: Record<string, string> = { origin: EVIL }) =>
    (await context.post(path, { data, headers })).status();
  expect(await forged("/api/auth/sign-out", {})).toBe(403);
  expect(await forged("/api/auth/revoke-sessions", {})).toBe(403);
  expect(await forged("/api/auth/change-password", { currentPassword: user.password, newPassword: "annat-lösen-2" })).toBe(403);
  expect(await forged("/api/auth/sign-out", {}, { origin: "null" })).toBe(403);
  // The session survived every forged post.
  expect((await context.get("/api/bookmarks")).status()).toBe(200);

  // Without cookies: a foreign page must not sign a visitor in (login CSRF) or create accounts.
  const anonymous = await playwright.request.newContext({ baseURL: ORIGIN });
  const login = await anonymous.post("/api/auth/sign-in/email", { data: { email: user.email, password: user.password }, headers: { origin: EVIL } });
  expect(login.status()).toBe(403);
  const email = uniqueEmail("csrf");
  const signUp = await anonymous.post("/api/auth/sign-up/email", { data: { email, password: "hemligt-lösen-1", name: "x" }, headers: { origin: EVIL } });
  expect(signUp.status()).toBe(403);
  const created = await withServerDb((client) => client.query(`select 1 from "user" where email = $1`, [email]));
  expect(created.rowCount).toBe(0);
  await context.dispose();
  await anonymous.dispose();
});

test("better-auth accepts only same-site callback URLs", async ({ request }) => {
  const user = await createE2eUser(null);
  const signIn = await request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password, callbackURL: `${EVIL}/phish` },
    headers: { origin: ORIGIN },
  });
  expect(signIn.status()).toBe(400);
  for (const callbackURL of [`${EVIL}/phish`, "//evil.example", "javascript:alert(1)", "/..//evil.example", "/%2e%2e//evil.example"]) {
    const verify = await request.get(`/api/auth/verify-email?token=invalid&callbackURL=${encodeURIComponent(callbackURL)}`, { maxRedirects: 0 });
    const location = verify.headers()["location"] ?? "";
    expect(new URL(location || "/", ORIGIN).origin, `${callbackURL} → ${verify.status()} ${location}`).toBe(ORIGIN);
  }
});

test("our own forms refuse a foreign Origin over HTTP too, storing nothing", async ({ request }) => {
  const count = async () => (await withServerDb((client) => client.query<{ n: number }>("select count(*)::int as n from contact_messages"))).rows[0].n;
  const before = await count();
  const response = await request.post("/contact", {
    form: { name: "Bertil", email: "bertil@example.se", subject: "Fråga", message: "Hej på er!" },
    headers: { origin: EVIL },
  });
  // React Router's own action-origin check answers a document post with 400 before our 403 would.
  expect([400, 403]).toContain(response.status());
  expect(await count()).toBe(before);
});

test("a forged X-Client-IP or X-Forwarded-For is not taken as the client's address", async ({ request }) => {
  // Per-IP limits and the sessions' recorded address read x-client-ip, which the server sets from the socket.
  // Checked on the session row rather than by using up a limit that other specs on this server share.
  const user = await createE2eUser(request);
  const response = await request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
    headers: { origin: ORIGIN, "x-client-ip": "203.0.113.77", "x-forwarded-for": "198.51.100.77" },
  });
  expect(response.status()).toBe(200);
  const rows = await withServerDb((client) =>
    client.query<{ ip_address: string | null }>(`select s.ip_address from session s join "user" u on u.id = s.user_id where u.email = $1`, [user.email]),
  );
  expect(rows.rows).toHaveLength(1);
  expect(rows.rows[0].ip_address).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
});
