import { getAuth } from "./auth.server";
import { authFailureFrom, setCookieHeaders, type AuthFailure } from "./auth-failure.server";

/**
 * Signs in with e-mail and password through better-auth (rate limits, the e-mail
 * confirmation rule and ADMIN_EMAILS apply there). On success the headers carry the
 * session cookie for the redirect.
 */
export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string },
): Promise<{ ok: true; headers: Headers } | AuthFailure> {
  const auth = await getAuth();
  const response = await auth.api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) return authFailureFrom(response, "sign-in");
  return { ok: true, headers: setCookieHeaders(response) };
}
