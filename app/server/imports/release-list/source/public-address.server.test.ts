import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address.server";

describe("isPublicAddress", () => {
  it.each([["8.8.8.8"], ["1.1.1.1"], ["172.32.0.1"], ["193.0.6.139"], ["2a00:1450:4001::1"], ["::ffff:8.8.8.8"], ["64:ff9b::8.8.8.8"]])(
    "%s is public",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["0.0.0.0", "this host"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "IPv6 loopback"],
    ["::", "unspecified"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with zone"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["0:0:0:0:0:ffff:a9fe:a9fe", "IPv4-mapped metadata, long form"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::a00:1", "NAT64 of a private address"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["2002:808:808::1", "6to4 (any: the relay decides where it goes)"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001::1", "Teredo"],
    ["64:ff9b:1::a00:1", "local-use NAT64"],
    ["64:ff9b:1::8.8.8.8", "local-use NAT64 of a public address"],
    ["2001:2::1", "benchmarking"],
    ["3fff::1", "documentation"],
    ["not an address", "garbage"],
  ])("%s is refused (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
