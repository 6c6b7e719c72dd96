import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/public/auth";
import { CREDENTIAL_MESSAGES, fieldErrorsOf, registerSchema } from "~/domain/credentials";
import { user } from "~/server/db/schema/index.server";
import { siteRequest, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import { getAuth } from "./auth.server";
import commonPasswordList from "./common-passwords/top-10000.txt?raw";
import { isCommonPassword, serverPasswordSchemas } from "./password-policy.server";

describe("the common-password list", () => {
  it("holds the 10,000 most common passwords, one a line, lower case, no repeats", () => {
    const lines = commonPasswordList.split("\n");
    expect(lines.at(-1)).toBe("");
    const passwords = lines.slice(0, -1);
    expect(passwords).toHaveLength(10_000);
    expect(new Set(passwords).size).toBe(10_000);
    expect(passwords.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
    expect(passwords.every((password) => password === password.toLowerCase() && password.trim() === password && password !== "")).toBe(true);
  });

  it.each(["123456", "password", "Password1", "QWERTY123", "iloveyou", "trustno1"])("refuses %s, in any case", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["hemligt-lösen-1", "ny-lång-fras-7", "Kanelbulle på fredag", ""])("accepts %j", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it("puts its message on the password field on the server; the browser's schema leaves it to the server", () => {
    const input = { email: "anna@example.se", password: "password1", confirmPassword: "password1" };
    const server = serverPasswordSchemas.registerSchema.safeParse(input);
    expect(server.success ? {} : fieldErrorsOf(server.error)).toEqual({ password: "Lösenordet är för vanligt – välj ett annat" });
    expect(registerSchema.safeParse(input).success).toBe(true);
    // The product's minimum and its message come first.
    const short = serverPasswordSchemas.registerSchema.safeParse({ ...input, password: "12345", confirmPassword: "12345" });
    expect(short.success ? {} : fieldErrorsOf(short.error)).toMatchObject({ password: CREDENTIAL_MESSAGES.passwordTooShort });
  });
});

describeEachEngine("common passwords at sign-up", ({ handle }) => {
  it("the form refuses one with the message on the field, and stores nothing", async () => {
    await useAppAuthForTests(handle());
    const form = { intent: "register", email: "anna@example.se", password: "Password1", confirmPassword: "Password1" };
    const refused = await callRoute(authAction as never, siteRequest("/auth", { form }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ intent: "register", fieldErrors: { password: CREDENTIAL_MESSAGES.passwordTooCommon } });
    expect((await handle().db.select({ n: count() }).from(user))[0].n).toBe(0);
  });

  it("better-auth itself refuses one, so a direct call to /api/auth cannot set it", async () => {
    await useAppAuthForTests(handle());
    const auth = await getAuth();
    const direct = await auth.handler(
      new Request(`${TEST_SITE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_SITE_URL },
        body: JSON.stringify({ email: "anna@example.se", password: "qwerty123", name: "anna" }),
      }),
    );
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON", message: CREDENTIAL_MESSAGES.passwordTooCommon });
    expect((await handle().db.select({ n: count() }).from(user))[0].n).toBe(0);
  });
});
