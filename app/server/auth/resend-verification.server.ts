import { getAuth } from "./auth.server";
import { callAuth, withoutSessionCookie, type AuthFailure } from "./auth-failure.server";

/**
 * Sends a new confirmation link if the address belongs to an unconfirmed account.
 * Answers the same (after the same time) for any address: no account enumeration.
 */
export async function resendVerification(
  request: Request,
  input: { email: string; callbackPath: string },
): Promise<{ ok: true } | AuthFailure> {
  const auth = await getAuth();
  // With a session cookie better-auth would compare addresses instead; this form is for the signed-out.
  const headers = withoutSessionCookie(request);
  const response = await callAuth("resend", () =>
    auth.api.sendVerificationEmail({
      body: { email: input.email, callbackURL: input.callbackPath },
      headers,
      asResponse: true,
    }),
  );
  if (!(response instanceof Response)) return response;
  return { ok: true };
}
