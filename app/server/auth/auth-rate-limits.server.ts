import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { formatWaitSv } from "~/domain/format";
import { consumeRateLimit, rateLimiter, secondsUntil, withLimiter, type RateLimit } from "~/server/rate-limit.server";
import { getClientIp, rateLimitBucket } from "~/server/security/client-ip.server";

const MINUTE = 60;

/**
 * The limits of the account pages (docs/decisions/0021-rate-limits.md); docs/security.md
 * says the same numbers. A per-IP limit counts in the address's bucket
 * (IPv6: its /64; see rateLimitBucket).
 */
export const AUTH_LIMITS = {
  /**
   * Failed sign-ins from one address, whatever the account: generous, as an office or
   * a mobile operator puts many people behind one address. Only failures count.
   */
  signInFailuresPerIp: { name: "sign-in-failures:ip", points: 50, durationSeconds: 15 * MINUTE },
  /** Failed sign-ins of one account from one address, kept for a day from the first (points: never refused by itself). */
  signInFailuresPerAccountAndIp: { name: "sign-in-failures:account-ip", points: 1_000_000, durationSeconds: 24 * 60 * MINUTE },
  /** The wait an account and address pair is under; set by `block` after a failure. */
  signInWait: { name: "sign-in-wait", points: 1, durationSeconds: 60 * MINUTE },
  signUpPerIp: { name: "sign-up:ip", points: 10, durationSeconds: 15 * MINUTE },
  /**
   * Sign-ups with one address, whether or not it has an account (so the limit says nothing about
   * who is registered): each mails that address, a confirmation link or a notice to its owner.
   */
  signUpPerAccount: { name: "sign-up:account", points: 3, durationSeconds: 15 * MINUTE },
  resendPerAccount: { name: "resend:account", points: 3, durationSeconds: 15 * MINUTE },
  resendPerIp: { name: "resend:ip", points: 10, durationSeconds: 15 * MINUTE },
  /** Counted per address whether or not it has an account, so the limit says nothing about who is registered. */
  resetRequestPerAccount: { name: "reset-request:account", points: 3, durationSeconds: 15 * MINUTE },
  resetRequestPerIp: { name: "reset-request:ip", points: 10, durationSeconds: 15 * MINUTE },
  /** Wrong current passwords on /account (change, delete): a stolen session cannot guess the password. */
  passwordCheckPerAccount: { name: "password-check:account", points: 10, durationSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/** Failed sign-ins of an account from one address before each further failure makes it wait. */
export const FREE_SIGN_IN_FAILURES = 5;
const FIRST_WAIT_SECONDS = MINUTE;
const LONGEST_WAIT_SECONDS = 60 * MINUTE;

/**
 * The wait after the `failures`-th failed sign-in of an account from one address: none
 * for the first few, then 1, 2, 4 … minutes, at most an hour. Progressive rather than a
 * lock: the owner, from their own address, is never locked out by anyone else's guesses.
 */
export function signInWaitSeconds(failures: number): number {
  if (failures < FREE_SIGN_IN_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - FREE_SIGN_IN_FAILURES));
}

/** The Swedish message for a refused attempt, saying when to try again. */
export const RATE_LIMIT_MESSAGES = {
  signIn: (seconds: number) => `För många inloggningsförsök. Försök igen om ${formatWaitSv(seconds)}.`,
  signUp: (seconds: number) => `För många registreringsförsök. Försök igen om ${formatWaitSv(seconds)}.`,
  resend: (seconds: number) => `För många försök att skicka bekräftelsemejlet. Försök igen om ${formatWaitSv(seconds)}.`,
  resetRequest: (seconds: number) => `För många försök att återställa lösenordet. Försök igen om ${formatWaitSv(seconds)}.`,
  passwordCheck: (seconds: number) => `För många försök med fel lösenord. Försök igen om ${formatWaitSv(seconds)}.`,
} as const;

function tooMany(message: (seconds: number) => string, retryAfterSeconds: number) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: message(retryAfterSeconds), code: "RATE_LIMITED" },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

async function consumeAll(hits: [RateLimit, string | null][], message: (seconds: number) => string) {
  for (const [limit, key] of hits) {
    if (key === null) continue;
    const result = await consumeRateLimit(limit, key);
    if (!result.ok) throw tooMany(message, result.retryAfterSeconds);
  }
}

