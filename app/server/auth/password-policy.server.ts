import { APIError } from "better-auth/api";
import { CREDENTIAL_MESSAGES, newPasswordSchemas } from "~/domain/credentials";
import swedishWordList from "./common-passwords/swedish.json";
import commonPasswordList from "./common-passwords/top-10000.json";

let commonPasswords: Set<string> | undefined;
let swedishWords: Set<string> | undefined;

/** Lower case without diacritics: "Göteborg" and "goteborg" are one word to a guesser. */
const folded = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
/** Digits, spaces and punctuation around a word ("Stockholm1!", "2024sommar"): they add little to a guess. */
const DECORATION = /^[^\p{L}]+|[^\p{L}]+$/gu;

/**
 * Whether `password` is one of the 10,000 most common passwords, compared in lower case
 * ("Qwerty123" is as guessable as "qwerty123"), or a common Swedish word or name
 * (common-passwords/README.md), compared without case, diacritics or the digits and
 * punctuation around it ("Stockholm2024!", "goteborg"). The lists are read into sets at
 * first use; they never reach the browser bundle.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordList);
  swedishWords ??= new Set(swedishWordList.map(folded));
  if (commonPasswords.has(password.toLowerCase())) return true;
  const word = folded(password);
  return swedishWords.has(word) || swedishWords.has(word.replace(DECORATION, ""));
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
