import { data } from "react-router";
import { getEnv } from "~/server/env.server";

/** Methods that change nothing, so no origin is asked of them. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF guard for every mutating loader/action: the request must come from a page of
 * this site. Accepted origins are SITE_URL's and the request's own (scheme + Host),
 * so it also works behind a proxy that keeps Host and on a dev port.
 * Browsers send Origin on POST (Referer as a fallback); a request carrying neither
 * is refused too, because a browser form on another site always sends one of them.
 * Usage at the top of an action: `assertSameOrigin(request);` — throws a 403.
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  if (isSameOrigin(request)) return;
  throw data({ ok: false, error: "Förfrågan kom inte från den här webbplatsen." }, { status: 403 });
}

export function isSameOrigin(request: Request): boolean {
  const source = requestSourceOrigin(request);
  if (!source) return false;
  return allowedOrigins(request).has(source);
}

function requestSourceOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return normalise(origin);
  if (origin === "null") return null;
  const referer = request.headers.get("referer");
  return referer ? normalise(referer) : null;
}

function allowedOrigins(request: Request) {
  const allowed = new Set<string>();
  const site = normalise(getEnv().SITE_URL);
  if (site) allowed.add(site);
  const own = normalise(request.url);
  if (own) allowed.add(own);
  const host = request.headers.get("host");
  if (host && own) {
    const fromHost = normalise(`${new URL(request.url).protocol}//${host}`);
    if (fromHost) allowed.add(fromHost);
  }
  return allowed;
}

function normalise(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin;
  } catch {
    return null;
  }
}
