import { bodyTooLarge, RequestBodyTooLargeError } from "~/server/http/request-body.server";
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
  const body = await readBody(request);
  if (!body.ok) return body.refusal;
  const values = [...redirectValues([...new URL(request.url).searchParams]), ...(await bodyRedirectValues(request, body.text))];
  if (values.some((value) => !isExactSitePath(value))) {
    return Response.json({ error: "Adressen att gå vidare till måste vara en sida på den här webbplatsen." }, { status: 400 });
  }
  return null;
}

/** A copy of the body (the server has limited its size): one that cannot be read is refused here, not inside better-auth. */
async function readBody(request: Request): Promise<{ ok: true; text: string } | { ok: false; refusal: Response }> {
  if (!request.body) return { ok: true, text: "" };
  try {
    return { ok: true, text: await request.clone().text() };
  } catch (error) {
    if (error instanceof RequestBodyTooLargeError) return { ok: false, refusal: bodyTooLarge(request) };
    return { ok: false, refusal: Response.json({ error: "Förfrågan kunde inte läsas." }, { status: 400 }) };
  }
}

function redirectValues(entries: Iterable<[string, unknown]>): unknown[] {
  return [...entries].filter(([name]) => REDIRECT_PARAMETER.test(name)).map(([, value]) => value);
}

/** The redirect values of a JSON or form body. */
async function bodyRedirectValues(request: Request, text: string): Promise<unknown[]> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (/json/i.test(type)) return jsonRedirectValues(JSON.parse(text));
    if (/form/i.test(type)) return redirectValues(await new Response(text, { headers: { "content-type": type } }).formData());
  } catch {
    // Not JSON or a form after all: better-auth refuses it itself (400).
  }
  return [];
}

function jsonRedirectValues(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(jsonRedirectValues);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([name, inner]) => (REDIRECT_PARAMETER.test(name) ? [inner] : jsonRedirectValues(inner)));
}
