/**
 * The better-auth endpoints that answer over HTTP, under /api/auth, each with
 * its one method. Everything else better-auth and its plugins offer (sign-up,
 * sessions, the admin plugin's impersonation and roles ...) answers 404
 * before better-auth sees the request: the site's own pages call better-auth
 * on the server (`auth.api.*` in this folder), which needs no route.
 *
 * Add an endpoint here only when a browser or a mail link must reach it.
 */
export const PUBLIC_AUTH_ENDPOINTS = {
  // The link in the confirmation mail.
  "/verify-email": "GET",
  // Signing in without the /auth page (same limits): the end-to-end and reliability tests sign in this way.
  "/sign-in/email": "POST",
} as const satisfies Record<string, "GET" | "POST">;

export const AUTH_BASE_PATH = "/api/auth";

/** True when the request is for one of the endpoints above, with its method. */
export function isPublicAuthEndpoint(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  const path = pathname.slice(AUTH_BASE_PATH.length);
  return Object.hasOwn(PUBLIC_AUTH_ENDPOINTS, path) && PUBLIC_AUTH_ENDPOINTS[path as keyof typeof PUBLIC_AUTH_ENDPOINTS] === request.method.toUpperCase();
}
