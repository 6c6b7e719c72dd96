import { APIError } from "better-auth/api";
import { CREDENTIAL_MESSAGES, newPasswordSchemas } from "~/domain/credentials";
import commonPasswordList from "./common-passwords/top-10000.json";

let commonPasswords: Set<string> | undefined;

/**
 * Whether `password` is one of the 10,000 most common passwords (common-passwords/README.md),
 * compared in lower case: "Qwerty123" is as guessable as "qwerty123". The list is read into a
 * set at first use; it never reaches the browser bundle.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordList);
  return commonPasswords.has(password.toLowerCase());
}

/** The form schemas as the server checks them: the browser's, plus the common-password list. */
export const serverPasswordSchemas = newPasswordSchemas(isCommonPassword);

/** The better-auth endpoints that set a password, and the body field that carries it. */
const NEW_PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/**
 * Runs before better-auth's handlers (auth.server.ts hooks), so a direct call to
 * /api/auth/* cannot set a common password that our forms would refuse.
 */
export function refuseCommonNewPassword(ctx: { path: string; body?: unknown }) {
  const field = NEW_PASSWORD_FIELDS[ctx.path];
  if (!field) return;
  const value = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof value === "string" && isCommonPassword(value)) {
    throw new APIError("BAD_REQUEST", { message: CREDENTIAL_MESSAGES.passwordTooCommon, code: "PASSWORD_TOO_COMMON" });
  }
}
