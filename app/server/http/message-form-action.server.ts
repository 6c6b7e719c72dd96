import { data } from "react-router";
import { FIELD_LIMITS, isHoneypotFilled, type FormCheck, type MessageActionResult } from "~/lib/message-fields";
import { requestEmailDelivery } from "../email/request-email-delivery.server";
import { logger } from "../logger.server";
import { checkRateLimit } from "../rate-limit.server";
import { getClientIp } from "../security/client-ip.server";
import { assertSameOrigin } from "../security/same-origin.server";
import { readLimitedForm, UNREADABLE_FORM_MESSAGE } from "./read-limited-form.server";

/** Spec-style limit for both forms: 5 submissions per IP per 10 minutes. */
export const MESSAGE_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
export const RATE_LIMITED_MESSAGE = "För många meddelanden. Försök igen om en stund.";
export const TOO_LARGE_MESSAGE = "Meddelandet är för stort. Korta ner det och försök igen.";

export type SubmitOutcome = { ok: true } | { ok: false; formError: string; status: number };

/**
 * The common path of the enquiry and contact actions: same-origin check,
 * bounded body, honeypot (a bot gets a quiet "success" and nothing is
 * stored), the shared zod schema, the per-IP limit, then the use case and a
 * prompt to the mail job. Expected failures come back as values with a
 * Swedish message; an unexpected one is logged and answered with `failureMessage`.
 */
export async function handleMessageForm<Data, Key extends string>(
  request: Request,
  options: {
    form: string;
    fields: readonly Key[];
    parse(formData: FormData): FormCheck<Data, Key>;
    submit(input: Data, ipAddress: string | null): Promise<SubmitOutcome>;
    failureMessage: string;
  },
) {
  assertSameOrigin(request);
  const read = await readLimitedForm(request);
  if (!read.ok && read.reason === "too-large") return reply<Key>({ ok: false, formError: TOO_LARGE_MESSAGE }, 413);
  if (!read.ok) return reply<Key>({ ok: false, formError: UNREADABLE_FORM_MESSAGE }, 400);
  const { formData } = read;
  if (isHoneypotFilled(formData)) {
    logger.info({ form: options.form }, "honeypot filled; pretending success");
    return reply<Key>({ ok: true }, 200);
  }

  const check = options.parse(formData);
  if (!check.ok) return reply<Key>({ ok: false, fieldErrors: check.fieldErrors, values: echoValues(formData, options.fields) }, 400);

  const ipAddress = getClientIp(request.headers);
  // Without a known address there is no fair bucket; the limiter is skipped rather than shared by everyone.
  if (ipAddress) {
    const limit = await checkRateLimit(`${options.form}:${ipAddress}`, MESSAGE_RATE_LIMIT.limit, MESSAGE_RATE_LIMIT.windowMs);
    if (!limit.ok) {
      return reply<Key>({ ok: false, formError: RATE_LIMITED_MESSAGE, values: echoValues(formData, options.fields) }, 429, {
        "Retry-After": String(limit.retryAfterSeconds),
      });
    }
  }

  try {
    const outcome = await options.submit(check.data, ipAddress);
    if (!outcome.ok) return reply<Key>({ ok: false, formError: outcome.formError, values: echoValues(formData, options.fields) }, outcome.status);
  } catch (error) {
    logger.error({ err: error, form: options.form }, "storing a form submission failed");
    return reply<Key>({ ok: false, formError: options.failureMessage, values: echoValues(formData, options.fields) }, 500);
  }
  await requestEmailDelivery();
  return reply<Key>({ ok: true }, 200);
}

function reply<Key extends string>(body: MessageActionResult<Key>, status: number, headers?: HeadersInit) {
  return data(body, { status, headers });
}

/** What was typed, for a form re-rendered without JavaScript; cut to the field limits so a huge post is not sent back. */
function echoValues<Key extends string>(formData: FormData, fields: readonly Key[]) {
  const values: Partial<Record<Key, string>> = {};
  for (const key of fields) {
    const value = formData.get(key);
    if (typeof value !== "string") continue;
    const limit = (FIELD_LIMITS as Record<string, number>)[key] ?? 300;
    values[key] = value.slice(0, limit);
  }
  return values;
}

