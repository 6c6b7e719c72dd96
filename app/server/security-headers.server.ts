import { getEnv } from "./env.server";

/** Headers every response gets (pages, data, files, API); a page sets its own Content-Security-Policy over the one here. */
export function baseSecurityHeaders(): Record<string, string> {
  const env = getEnv();
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (env.NODE_ENV === "production" && env.SITE_URL.startsWith("https://")) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  // Pages replace it with their own (contentSecurityPolicy, with the nonce); production only, as that is.
  if (env.NODE_ENV === "production") headers["Content-Security-Policy"] = DOCUMENTLESS_POLICY;
  return headers;
}

/**
 * The policy of every answer that is not a page: files, data, API answers,
 * feeds and the server's own notices (database down, a refused request). Such
 * an answer opened as a document may run nothing, load nothing and be framed
 * by nobody; the notices' inline styles are all it may use.
 */
const DOCUMENTLESS_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The page policy: scripts only from us or inline with this response's nonce;
 * nobody may frame the site. Inline styles stay allowed (toasts position
 * themselves with style attributes). The dev server's HMR needs more, so the
 * policy applies to production builds only.
 */
export function contentSecurityPolicy(nonce: string): string | null {
  if (getEnv().NODE_ENV !== "production") return null;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
