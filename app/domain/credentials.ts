// The account forms (/auth, password reset, /account): one set of zod schemas, checked
// in the browser before submitting and again on the server. Limits beyond the product's
// (lengths, control characters) keep over-long or odd input out with a Swedish message.
import { z } from "zod";

/** A new password (sign-up, reset, change). */
export const MIN_PASSWORD_LENGTH = 8;
/** Signing in: accounts made before new passwords needed 8 characters may have 6 or 7. */
export const MIN_SIGN_IN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_EMAIL_LENGTH = 254;

export const CREDENTIAL_MESSAGES = {
  invalidEmail: "Ange en giltig e-postadress",
  emailTooLong: `E-postadressen får vara högst ${MAX_EMAIL_LENGTH} tecken`,
  passwordTooShort: `Lösenordet måste vara minst ${MIN_PASSWORD_LENGTH} tecken`,
  signInPasswordTooShort: `Lösenordet måste vara minst ${MIN_SIGN_IN_PASSWORD_LENGTH} tecken`,
  passwordTooLong: `Lösenordet får vara högst ${MAX_PASSWORD_LENGTH} tecken`,
  passwordTooCommon: "Lösenordet är för vanligt – välj ett annat",
  passwordsDiffer: "Lösenorden matchar inte",
  currentPasswordMissing: "Ange ditt nuvarande lösenord",
  passwordUnchanged: "Det nya lösenordet måste skilja sig från det nuvarande",
  resetLinkInvalid: "Länken är ogiltig, redan använd eller för gammal. Be om en ny länk.",
  // Shown only after the right password: a suspended account is not revealed to someone guessing.
  accountSuspended: "Kontot är avstängt. Kontakta oss om du tror att det är fel.",
} as const;

// A plain address: no spaces, quotes, angle brackets or control characters, so a
// "<script>" in the field is simply not an e-mail address.
const PLAIN_EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

const email = z
  .string({ error: CREDENTIAL_MESSAGES.invalidEmail })
  .trim()
  .max(MAX_EMAIL_LENGTH, CREDENTIAL_MESSAGES.emailTooLong)
  .regex(PLAIN_EMAIL, CREDENTIAL_MESSAGES.invalidEmail)
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: CREDENTIAL_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, CREDENTIAL_MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, CREDENTIAL_MESSAGES.passwordTooLong);

/** The password typed to sign in: only asked for, never judged, but no account has one shorter than 6. */
const signInPassword = z
  .string({ error: CREDENTIAL_MESSAGES.signInPasswordTooShort })
  .min(MIN_SIGN_IN_PASSWORD_LENGTH, CREDENTIAL_MESSAGES.signInPasswordTooShort)
  .max(MAX_PASSWORD_LENGTH, CREDENTIAL_MESSAGES.passwordTooLong);

/** The password the account has now (change, delete): only asked for, never judged. */
const currentPassword = z
  .string({ error: CREDENTIAL_MESSAGES.currentPasswordMissing })
  .min(1, CREDENTIAL_MESSAGES.currentPasswordMissing)
  .max(MAX_PASSWORD_LENGTH, CREDENTIAL_MESSAGES.passwordTooLong);

const passwordsMatch = (values: { password: string; confirmPassword: string }) => values.password === values.confirmPassword;
const mismatch = { message: CREDENTIAL_MESSAGES.passwordsDiffer, path: ["confirmPassword"] };

/** Whether a password is one of the most common ones; the list is the server's (too large for the browser). */
export type CommonPasswordCheck = (password: string) => boolean;

/**
 * The schemas that set a new password. The browser builds them without the common-password
 * list; the server passes its check, and a common password gets its message on the field.
 */
export function newPasswordSchemas(isCommonPassword: CommonPasswordCheck = () => false) {
  const newPassword = password.refine((value) => !isCommonPassword(value), CREDENTIAL_MESSAGES.passwordTooCommon);
  return {
    registerSchema: z.object({ email, password: newPassword, confirmPassword: password }).refine(passwordsMatch, mismatch),
    resetPasswordSchema: z.object({ password: newPassword, confirmPassword: password }).refine(passwordsMatch, mismatch),
    changePasswordSchema: z
      .object({ currentPassword, password: newPassword, confirmPassword: password })
      .refine(passwordsMatch, mismatch)
      .refine((values) => values.password !== values.currentPassword, {
        message: CREDENTIAL_MESSAGES.passwordUnchanged,
        path: ["password"],
      }),
  };
}

export const { registerSchema, resetPasswordSchema, changePasswordSchema } = newPasswordSchemas();

export const loginSchema = z.object({ email, password: signInPassword });

/** Asking for a mail (a new confirmation link, a password reset link): the address only. */
export const resendSchema = z.object({ email });
export const forgotPasswordSchema = resendSchema;

/** Deleting the account: the current password confirms it is the owner. */
export const deleteAccountSchema = z.object({ currentPassword });

const FIELDS = ["email", "currentPassword", "password", "confirmPassword"] as const;

export type FieldName = (typeof FIELDS)[number];
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The first message per field, for showing next to the inputs. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The fields in the order a form shows them: the first invalid one gets focus. */
export const FIELD_ORDER: readonly FieldName[] = FIELDS;

/** Reads the form fields as strings (a missing field is ""), ready for the schemas. */
export function credentialsFromForm(form: FormData) {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { email: read("email"), currentPassword: read("currentPassword"), password: read("password"), confirmPassword: read("confirmPassword") };
}
