/**
 * The visitor's IP address for per-IP limits, or null when it is not known.
 * `x-client-ip` is meant to be set by our own server from the socket (overwriting
 * anything the client sent); behind a reverse proxy the last X-Forwarded-For entry
 * is the one that proxy appended. Callers skip the per-IP limit on null instead of
 * putting every visitor in one shared bucket (which would let one person lock out all).
 */
export function getClientIp(headers: Headers | null | undefined): string | null {
  if (!headers) return null;
  const direct = headers.get("x-client-ip")?.trim();
  if (direct) return direct;
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) {
    const last = forwarded.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  return null;
}
