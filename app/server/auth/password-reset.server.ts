import { getAuth } from "./auth.server";
import { callAuth, withoutSessionCookie, type AuthFailure } from "./auth-failure.server";

/**
 * "Glömt lösenordet?": mails a reset link when the address has an account. The answer is
 * the same for every address (better-auth answers alike and mimics the lookup's work), and
 * the limits count per address and per IP (auth-rate-limits.server.ts).
 */
export async function requestPasswordReset(request: Request, input: { email: string }): Promise<{ ok: true } | AuthFailure> {
  const auth = await getAuth();
  const response = await callAuth("reset-request", () =>
    auth.api.requestPasswordReset({ body: { email: input.email }, headers: withoutSessionCookie(request), asResponse: true }),
  );
  return response instanceof Response ? { ok: true } : response;
}

/** Reset tokens are better-auth's random ids; anything else is not looked up. */
export function isWellFormedResetToken(token: string) {
  return /^[A-Za-z0-9_-]{16,128}$/.test(token);
}

/** Whether a mailed link still works: not used, not replaced by a later password, not older than an hour. */
export async function isResetLinkUsable(token: string): Promise<boolean> {
  if (!isWellFormedResetToken(token)) return false;
  const context = await (await getAuth()).$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && new Date(found.expiresAt).getTime() > Date.now());
}

/**
 * Sets the new password with the mailed link. better-auth spends the link and ends every
 * session of the account in one transaction; then the other links go and a notice is
 * mailed (password-change-effects.server.ts).
 */
export async function resetPassword(request: Request, input: { token: string; password: string }): Promise<{ ok: true } | AuthFailure> {
  const auth = await getAuth();
  const response = await callAuth("reset", () =>
    auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: withoutSessionCookie(request), asResponse: true }),
  );
  return response instanceof Response ? { ok: true } : response;
}
