import { getAuth } from "./auth.server";
import { callAuth, setCookieHeaders, type AuthFailure } from "./auth-failure.server";

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
  const response = await callAuth("sign-in", () =>
    auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!(response instanceof Response)) return response;
  return { ok: true, headers: setCookieHeaders(response) };
}
