import { isIPv4, isIPv6 } from "node:net";

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

/**
 * The address the per-IP limits count, which server/app.ts writes into `x-client-ip`: the
 * socket's, or with TRUST_PROXY the last X-Forwarded-For entry (the one our proxy appended)
 * when that is an address. Anything else there (a name, "unknown", an entry a misconfigured
 * proxy passed on) falls back to the socket's address: a value that is not an address has no
 * bucket, and would switch every per-IP limit off for whoever sent it.
 */
export function clientAddressOf(connection: { socketAddress: string | undefined; forwardedFor: string | undefined; trustProxy: boolean }): string {
  if (connection.trustProxy) {
    const last = connection.forwardedFor?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
    if (last && rateLimitBucket(last) !== null) return last;
  }
  return connection.socketAddress ?? "unknown";
}

/**
 * The bucket a per-IP limit counts `ip` in, or null when it is not an IP address.
 * An IPv4 address is its own bucket; so is an IPv4-mapped IPv6 address (::ffff:a.b.c.d,
 * as a dual-stack socket reports IPv4 clients), which must not count apart from the
 * same address written as IPv4. An IPv6 client is bucketed by its /64: one subscriber
 * usually holds a whole /64 and can pick any address in it.
 */
export function rateLimitBucket(ip: string | null): string | null {
  if (!ip) return null;
  const address = ip.trim().replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(address)) return address;
  const hextets = ipv6Hextets(address);
  if (!hextets) return null;
  if (hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff) {
    return [hextets[6] >> 8, hextets[6] & 0xff, hextets[7] >> 8, hextets[7] & 0xff].join(".");
  }
  return `${hextets
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit parts of an IPv6 address (a zone "%eth0" is dropped), or null when it is not one. */
function ipv6Hextets(text: string): number[] | null {
  const address = text.replace(/%.*$/, "");
  if (!isIPv6(address)) return null;
  let body = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    body = address.slice(0, -dotted[1].length);
    // The colon before the IPv4 part separates it; a "::" there stands for zeros.
    if (!body.endsWith("::")) body = body.slice(0, -1);
  }
  const [head, rest] = body.includes("::") ? body.split("::") : [body, undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((hex) => Number.parseInt(hex, 16)) : []);
  const front = parse(head);
  const back = [...parse(rest), ...tail];
  if (rest === undefined) return [...front, ...tail];
  return [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}