function readEmail(body: unknown) {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
}

/** What the limits read of a better-auth request (its hook context has more). */
export type AuthHookContext = { path: string; headers?: Headers; request?: Request; body?: unknown };

/**
 * Who is signing in, for the limits: the account and the address's bucket as a pair. Without a known address (our server always sets one) the pair's address
 * part is "unknown", so such attempts still wait.
 */
function signInPair(ctx: AuthHookContext, bucket: string | null) {
  return `${readEmail(ctx.body)}|${bucket ?? "unknown"}`;
}

function addressBucket(ctx: AuthHookContext) {
  return rateLimitBucket(getClientIp(ctx.headers ?? ctx.request?.headers));
}

/**
 * Runs before better-auth's own handlers, for the /auth page's calls (auth.api.*) and for
 * direct requests to /api/auth/* alike. A sign-in is refused while its account and address
 * wait after failures, or when its address has used up its failures; the attempt counts
 * for the address until `rateLimitAfter` knows it was not a wrong password.
 */
export async function limitAuthAttempts(ctx: AuthHookContext) {
  const bucket = addressBucket(ctx);
  if (ctx.path === "/sign-in/email") {
    const pair = signInPair(ctx, bucket);
    const wait = await withLimiter("read", () => rateLimiter(AUTH_LIMITS.signInWait).get(pair), null);
    if (wait && wait.consumedPoints > AUTH_LIMITS.signInWait.points && wait.msBeforeNext > 0) {
      throw tooMany(RATE_LIMIT_MESSAGES.signIn, secondsUntil(wait.msBeforeNext));
    }
    // Counted before the password is checked, so a burst of parallel guesses is held to the limit too.
    await consumeAll([[AUTH_LIMITS.signInFailuresPerIp, bucket]], RATE_LIMIT_MESSAGES.signIn);
  } else if (ctx.path === "/sign-up/email") {
    const hits: [RateLimit, string | null][] = [
      [AUTH_LIMITS.signUpPerIp, bucket],
      [AUTH_LIMITS.signUpPerAccount, readEmail(ctx.body)],
    ];
    await consumeAll(hits, RATE_LIMIT_MESSAGES.signUp);
  } else if (ctx.path === "/send-verification-email") {
    const hits: [RateLimit, string | null][] = [
      [AUTH_LIMITS.resendPerAccount, readEmail(ctx.body)],
      [AUTH_LIMITS.resendPerIp, bucket],
    ];
    await consumeAll(hits, RATE_LIMIT_MESSAGES.resend);
  } else if (ctx.path === "/request-password-reset") {
    const hits: [RateLimit, string | null][] = [
      [AUTH_LIMITS.resetRequestPerAccount, readEmail(ctx.body)],
      [AUTH_LIMITS.resetRequestPerIp, bucket],
    ];
    await consumeAll(hits, RATE_LIMIT_MESSAGES.resetRequest);
  }
}

/**
 * After a sign-in: a wrong password (or an unknown address, which better-auth answers the
 * same) counts for the account and address pair and may start a wait; anything else gives
 * the address its attempt back, and a successful sign-in clears the pair.
 */
export const rateLimitAfter = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/sign-in/email") return;
  const bucket = addressBucket(ctx);
  const pair = signInPair(ctx, bucket);
  const returned = ctx.context.returned;
  const wrongPassword = isAPIError(returned) && (returned.body as { code?: string } | undefined)?.code === "INVALID_EMAIL_OR_PASSWORD";
  await withLimiter(
    "update",
    async () => {
      if (wrongPassword) {
        const failures = await rateLimiter(AUTH_LIMITS.signInFailuresPerAccountAndIp).penalty(pair);
        const wait = signInWaitSeconds(failures.consumedPoints);
        if (wait > 0) await rateLimiter(AUTH_LIMITS.signInWait).block(pair, wait);
        return;
      }
      if (bucket) await rateLimiter(AUTH_LIMITS.signInFailuresPerIp).reward(bucket);
      if (ctx.context.newSession) await rateLimiter(AUTH_LIMITS.signInFailuresPerAccountAndIp).delete(pair);
    },
    undefined,
  );
});
