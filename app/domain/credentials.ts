// The /auth forms (spec §5 Login / Register): one set of zod schemas, checked in the
// browser before submitting and again on the server. Limits beyond the spec's
// (lengths, control characters) keep over-long or odd input out with a Swedish message.
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_EMAIL_LENGTH = 254;

export const CREDENTIAL_MESSAGES = {
  invalidEmail: "Ange en giltig e-postadress",
  emailTooLong: `E-postadressen får vara högst ${MAX_EMAIL_LENGTH} tecken`,
  passwordTooShort: `Lösenordet måste vara minst ${MIN_PASSWORD_LENGTH} tecken`,
  passwordTooLong: `Lösenordet får vara högst ${MAX_PASSWORD_LENGTH} tecken`,
  passwordsDiffer: "Lösenorden matchar inte",
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

export const loginSchema = z.object({ email, password });

export const registerSchema = z
  .object({ email, password, confirmPassword: password })
  .refine((values) => values.password === values.confirmPassword, {
    message: CREDENTIAL_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

export const resendSchema = z.object({ email });

export type FieldErrors = Partial<Record<"email" | "password" | "confirmPassword", string>>;

/** The first message per field, for showing next to the inputs. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password" || field === "confirmPassword") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Reads the form fields as strings (a missing field is ""), ready for the schemas. */
export function credentialsFromForm(form: FormData) {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { email: read("email"), password: read("password"), confirmPassword: read("confirmPassword") };
}
