import { getEnv } from "./env.server";

/** Headers every response gets (pages, data, files, API). */
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
  return headers;
}

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
