import { data } from "react-router";
import { formatWaitSv } from "~/domain/format";
import { FIELD_LIMITS, isHoneypotFilled, type FormCheck, type MessageActionResult } from "~/lib/message-fields";
import { requestEmailDelivery } from "~/server/email/request-email-delivery.server";
import { logger } from "~/server/logger.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getClientIp, rateLimitBucket } from "~/server/security/client-ip.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { readLimitedForm, UNREADABLE_FORM_MESSAGE } from "./read-limited-form.server";

/** Each form's limit: 5 submissions per IP (IPv6: per /64) per 10 minutes. */
export const MESSAGE_RATE_LIMIT = { points: 5, durationSeconds: 10 * 60 };
export const rateLimitedMessage = (seconds: number) => `För många meddelanden. Försök igen om ${formatWaitSv(seconds)}.`;
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
  const bucket = rateLimitBucket(ipAddress);
  // Without a known address there is no fair bucket; the limiter is skipped rather than shared by everyone.
  if (bucket) {
    const limit = await consumeRateLimit({ name: options.form, ...MESSAGE_RATE_LIMIT }, bucket);
    if (!limit.ok) {
      const formError = rateLimitedMessage(limit.retryAfterSeconds);
      return reply<Key>({ ok: false, formError, values: echoValues(formData, options.fields) }, 429, {
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

