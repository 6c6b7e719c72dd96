import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getAuth } from "~/server/auth/auth.server";
import { getOptionalUser } from "~/server/auth/session.server";
import { emailOutbox, session, user } from "~/server/db/schema/index.server";
import { appContextForTests, createUser, siteRequest, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./auth";

type RouteFn = (args: never) => unknown;
/** Runs a loader/action and returns what it returned or threw (redirects and 4xx are thrown as values). */
async function call(fn: RouteFn, request: Request): Promise<Response | { data: Record<string, unknown>; init: ResponseInit | null }> {
  try {
    return (await fn({ request, params: {}, context: appContextForTests() } as never)) as never;
  } catch (thrown) {
    return thrown as never;
  }
}

function form(fields: Record<string, string>, cookie?: string, headers?: Record<string, string>) {
  return siteRequest("/auth", { form: fields, cookie, headers });
}

function cookiesOf(response: Response) {
  return response.headers.getSetCookie();
}

function sessionCookie(response: Response) {
  return cookiesOf(response)
    .filter((cookie) => cookie.startsWith("better-auth.session_token="))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describeEachEngine("/auth", ({ handle }) => {
  const db = () => handle().db;

  async function register(email: string, password = "hemlig-fras-8", redirectTo = "/") {
    return (await call(action, form({ intent: "register", email, password, confirmPassword: password, redirectTo }))) as Response;
  }

  async function confirmationLink(email: string) {
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    const link = mails[0].text.split("\n").find((line) => line.startsWith(`${TEST_SITE_URL}/api/auth/verify-email?token=`));
    expect(link).toBeTruthy();
    return { link: link!, mail: mails[0] };
  }

  it("registers, mails a confirmation link, refuses sign-in until confirmed, then signs in", async () => {
    await useAppAuthForTests(handle());
    const registered = await register("Anna@Example.se", "hemlig-fras-8", "/d/hund.se");
    expect(registered.status).toBe(302);
    expect(registered.headers.get("location")).toBe("/auth?registered=1&redirectTo=%2Fd%2Fhund.se");
    expect(cookiesOf(registered).some((cookie) => cookie.startsWith("snart_toast="))).toBe(true);
    expect(sessionCookie(registered)).toBe("");

    const [stored] = await db().select().from(user);
    expect(stored).toMatchObject({ email: "anna@example.se", emailVerified: false, role: "user" });

    const { link, mail } = await confirmationLink("anna@example.se");
    expect(mail).toMatchObject({ kind: "verify-email", state: "pending" });
    expect(mail.subject).toContain("Bekräfta din e-postadress");
    expect(mail.html).toContain(link.replace(/&/g, "&amp;"));

    const refused = (await call(action, form({ intent: "login", email: "anna@example.se", password: "hemlig-fras-8" }))) as never as {
      data: { failure: { title: string; message: string }; unverified: boolean };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(403);
    expect(refused.data.failure.title).toBe("Inloggning misslyckades");
    expect(refused.data.failure.message).toContain("bekräfta din e-postadress");
    expect(refused.data.unverified).toBe(true);

    // Following the link confirms the address and signs in (better-auth), landing on /auth?verified=1.
    const confirmed = await (await getAuth()).handler(new Request(link));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/auth?verified=1&redirectTo=%2Fd%2Fhund.se");
    const cookie = sessionCookie(confirmed);
    expect(cookie).not.toBe("");
    const landing = (await call(loader, siteRequest("/auth?verified=1&redirectTo=%2Fd%2Fhund.se", { cookie }))) as Response;
    expect(landing.headers.get("location")).toBe("/d/hund.se");

    const signedIn = (await call(action, form({ intent: "login", email: "anna@example.se", password: "hemlig-fras-8", redirectTo: "/d/hund.se" }))) as Response;
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/d/hund.se");
    const setCookie = cookiesOf(signedIn).find((value) => value.startsWith("better-auth.session_token="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const current = await getOptionalUser(siteRequest("/", { cookie: sessionCookie(signedIn) }));
    expect(current).toMatchObject({ email: "anna@example.se", isAdmin: false });
  });

  it("answers a taken address exactly like a new one; its owner gets a notice, not a second confirmation link", async () => {
    await useAppAuthForTests(handle());
    await createUser(db(), { email: "taken@example.se" });
    const again = await register("taken@example.se");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/auth?registered=1");
    expect((await db().select({ n: count() }).from(user))[0].n).toBe(1);
    const mails = await db().select().from(emailOutbox);
    expect(mails.map((mail) => [mail.kind, mail.toAddress])).toEqual([["existing-account", "taken@example.se"]]);
    expect(mails[0].text).toContain("Adressen har redan ett konto");
    expect(mails[0].text).not.toMatch(/token=|verify-email/);
  });

  it("gives the same message for a wrong password and an unknown address", async () => {
    await useAppAuthForTests(handle());
    await createUser(db(), { email: "bo@example.se", password: "rätt-lösen" });
    for (const email of ["bo@example.se", "okand@example.se"]) {
      const result = (await call(action, form({ intent: "login", email, password: "fel-lösen" }))) as never as {
        data: { failure: { message: string } };
        init: ResponseInit;
      };
      expect(result.init.status).toBe(401);
      expect(result.data.failure.message).toBe("Fel e-postadress eller lösenord.");
    }
  });

  it("returns field errors for missing, malformed, scripted and over-long input and stores nothing", async () => {
    await useAppAuthForTests(handle());
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ intent: "register" }, { email: "Ange en giltig e-postadress", password: "Lösenordet måste vara minst 8 tecken" }],
      [
        { intent: "register", email: "<script>alert(1)</script>", password: "hemlig-fras-8", confirmPassword: "hemlig-fras-8" },
        { email: "Ange en giltig e-postadress" },
      ],
      [
        { intent: "register", email: "a@example.se", password: "hemlig-fras-8", confirmPassword: "hemlig-fras-9" },
        { confirmPassword: "Lösenorden matchar inte" },
      ],
      [
        { intent: "register", email: "a@example.se", password: "x".repeat(500), confirmPassword: "x".repeat(500) },
        { password: "Lösenordet får vara högst 128 tecken" },
      ],
      [{ intent: "register", email: `${"a".repeat(300)}@example.se`, password: "hemlig-fras-8", confirmPassword: "hemlig-fras-8" }, {}],
      [{ intent: "login", email: "a@example.se", password: "123" }, { password: "Lösenordet måste vara minst 6 tecken" }],
    ];
    for (const [fields, expected] of cases) {
      const result = (await call(action, form(fields))) as never as { data: { fieldErrors: Record<string, string> }; init: ResponseInit };
      expect(result.init.status).toBe(400);
      expect(result.data.fieldErrors).toMatchObject(expected);
    }
    expect(await db().select().from(user)).toHaveLength(0);
    expect(await db().select().from(emailOutbox)).toHaveLength(0);
  });

  it("refuses a forged role, confirmation, name, picture or scripted address in a direct sign-up request", async () => {
    await useAppAuthForTests(handle());
    const auth = await getAuth();
    const response = await auth.handler(
      new Request(`${TEST_SITE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_SITE_URL },
        body: JSON.stringify({ email: "forged@example.se", password: "hemlig-fras-8", name: "x", role: "admin" }),
      }),
    );
    expect(response.status).toBe(400);
    const forgedVerified = await auth.handler(
      new Request(`${TEST_SITE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_SITE_URL },
        body: JSON.stringify({ email: "forged2@example.se", password: "hemlig-fras-8", name: "<script>alert(1)</script>".repeat(1000), image: "javascript:alert(1)", emailVerified: true }),
      }),
    );
    expect(forgedVerified.status).toBe(200);
    const scripted = await auth.handler(
      new Request(`${TEST_SITE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_SITE_URL },
        body: JSON.stringify({ email: "<script>@x.se", password: "hemlig-fras-8", name: "x" }),
      }),
    );
    expect(scripted.status).toBe(400);
    const rows = await db().select({ email: user.email, role: user.role, emailVerified: user.emailVerified, name: user.name, image: user.image }).from(user);
    expect(rows).toEqual([{ email: "forged2@example.se", role: "user", emailVerified: false, name: "forged2", image: null }]);
  });

  it("does not let a signed-in user rewrite their name, picture or address through the API", async () => {
    await useAppAuthForTests(handle());
    await createUser(db(), { email: "egen@example.se", password: "hemlig-fras-8" });
    const signedIn = (await call(action, form({ intent: "login", email: "egen@example.se", password: "hemlig-fras-8" }))) as Response;
    const auth = await getAuth();
    for (const [path, body] of [
      ["/api/auth/update-user", { name: "<script>", image: "javascript:alert(1)" }],
      ["/api/auth/change-email", { newEmail: "annan@example.se" }],
    ] as const) {
      const response = await auth.handler(
        new Request(`${TEST_SITE_URL}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_SITE_URL, cookie: sessionCookie(signedIn) },
          body: JSON.stringify(body),
        }),
      );
      expect(response.status).toBe(404);
    }
    expect(await db().select({ name: user.name, image: user.image, email: user.email }).from(user)).toEqual([
      { name: "egen", image: null, email: "egen@example.se" },
    ]);
  });

  it("makes ADMIN_EMAILS administrators at sign-up and at sign-in", async () => {
    await useAppAuthForTests(handle(), { adminEmails: ["chef@example.se", "later@example.se"] });
    await register("chef@example.se");
    const [chef] = await db().select().from(user).where(eq(user.email, "chef@example.se"));
    expect(chef.role).toBe("admin");

    // An account made before its address was listed becomes admin at its next sign-in.
    await createUser(db(), { email: "later@example.se", password: "hemlig-fras-8" });
    const signedIn = (await call(action, form({ intent: "login", email: "later@example.se", password: "hemlig-fras-8" }))) as Response;
    expect(signedIn.status).toBe(302);
    const current = await getOptionalUser(siteRequest("/", { cookie: sessionCookie(signedIn) }));
    expect(current?.isAdmin).toBe(true);
  });

  it("makes an account and address wait after five failed sign-ins, saying how long; successful ones do not count", async () => {
    await useAppAuthForTests(handle());
    await createUser(db(), { email: "mal@example.se", password: "hemlig-fras-8" });
    // More successes than any limit: they never lock anyone out.
    for (let attempt = 0; attempt < 11; attempt++) {
      const ok = (await call(action, form({ intent: "login", email: "mal@example.se", password: "hemlig-fras-8" }))) as Response;
      expect(ok.status).toBe(302);
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = (await call(action, form({ intent: "login", email: "mal@example.se", password: "fel-lösen" }))) as never as { init: ResponseInit };
      expect(failed.init.status).toBe(401);
    }
    const waiting = (await call(action, form({ intent: "login", email: "mal@example.se", password: "hemlig-fras-8" }))) as never as {
      data: { failure: { message: string } };
      init: ResponseInit;
    };
    expect(waiting.init.status).toBe(429);
    expect(waiting.data.failure.message).toBe("För många inloggningsförsök. Försök igen om 1 minut.");
    expect(Number(new Headers(waiting.init.headers).get("retry-after"))).toBeLessThanOrEqual(60);

    // The owner from another address is not held by these failures.
    const elsewhere = { "x-client-ip": "203.0.113.7" };
    const owner = (await call(action, form({ intent: "login", email: "mal@example.se", password: "hemlig-fras-8" }, undefined, elsewhere))) as Response;
    expect(owner.status).toBe(302);
  });

  it("refuses a cross-site post (CSRF)", async () => {
    await useAppAuthForTests(handle());
    const result = await call(action, siteRequest("/auth", { form: { intent: "register" }, headers: { origin: "https://evil.example" } }));
    expect(result).toMatchObject({ init: { status: 403 } });
  });

  it("sends a signed-in visitor to / and keeps sessions in the database across a restart", async () => {
    await useAppAuthForTests(handle());
    await createUser(db(), { email: "stay@example.se", password: "hemlig-fras-8" });
    const signedIn = (await call(action, form({ intent: "login", email: "stay@example.se", password: "hemlig-fras-8" }))) as Response;
    const cookie = sessionCookie(signedIn);
    expect(await db().select().from(session)).toHaveLength(1);

    // A new auth instance (as after a restart) finds the same session in the database.
    await useAppAuthForTests(handle());
    const redirected = (await call(loader, siteRequest("/auth", { cookie }))) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/");
  });

  it("resends the confirmation mail for an unconfirmed account and answers the same for any address", async () => {
    await useAppAuthForTests(handle());
    await createUser(db(), { email: "ny@example.se", verified: false });
    for (const email of ["ny@example.se", "finns-inte@example.se"]) {
      const result = (await call(action, form({ intent: "resend", email }))) as never as { data: { resent: boolean } };
      expect(result.data.resent).toBe(true);
    }
    const mails = await db().select({ to: emailOutbox.toAddress }).from(emailOutbox);
    expect(mails).toEqual([{ to: "ny@example.se" }]);
  });
});
