import { z } from "zod";

// Field rules shared by the enquiry dialog and the contact page, in the
// browser and on the server. Header-bound values (name, subject) refuse line
// breaks outright: that is how "\r\nBcc:" header injection works, and
// silently stripping would send something other than what was typed.

export const FIELD_LIMITS = { name: 100, email: 254, phone: 40, subject: 200, message: 5000 } as const;

/** The hidden anti-spam field: people never see or fill it, bots do. */
export const HONEYPOT_FIELD = "website";

const LINE_BREAK = /[\r\n\u2028\u2029]/;
// Control characters other than tab and line breaks never belong in a form.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const EMAIL_MESSAGE = "Vänligen ange en giltig e-postadress.";

export const emailField = z
  .string()
  .trim()
  .max(FIELD_LIMITS.email, { error: EMAIL_MESSAGE })
  .pipe(z.email({ error: EMAIL_MESSAGE }));

export function singleLineField(options: { min: number; minMessage: string; max: number; maxMessage: string; breakMessage: string }) {
  return z
    .string()
    .refine((value) => !LINE_BREAK.test(value), { error: options.breakMessage, abort: true })
    .refine((value) => !CONTROL.test(value), { error: "Fältet innehåller otillåtna tecken.", abort: true })
    .trim()
    .min(options.min, { error: options.minMessage })
    .max(options.max, { error: options.maxMessage });
}

export function messageField(options: { min: number; minMessage: string }) {
  return z
    .string()
    .trim()
    .min(options.min, { error: options.minMessage })
    .max(FIELD_LIMITS.message, { error: `Meddelandet får vara högst ${FIELD_LIMITS.message} tecken.` })
    .refine((value) => !CONTROL.test(value), { error: "Meddelandet innehåller otillåtna tecken." });
}

/** Reads the named fields as strings; a missing field or an uploaded file counts as empty. */
export function readFields<Key extends string>(formData: FormData, keys: readonly Key[]): Record<Key, string> {
  const values = {} as Record<Key, string>;
  for (const key of keys) {
    const value = formData.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  return values;
}

export type FieldErrors<Key extends string> = Partial<Record<Key, string>>;

export type FormCheck<Data, Key extends string> = { ok: true; data: Data } | { ok: false; fieldErrors: FieldErrors<Key> };

/** Runs a schema and keeps the first message per field, which is what the form shows. */
export function checkFields<Data, Key extends string>(schema: z.ZodType<Data>, values: Record<Key, string>): FormCheck<Data, Key> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors<Key> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as Key | undefined;
    if (key !== undefined && fieldErrors[key] === undefined) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors };
}

/** True when the honeypot field was filled in: a bot. */
export function isHoneypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** What the enquiry and contact actions answer; the forms read it (fetcher data or action data). */
export type MessageActionResult<Key extends string> =
  | { ok: true }
  | { ok: false; fieldErrors?: FieldErrors<Key>; formError?: string; values?: Partial<Record<Key, string>> };
