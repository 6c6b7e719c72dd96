import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { changePasswordSchema, CREDENTIAL_MESSAGES, deleteAccountSchema, fieldErrorsOf, loginSchema, newPasswordSchemas, registerSchema, resetPasswordSchema } from "./credentials";

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("login and register schemas", () => {
  it.each([
    ["missing fields", {}, { email: CREDENTIAL_MESSAGES.invalidEmail, password: CREDENTIAL_MESSAGES.signInPasswordTooShort }],
    ["empty fields", { email: "", password: "" }, { email: CREDENTIAL_MESSAGES.invalidEmail, password: CREDENTIAL_MESSAGES.signInPasswordTooShort }],
    ["not an address", { email: "anna", password: "hemligt" }, { email: CREDENTIAL_MESSAGES.invalidEmail }],
    ["a script", { email: "<script>alert(1)</script>@x.se", password: "hemligt" }, { email: CREDENTIAL_MESSAGES.invalidEmail }],
    ["a short password", { email: "anna@example.se", password: "12345" }, { password: CREDENTIAL_MESSAGES.signInPasswordTooShort }],
    ["an over-long password", { email: "anna@example.se", password: "x".repeat(129) }, { password: CREDENTIAL_MESSAGES.passwordTooLong }],
    ["an over-long address", { email: `${"a".repeat(250)}@example.se`, password: "hemligt" }, { email: CREDENTIAL_MESSAGES.emailTooLong }],
  ])("login: %s", (_name, input, expected) => {
    expect(errorsOf(loginSchema, input)).toEqual(expected);
  });

  it("accepts a valid login and lower-cases the address", () => {
    expect(loginSchema.parse({ email: " Anna@Example.SE ", password: "hemligt" })).toEqual({ email: "anna@example.se", password: "hemligt" });
  });

  it("signs in with the 6- and 7-character passwords of older accounts, but sets none shorter than 8", () => {
    for (const password of ["sex123", "sju1234"]) {
      expect(errorsOf(loginSchema, { email: "anna@example.se", password })).toEqual({});
      expect(errorsOf(registerSchema, { email: "anna@example.se", password, confirmPassword: password })).toMatchObject({ password: CREDENTIAL_MESSAGES.passwordTooShort });
    }
    expect(errorsOf(registerSchema, { email: "anna@example.se", password: "atta1234", confirmPassword: "atta1234" })).toEqual({});
  });

  it("puts the mismatch message on confirmPassword", () => {
    expect(errorsOf(registerSchema, { email: "anna@example.se", password: "hemlig-fras-8", confirmPassword: "hemlig-fras-9" })).toEqual({
      confirmPassword: "Lösenorden matchar inte",
    });
  });

  it("requires confirmPassword to be at least 8 characters too", () => {
    expect(errorsOf(registerSchema, { email: "anna@example.se", password: "hemlig-fras-8", confirmPassword: "kort" })).toMatchObject({
      confirmPassword: CREDENTIAL_MESSAGES.passwordTooShort,
    });
  });

  it("uses the product's exact Swedish texts", () => {
    expect(CREDENTIAL_MESSAGES.invalidEmail).toBe("Ange en giltig e-postadress");
    expect(CREDENTIAL_MESSAGES.passwordTooShort).toBe("Lösenordet måste vara minst 8 tecken");
    expect(CREDENTIAL_MESSAGES.signInPasswordTooShort).toBe("Lösenordet måste vara minst 6 tecken");
  });
});

describe("the password reset, change and delete schemas", () => {
  it.each([
    ["reset: fine", resetPasswordSchema, { password: "ny-fras-07", confirmPassword: "ny-fras-07" }, {}],
    ["reset: mismatch", resetPasswordSchema, { password: "ny-fras-07", confirmPassword: "ny-fras-08" }, { confirmPassword: CREDENTIAL_MESSAGES.passwordsDiffer }],
    ["reset: short", resetPasswordSchema, { password: "kort", confirmPassword: "kort" }, { password: CREDENTIAL_MESSAGES.passwordTooShort, confirmPassword: CREDENTIAL_MESSAGES.passwordTooShort }],
    ["change: fine", changePasswordSchema, { currentPassword: "gammal", password: "ny-fras-07", confirmPassword: "ny-fras-07" }, {}],
    ["change: no current", changePasswordSchema, { currentPassword: "", password: "ny-fras-07", confirmPassword: "ny-fras-07" }, { currentPassword: CREDENTIAL_MESSAGES.currentPasswordMissing }],
    ["change: unchanged", changePasswordSchema, { currentPassword: "ny-fras-07", password: "ny-fras-07", confirmPassword: "ny-fras-07" }, { password: CREDENTIAL_MESSAGES.passwordUnchanged }],
    ["delete: fine", deleteAccountSchema, { currentPassword: "x" }, {}],
    ["delete: empty", deleteAccountSchema, { currentPassword: "" }, { currentPassword: CREDENTIAL_MESSAGES.currentPasswordMissing }],
    ["delete: over-long", deleteAccountSchema, { currentPassword: "x".repeat(129) }, { currentPassword: CREDENTIAL_MESSAGES.passwordTooLong }],
  ] as const)("%s", (_name, schema, input, expected) => {
    expect(errorsOf(schema, input)).toEqual(expected);
  });

  it("refuses a common new password wherever one is set, when given the check", () => {
    const schemas = newPasswordSchemas((password) => password === "vanligt1");
    const input = { email: "anna@example.se", currentPassword: "gammal", password: "vanligt1", confirmPassword: "vanligt1" };
    for (const schema of [schemas.registerSchema, schemas.resetPasswordSchema, schemas.changePasswordSchema]) {
      expect(errorsOf(schema, input)).toEqual({ password: "Lösenordet är för vanligt – välj ett annat" });
    }
  });
});
