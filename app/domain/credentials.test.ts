import { describe, expect, it } from "vitest";
import { CREDENTIAL_MESSAGES, fieldErrorsOf, loginSchema, registerSchema } from "./credentials";

function errorsOf(schema: typeof loginSchema | typeof registerSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("login and register schemas (spec §5)", () => {
  it.each([
    ["missing fields", {}, { email: CREDENTIAL_MESSAGES.invalidEmail, password: CREDENTIAL_MESSAGES.passwordTooShort }],
    ["empty fields", { email: "", password: "" }, { email: CREDENTIAL_MESSAGES.invalidEmail, password: CREDENTIAL_MESSAGES.passwordTooShort }],
    ["not an address", { email: "anna", password: "hemligt" }, { email: CREDENTIAL_MESSAGES.invalidEmail }],
    ["a script", { email: "<script>alert(1)</script>@x.se", password: "hemligt" }, { email: CREDENTIAL_MESSAGES.invalidEmail }],
    ["a short password", { email: "anna@example.se", password: "12345" }, { password: CREDENTIAL_MESSAGES.passwordTooShort }],
    ["an over-long password", { email: "anna@example.se", password: "x".repeat(129) }, { password: CREDENTIAL_MESSAGES.passwordTooLong }],
    ["an over-long address", { email: `${"a".repeat(250)}@example.se`, password: "hemligt" }, { email: CREDENTIAL_MESSAGES.emailTooLong }],
  ])("login: %s", (_name, input, expected) => {
    expect(errorsOf(loginSchema, input)).toEqual(expected);
  });

  it("accepts a valid login and lower-cases the address", () => {
    expect(loginSchema.parse({ email: " Anna@Example.SE ", password: "hemligt" })).toEqual({ email: "anna@example.se", password: "hemligt" });
  });

  it("puts the mismatch message on confirmPassword", () => {
    expect(errorsOf(registerSchema, { email: "anna@example.se", password: "hemligt", confirmPassword: "hemligt2" })).toEqual({
      confirmPassword: "Lösenorden matchar inte",
    });
  });

  it("requires confirmPassword to be at least 6 characters too", () => {
    expect(errorsOf(registerSchema, { email: "anna@example.se", password: "hemligt", confirmPassword: "kort" })).toMatchObject({
      confirmPassword: CREDENTIAL_MESSAGES.passwordTooShort,
    });
  });

  it("uses the spec's exact Swedish texts", () => {
    expect(CREDENTIAL_MESSAGES.invalidEmail).toBe("Ange en giltig e-postadress");
    expect(CREDENTIAL_MESSAGES.passwordTooShort).toBe("Lösenordet måste vara minst 6 tecken");
  });
});
