import { getAuth } from "./auth.server";
import { callAuth, type AuthFailure } from "./auth-failure.server";

/**
 * Creates an account and has better-auth send the confirmation mail (to the outbox).
 * The answer is the same whether or not the address already has an account, so the
 * form cannot be used to find out who is registered. No session is created: the
 * address must be confirmed first. `callbackPath` is where the confirmation link lands.
 */
export async function signUpWithPassword(
  request: Request,
  input: { email: string; password: string; callbackPath: string },
): Promise<{ ok: true } | AuthFailure> {
  const auth = await getAuth();
  const response = await callAuth("sign-up", () =>
    auth.api.signUpEmail({
      // better-auth requires a name; we show the e-mail instead of asking for one.
      body: { email: input.email, password: input.password, name: input.email.split("@")[0] ?? "", callbackURL: input.callbackPath },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!(response instanceof Response)) return response;
  return { ok: true };
}
