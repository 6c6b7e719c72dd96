import { BlockList, isIP } from "node:net";

// Addresses an import URL must never reach: this machine, private networks,
// link-local (including the cloud metadata service at 169.254.169.254),
// carrier-grade NAT, documentation and benchmark ranges, multicast and reserved,
// and IPv6 tunnels and translators that lead to an IPv4 address of their choice.
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48], // local-use NAT64: translated by a gateway of the network we are in
  ["100::", 64],
  ["2001::", 32], // Teredo: tunnelled to whatever IPv4 address it carries
  ["2001:2::", 48], // benchmarking
  ["2001:10::", 28], // ORCHID (deprecated) and ORCHIDv2, not routed
  ["2001:20::", 28],
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4: a relay decides where it goes
  ["3fff::", 20], // documentation
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

// (Not in the BlockList: it checks IPv4 addresses against ::ffff:0:0/96 rules too.)
// IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) and NAT64 (64:ff9b::).
const EMBEDDED_IPV4 = /^(?:::ffff:(?:0:)?|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i;
const EMBEDDED_IPV4_HEX = /^(?:::ffff:(?:0:)?|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** True only for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  // The URL parser writes an IPv6 address in its one canonical short form, so the patterns below see every spelling.
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  } catch {
    // A zone index (fe80::1%eth0) is link-local anyway.
    return false;
  }
  const embedded = embeddedIpv4(canonical);
  if (embedded) return isPublicAddress(embedded);
  return !blocked.check(canonical, "ipv6");
}

function embeddedIpv4(address: string): string | undefined {
  const dotted = EMBEDDED_IPV4.exec(address);
  if (dotted) return dotted[1];
  const hex = EMBEDDED_IPV4_HEX.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}
