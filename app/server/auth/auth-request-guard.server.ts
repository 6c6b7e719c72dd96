import { isPublicAuthEndpoint } from "./public-auth-paths.server";
import { isExactSitePath } from "./safe-redirect.server";

/** Parameters that say where better-auth sends the browser next: callbackURL, errorCallbackURL, redirectTo ... */
const REDIRECT_PARAMETER = /callback|redirect|url$/i;

/**
 * Checks a request to /api/auth/* before better-auth sees it: an endpoint the
 * site does not offer over HTTP answers 404 (public-auth-paths.server.ts), and
 * a callback or redirect value that is not exactly a path of this site
 * answers 400, wherever it is (query or body). better-auth's own check passes
 * "/..//evil.se" as a path and then normalises it into "//evil.se", another host.
 * Returns the refusal, or null to hand the request on.
 */
export async function refuseAuthRequest(request: Request): Promise<Response | null> {
  if (!isPublicAuthEndpoint(request)) return Response.json({ error: "Sidan finns inte." }, { status: 404 });
  const values = [...redirectValues([...new URL(request.url).searchParams]), ...(await bodyRedirectValues(request))];
  if (values.some((value) => !isExactSitePath(value))) {
    return Response.json({ error: "Adressen att gå vidare till måste vara en sida på den här webbplatsen." }, { status: 400 });
  }
  return null;
}

function redirectValues(entries: Iterable<[string, unknown]>): unknown[] {
  return [...entries].filter(([name]) => REDIRECT_PARAMETER.test(name)).map(([, value]) => value);
}

/** The redirect values of a JSON or form body (read from a copy; the server has already limited its size). */
async function bodyRedirectValues(request: Request): Promise<unknown[]> {
  if (!request.body) return [];
  const type = request.headers.get("content-type") ?? "";
  try {
    if (/json/i.test(type)) return jsonRedirectValues(JSON.parse(await request.clone().text()));
    if (/form/i.test(type)) return redirectValues(await request.clone().formData());
  } catch {
    // An unreadable body: better-auth refuses it itself (400).
  }
  return [];
}

function jsonRedirectValues(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(jsonRedirectValues);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([name, inner]) => (REDIRECT_PARAMETER.test(name) ? [inner] : jsonRedirectValues(inner)));
}
