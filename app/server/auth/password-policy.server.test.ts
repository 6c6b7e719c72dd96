// The list and the schemas; a sign-up refused for a common password is tested
// through the /auth route and better-auth in app/routes/public/auth-common-passwords.server.test.ts.
import { describe, expect, it } from "vitest";
import { CREDENTIAL_MESSAGES, fieldErrorsOf, registerSchema } from "~/domain/credentials";
import passwords from "./common-passwords/top-10000.json";
import { isCommonPassword, serverPasswordSchemas } from "./password-policy.server";

describe("the common-password list", () => {
  it("holds the 10,000 most common passwords, lower case, no repeats", () => {
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
