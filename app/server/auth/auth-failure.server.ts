import { logger } from "../logger.server";
import { RATE_LIMIT_MESSAGES } from "./auth-rate-limits.server";

export type AuthFailure = {
  ok: false;
  status: number;
  /** better-auth's error code, or ours ("RATE_LIMITED"); the page picks follow-ups by it. */
  code: string;
  /** A Swedish sentence for the page; never says whether an address is registered. */
  message: string;
};

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Fel e-postadress eller lösenord.",
  EMAIL_NOT_VERIFIED: "Du behöver bekräfta din e-postadress innan du kan logga in. Följ länken i mejlet vi skickade, eller be om ett nytt mejl nedan.",
  INVALID_EMAIL: "Ange en giltig e-postadress",
  PASSWORD_TOO_SHORT: "Lösenordet måste vara minst 6 tecken",
  PASSWORD_TOO_LONG: "Lösenordet får vara högst 128 tecken",
  FIELD_NOT_ALLOWED: "Förfrågan innehöll fält som inte får anges.",
};

const FALLBACK = "Något gick fel. Försök igen om en stund.";

/** Turns better-auth's error response into a failure the /auth page can show. */
export async function authFailureFrom(response: Response, flow: "sign-in" | "sign-up" | "resend"): Promise<AuthFailure> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const code = body.code ?? `HTTP_${response.status}`;
  if (code === "RATE_LIMITED") {
    const message = flow === "sign-in" ? RATE_LIMIT_MESSAGES.signIn : flow === "sign-up" ? RATE_LIMIT_MESSAGES.signUp : RATE_LIMIT_MESSAGES.resend;
    return { ok: false, status: 429, code, message };
  }
  const message = MESSAGES[code];
  if (!message || response.status >= 500) logger.warn({ flow, status: response.status, code }, "unexpected auth failure");
  return { ok: false, status: response.status >= 500 ? 500 : response.status, code, message: message ?? FALLBACK };
}

/** Session (and other) cookies better-auth set on its response, to pass on to the browser. */
export function setCookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
