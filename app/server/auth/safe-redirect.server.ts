/**
 * Where to go after signing in: only a path on this site. Anything else ("//evil.se",
 * "/\\evil.se", "https://…", control characters) falls back to `fallback`, so the
 * login page cannot be used to send people to another site.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  const resolved = resolveLocal(value);
  if (!resolved) return fallback;
  const path = resolved.pathname + resolved.search + resolved.hash;
  // "/..//evil.se" resolves to the path "//evil.se", which a browser reads as another host.
  if (path.startsWith("//")) return fallback;
  // Going back to the login page itself after logging in would be a loop.
  if (resolved.pathname === "/auth") return fallback;
  return path;
}

/**
 * True only for a path of this site that stays exactly as written when a URL
 * parser normalises it: "/..//evil.se", "/%2e%2e//evil.se" and "/a/../b" are
 * refused, not repaired, because a library that normalises them later would
 * send the browser somewhere else ("//evil.se" is another host).
 */
export function isExactSitePath(value: unknown): boolean {
  const resolved = resolveLocal(value);
  return resolved !== null && resolved.pathname + resolved.search + resolved.hash === value;
}

/** The value resolved against a dummy origin, when it is a path that stays there; else null. */
function resolveLocal(value: unknown): URL | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const resolved = new URL(value, "http://local.invalid");
    return resolved.origin === "http://local.invalid" ? resolved : null;
  } catch {
    return null;
  }
}
