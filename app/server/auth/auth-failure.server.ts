import { isAPIError } from "better-auth/api";
import { CREDENTIAL_MESSAGES } from "~/domain/credentials";
import { logger } from "~/server/logger.server";

export type AuthFailure = {
  ok: false;
  status: number;
  /** better-auth's error code, or ours ("RATE_LIMITED"); the page picks follow-ups by it. */
  code: string;
  /** A Swedish sentence for the page; never says whether an address is registered. */
  message: string;
  /** For a refusal by our limits: the Retry-After header the page's answer carries. */
  headers?: Record<string, string>;
};

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Fel e-postadress eller lösenord.",
  EMAIL_NOT_VERIFIED: "Du behöver bekräfta din e-postadress innan du kan logga in. Följ länken i mejlet vi skickade, eller be om ett nytt mejl nedan.",
  INVALID_EMAIL: "Ange en giltig e-postadress",
  PASSWORD_TOO_SHORT: CREDENTIAL_MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: CREDENTIAL_MESSAGES.passwordTooLong,
  FIELD_NOT_ALLOWED: "Förfrågan innehöll fält som inte får anges.",
  PASSWORD_TOO_COMMON: CREDENTIAL_MESSAGES.passwordTooCommon,
  BANNED_USER: CREDENTIAL_MESSAGES.accountSuspended,
  // The current password on /account (change, delete).
  INVALID_PASSWORD: "Lösenordet stämmer inte.",
  INVALID_TOKEN: CREDENTIAL_MESSAGES.resetLinkInvalid,
  // The account was deleted after the reset link was sent.
  USER_NOT_FOUND: CREDENTIAL_MESSAGES.resetLinkInvalid,
};

const FALLBACK = "Något gick fel. Försök igen om en stund.";

type Flow = "sign-in" | "sign-up" | "resend" | "reset-request" | "reset" | "change-password" | "delete-account";

/**
 * Calls a better-auth endpoint with `asResponse: true`. Errors come back either as an
 * error response or, from hooks (our rate limits), as a thrown APIError: both end up
 * as an AuthFailure here.
 */
export async function callAuth(flow: Flow, call: () => Promise<Response>): Promise<Response | AuthFailure> {
  try {
    const response = await call();
    if (response.ok) return response;
    return authFailureFrom(response.status, await response.json().catch(() => ({})), flow, response.headers.get("retry-after"));
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return authFailureFrom(error.statusCode, error.body ?? {}, flow, new Headers(error.headers).get("retry-after"));
  }
}

function authFailureFrom(status: number, body: { code?: string; message?: string }, flow: Flow, retryAfter: string | null): AuthFailure {
  const code = body.code ?? `HTTP_${status}`;
  if (code === "RATE_LIMITED") {
    const headers = retryAfter ? { "Retry-After": retryAfter } : undefined;
    // Our limits' own Swedish message, which says when to try again (auth-rate-limits.server.ts).
    return { ok: false, status: 429, code, message: body.message ?? FALLBACK, headers };
  }
  const message = MESSAGES[code];
  if (!message || status >= 500) logger.warn({ flow, status, code }, "unexpected auth failure");
  return { ok: false, status: status >= 500 ? 500 : status, code, message: message ?? FALLBACK };
}

/** Session (and other) cookies better-auth set on its response, to pass on to the browser. */
export function setCookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** For the signed-out forms (resend, reset): without the cookie better-auth judges only what was typed. */
export function withoutSessionCookie(request: Request): Headers {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return headers;
}
