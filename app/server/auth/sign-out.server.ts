import { getAuth } from "./auth.server";
import { setCookieHeaders } from "./auth-failure.server";

/** Deletes the session from the database and returns the headers that clear its cookie. */
export async function signOut(request: Request): Promise<Headers> {
  const auth = await getAuth();
  const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
  return setCookieHeaders(response);
}
