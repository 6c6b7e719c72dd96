import { describe, expect, it } from "vitest";
import { getClientIp, rateLimitBucket } from "./client-ip.server";

describe("rateLimitBucket", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    [" 203.0.113.5 ", "203.0.113.5"],
    // IPv4-mapped, as a dual-stack socket reports an IPv4 client, in either notation.
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["::FFFF:cb00:7105", "203.0.113.5"],
    ["[::ffff:203.0.113.5]", "203.0.113.5"],
    // IPv6 by /64, however it is written.
    ["2001:db8:1:2::5", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0:0:0:1", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::5", "2001:db8:1:3::/64"],
    ["2001:db8::ffff:203.0.113.5", "2001:db8:0:0::/64"],
    ["1:2:3:4:5:6:1.2.3.4", "1:2:3:4::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    // Not an address: no bucket (the caller skips a per-IP limit rather than share one bucket).
    ["unknown", null],
    ["", null],
    [null, null],
    ["203.0.113", null],
    ["2001:db8::1::2", null],
  ])("%j -> %j", (ip, bucket) => {
    expect(rateLimitBucket(ip)).toBe(bucket);
  });
});

describe("getClientIp", () => {
  it("prefers the address our server set, then the last X-Forwarded-For entry", () => {
    expect(getClientIp(new Headers({ "x-client-ip": "203.0.113.5", "x-forwarded-for": "198.51.100.1" }))).toBe("203.0.113.5");
    expect(getClientIp(new Headers({ "x-forwarded-for": "198.51.100.1, 198.51.100.2" }))).toBe("198.51.100.2");
    expect(getClientIp(new Headers())).toBeNull();
  });
});
