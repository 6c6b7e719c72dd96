import { APIError, createAuthMiddleware } from "better-auth/api";
import { checkRateLimit, releaseRateLimit } from "../rate-limit.server";
import { getClientIp } from "../security/client-ip.server";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Limits per endpoint; the same numbers are documented in the README's security notes. */
export const AUTH_LIMITS = {
  signInPerAccount: 10,
  signInPerIp: 10,
  signUpPerIp: 10,
  resendPerAccount: 3,
  resendPerIp: 10,
  resetRequestPerAccount: 3,
  resetRequestPerIp: 10,
  /** Wrong current passwords on /account (change, delete): a stolen session cannot guess the password. */
  passwordCheckPerAccount: 10,
  windowMs: FIFTEEN_MINUTES,
} as const;

export const RATE_LIMIT_MESSAGES = {
  signIn: "För många inloggningsförsök. Försök igen om en stund.",
  signUp: "För många registreringsförsök. Försök igen om en stund.",
  resend: "För många försök att skicka bekräftelsemejlet. Försök igen om en stund.",
  resetRequest: "För många försök att återställa lösenordet. Försök igen om en stund.",
  passwordCheck: "För många försök med fel lösenord. Försök igen om en stund.",
} as const;

/** What the limits read of a better-auth request (its hook context has more). */
export type AuthHookContext = { path: string; body?: unknown; headers?: Headers; request?: Request };

type Hit = { key: string; limit: number };

function signInKeys(ip: string | null, email: string): Hit[] {
  const keys: Hit[] = [{ key: `sign-in:account:${email}`, limit: AUTH_LIMITS.signInPerAccount }];
  if (ip) keys.push({ key: `sign-in:ip:${ip}`, limit: AUTH_LIMITS.signInPerIp });
  return keys;
}

function readEmail(body: unknown) {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
}

async function consume(hits: Hit[], message: string) {
  for (const hit of hits) {
    const result = await checkRateLimit(hit.key, hit.limit, AUTH_LIMITS.windowMs);
    if (!result.ok) {
      throw new APIError("TOO_MANY_REQUESTS", { message, code: "RATE_LIMITED" }, { "Retry-After": String(result.retryAfterSeconds) });
    }
  }
}

/**
 * Runs before better-auth's own handlers (auth.server.ts hooks), for our pages' calls
 * (auth.api.*) and for direct requests to /api/auth/* alike. Sign-in counts every attempt
 * and gives a successful one back (see `after`), so in effect failures are limited per
 * account and per IP. A reset request counts per address whether or not it has an account,
 * so the limit says nothing about who is registered.
 */
export async function limitAuthAttempts(ctx: AuthHookContext) {
  const ip = getClientIp(ctx.headers ?? ctx.request?.headers);
  const email = readEmail(ctx.body);
  if (ctx.path === "/sign-in/email") {
    await consume(signInKeys(ip, email), RATE_LIMIT_MESSAGES.signIn);
  } else if (ctx.path === "/sign-up/email") {
    if (ip) await consume([{ key: `sign-up:ip:${ip}`, limit: AUTH_LIMITS.signUpPerIp }], RATE_LIMIT_MESSAGES.signUp);
  } else if (ctx.path === "/send-verification-email") {
    const hits: Hit[] = [{ key: `resend:account:${email}`, limit: AUTH_LIMITS.resendPerAccount }];
    if (ip) hits.push({ key: `resend:ip:${ip}`, limit: AUTH_LIMITS.resendPerIp });
    await consume(hits, RATE_LIMIT_MESSAGES.resend);
  } else if (ctx.path === "/request-password-reset") {
    const hits: Hit[] = [{ key: `reset-request:account:${email}`, limit: AUTH_LIMITS.resetRequestPerAccount }];
    if (ip) hits.push({ key: `reset-request:ip:${ip}`, limit: AUTH_LIMITS.resetRequestPerIp });
    await consume(hits, RATE_LIMIT_MESSAGES.resetRequest);
  }
}

export const rateLimitAfter = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/sign-in/email" || !ctx.context.newSession) return;
  const ip = getClientIp(ctx.headers ?? ctx.request?.headers);
  for (const hit of signInKeys(ip, readEmail(ctx.body))) await releaseRateLimit(hit.key);
});
