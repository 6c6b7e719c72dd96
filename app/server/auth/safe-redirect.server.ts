/**
 * Where to go after signing in: only a path on this site. Anything else ("//evil.se",
 * "/\\evil.se", "https://…", control characters) falls back to `fallback`, so the
 * login page cannot be used to send people to another site.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    // Resolve against a dummy origin: if the result leaves it, the path was not local.
    const resolved = new URL(value, "http://local.invalid");
    if (resolved.origin !== "http://local.invalid") return fallback;
    const path = resolved.pathname + resolved.search + resolved.hash;
    // "/..//evil.se" resolves to the path "//evil.se", which a browser reads as another host.
    if (path.startsWith("//")) return fallback;
    // Going back to the login page itself after logging in would be a loop.
    if (resolved.pathname === "/auth") return fallback;
    return path;
  } catch {
    return fallback;
  }
}
