import { and, eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { CREDENTIAL_MESSAGES } from "~/domain/credentials";
import { AUTH_LIMITS } from "~/server/auth/auth-rate-limits.server";
import { getOptionalUser } from "~/server/auth/session.server";
import { emailOutbox, session, user, verification } from "~/server/db/schema/index.server";
import { createSignedInUser, createUser, signIn, siteRequest, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import { action as authAction } from "./auth";
import { action as forgotAction } from "./forgot-password";
import { action as resetAction, loader as resetLoader } from "./reset-password";

const NEW_PASSWORD = "ny-lång-fras-7";

describeEachEngine("password reset", ({ handle }) => {
  const db = () => handle().db;

  const ask = (email: string, headers: Record<string, string> = {}) => callRoute(forgotAction as never, siteRequest("/auth/forgot-password", { form: { email }, headers }));

  async function resetMails(email: string) {
    return db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password-reset")));
  }

  async function tokenMailedTo(email: string) {
    const mails = await resetMails(email);
    expect(mails.length).toBeGreaterThan(0);
    const link = mails.at(-1)!.text.split("\n").find((line) => line.startsWith(`${TEST_SITE_URL}/auth/reset-password?token=`));
    expect(link, "the mail links to our own reset page").toBeTruthy();
    return new URL(link!).searchParams.get("token")!;
  }

  const open = (token: string) => callRoute(resetLoader as never, siteRequest(`/auth/reset-password?token=${encodeURIComponent(token)}`));
  const choose = (token: string, password: string, confirmPassword = password, cookie?: string) =>
    callRoute(resetAction as never, siteRequest("/auth/reset-password", { form: { token, password, confirmPassword }, cookie }));
  const login = (email: string, password: string) => callRoute(authAction as never, siteRequest("/auth", { form: { intent: "login", email, password } }));

  it("answers a known and an unknown address alike, and mails a link only to the account", async () => {
    await useAppAuthForTests(handle());
    const anna = await createUser(db(), { email: "anna@example.se" });
    const known = await ask("Anna@Example.se");
    const unknown = await ask("ingen@example.se");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect({ ...(known.body as object), email: "" }).toEqual({ ...(unknown.body as object), email: "" });
    expect((known.body as { sent: string }).sent).toContain("Om adressen hör till ett konto");

    expect(await resetMails("ingen@example.se")).toHaveLength(0);
    const [mail] = await resetMails(anna.email);
    expect(mail.subject).toContain("Återställ ditt lösenord");
    expect(mail.text).toContain("Länken gäller i en timme");
    const token = await tokenMailedTo(anna.email);
    expect(mail.html).toContain(`${TEST_SITE_URL}/auth/reset-password?token=${token}`);
    // Our page, not better-auth's /api/auth callback: the link works whatever /api/auth allows.
    expect(mail.text).not.toContain("/api/auth");
  });

  it("a new password ends every session of the account, spends the link and the account's other links, and mails a notice", async () => {
    await useAppAuthForTests(handle());
    const anna = await createSignedInUser(db(), { email: "anna@example.se" });
    const phone = await signIn(db(), anna);
    const other = await createSignedInUser(db(), { email: "bo@example.se" });
    await ask(anna.email);
    const earlier = await tokenMailedTo(anna.email);
    await ask(anna.email);
    const token = await tokenMailedTo(anna.email);
    expect(token).not.toBe(earlier);

    const page = await open(token);
    expect(page.body).toEqual({ token, usable: true });
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");

    const done = await choose(token, NEW_PASSWORD);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/auth");
    expect(done.headers.getSetCookie().some((cookie) => cookie.startsWith("snart_toast="))).toBe(true);

    // Signed out everywhere: both of Anna's sessions are gone, Bo's is untouched.
    expect(await db().select().from(session).where(eq(session.userId, anna.id))).toHaveLength(0);
    expect(await getOptionalUser(siteRequest("/", { cookie: anna.cookie }))).toBeNull();
    expect(await getOptionalUser(siteRequest("/", { cookie: phone }))).toBeNull();
    expect(await getOptionalUser(siteRequest("/", { cookie: other.cookie }))).toMatchObject({ email: "bo@example.se" });

    // The new password works, the old one does not.
    expect((await login(anna.email, anna.password)).status).toBe(401);
    expect((await login(anna.email, NEW_PASSWORD)).status).toBe(302);

    // Single use, and the earlier link went with it.
    expect((await open(token)).body).toEqual({ token: "", usable: false });
    expect((await open(earlier)).body).toEqual({ token: "", usable: false });
    expect((await choose(earlier, "ännu-ett-lösen-8")).body).toEqual({ usable: false });
    expect(await db().select().from(verification).where(like(verification.identifier, "reset-password:%"))).toHaveLength(0);
    expect((await login(anna.email, NEW_PASSWORD)).status).toBe(302);

    const notices = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, anna.email), eq(emailOutbox.kind, "password-changed")));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain(`${TEST_SITE_URL}/auth/forgot-password`);
  });

  it("refuses an expired link and a common, short or mismatched password, changing nothing", async () => {
    await useAppAuthForTests(handle());
    const anna = await createUser(db(), { email: "anna@example.se" });
    await ask(anna.email);
    const token = await tokenMailedTo(anna.email);

    const common = await choose(token, "Password1");
    expect(common.status).toBe(400);
    expect(common.body).toEqual({ usable: true, fieldErrors: { password: CREDENTIAL_MESSAGES.passwordTooCommon } });
    expect((await choose(token, "kort")).body).toMatchObject({ fieldErrors: { password: CREDENTIAL_MESSAGES.passwordTooShort } });
    expect((await choose(token, NEW_PASSWORD, "något-annat-9")).body).toMatchObject({ fieldErrors: { confirmPassword: CREDENTIAL_MESSAGES.passwordsDiffer } });
    expect((await open(token)).body).toEqual({ token, usable: true });

    // An hour and a minute later.
    await db().update(verification).set({ expiresAt: new Date(Date.now() - 60_000) }).where(like(verification.identifier, "reset-password:%"));
    expect((await open(token)).body).toEqual({ token: "", usable: false });
    expect((await choose(token, NEW_PASSWORD)).body).toEqual({ usable: false });
    expect((await login(anna.email, anna.password)).status).toBe(302);
    expect((await open("not-a-token")).body).toEqual({ token: "", usable: false });
    expect((await open("")).body).toEqual({ token: "", usable: false });
  });

  it("a link works for one hour", async () => {
    await useAppAuthForTests(handle());
    const anna = await createUser(db(), { email: "anna@example.se" });
    await ask(anna.email);
    const [row] = await db().select().from(verification).where(like(verification.identifier, "reset-password:%"));
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });

  it("a reset confirms an address that was never confirmed: the link proved the mailbox", async () => {
    await useAppAuthForTests(handle());
    const anna = await createUser(db(), { email: "anna@example.se", verified: false });
    await ask(anna.email);
    await choose(await tokenMailedTo(anna.email), NEW_PASSWORD);
    const [row] = await db().select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, anna.id));
    expect(row.emailVerified).toBe(true);
    expect((await login(anna.email, NEW_PASSWORD)).status).toBe(302);
  });

  it("limits requests per address (known or not) and per IP, with a Swedish message", async () => {
    await useAppAuthForTests(handle());
    await createUser(db(), { email: "anna@example.se" });
    for (const email of ["anna@example.se", "ingen@example.se"]) {
      for (let attempt = 1; attempt <= AUTH_LIMITS.resetRequestPerAccount.points; attempt++) {
        expect((await ask(email, { "x-client-ip": `203.0.113.${attempt}` })).status).toBe(200);
      }
      const limited = await ask(email, { "x-client-ip": "203.0.113.99" });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ failure: expect.stringMatching(/^För många försök att återställa lösenordet\. Försök igen om \d+ minuter\.$/) });
    }
    expect(await resetMails("anna@example.se")).toHaveLength(AUTH_LIMITS.resetRequestPerAccount.points);

    for (let attempt = 1; attempt <= AUTH_LIMITS.resetRequestPerIp.points; attempt++) {
      expect((await ask(`person${attempt}@example.se`, { "x-client-ip": "198.51.100.7" })).status).toBe(200);
    }
    expect((await ask("en-till@example.se", { "x-client-ip": "198.51.100.7" })).status).toBe(429);
    expect((await ask("en-till@example.se", { "x-client-ip": "198.51.100.8" })).status).toBe(200);
  });

  it("refuses a malformed address without asking anyone", async () => {
    await useAppAuthForTests(handle());
    const answer = await ask("<script>@x.se");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fieldErrors: { email: CREDENTIAL_MESSAGES.invalidEmail } });
    expect(await db().select().from(emailOutbox)).toHaveLength(0);
  });
});
