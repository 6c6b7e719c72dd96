import type { Db } from "~/server/db/client.server";
import { consumeRateLimit, rateLimiter, withLimiter } from "~/server/rate-limit.server";
import { getAuth } from "./auth.server";
import { callAuth, setCookieHeaders, type AuthFailure } from "./auth-failure.server";
import { AUTH_LIMITS, RATE_LIMIT_MESSAGES } from "./auth-rate-limits.server";
import { afterPasswordChange } from "./password-change-effects.server";
import type { SessionUser } from "./session.server";

/**
 * Runs a check of the signed-in user's current password, counting wrong ones per account
 * (a stolen session cannot be used to guess the password); a right one is given back.
 */
async function withPasswordCheckLimit(user: SessionUser, check: () => Promise<Response | AuthFailure>): Promise<Response | AuthFailure> {
  const limit = await consumeRateLimit(AUTH_LIMITS.passwordCheckPerAccount, user.id);
  if (!limit.ok) return { ok: false, status: 429, code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGES.passwordCheck(limit.retryAfterSeconds) };
  const result = await check();
  if (result instanceof Response) {
    await withLimiter("update", () => rateLimiter(AUTH_LIMITS.passwordCheckPerAccount).reward(user.id), undefined);
  }
  return result;
}

/**
 * Changes the password on /account. better-auth checks the current one, ends every
 * session of the account and starts a new one for this browser (its cookie is in
 * `headers`); then reset links still out stop working and a notice is mailed.
 */
export async function changeOwnPassword(
  db: Db,
  request: Request,
  user: SessionUser,
  input: { currentPassword: string; password: string },
): Promise<{ ok: true; headers: Headers } | AuthFailure> {
  const auth = await getAuth();
  const response = await withPasswordCheckLimit(user, () =>
    callAuth("change-password", () =>
      auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
        headers: request.headers,
        asResponse: true,
      }),
    ),
  );
  if (!(response instanceof Response)) return response;
  await afterPasswordChange(db, user, { via: "change" });
  return { ok: true, headers: setCookieHeaders(response) };
}

/** Whether `password` is the signed-in user's password (before deleting the account). */
export async function confirmOwnPassword(request: Request, user: SessionUser, password: string): Promise<{ ok: true } | AuthFailure> {
  const auth = await getAuth();
  const response = await withPasswordCheckLimit(user, () =>
    callAuth("delete-account", () => auth.api.verifyPassword({ body: { password }, headers: request.headers, asResponse: true })),
  );
  return response instanceof Response ? { ok: true } : response;
}
