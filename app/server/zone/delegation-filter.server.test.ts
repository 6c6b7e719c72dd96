import { describe, expect, it } from "vitest";

import { toDelegationRecord } from "./delegation-filter.server";

describe("toDelegationRecord", () => {
  it.each([
    [
      "an NS record of a name under the TLD",
      "Example.SE.",
      "NS",
      "NS1.Example.NET.",
      { name: "example.se", type: "NS", host: "ns1.example.net" },
    ],
    ["a DS record", "example.se", "DS", undefined, { name: "example.se", type: "DS" }],
    [
      "an IDN name in its xn-- form",
      "xn--rksmrgs-5wao1o.se.",
      "NS",
      "ns.x.se.",
      { name: "xn--rksmrgs-5wao1o.se", type: "NS", host: "ns.x.se" },
    ],
    ["the apex's own NS", "se.", "NS", "a.ns.se.", null],
    ["a deeper name", "www.example.se.", "NS", "ns.x.net.", null],
    ["another TLD", "example.nu.", "NS", "ns.x.net.", null],
    ["a name that only ends in the TLD's letters", "examplese.", "NS", "ns.x.net.", null],
    ["glue", "ns1.example.se.", "A", undefined, null],
    ["a signature", "example.se.", "RRSIG", undefined, null],
    ["an NSEC record", "example.se.", "NSEC", undefined, null],
    ["a TXT record", "example.se.", "TXT", undefined, null],
    ["a label that is no host name", "_dmarc.se.", "NS", "ns.x.net.", null],
    ["an escaped dot in a label", "a\\.b.se.", "NS", "ns.x.net.", null],
    ["an NS record without a target", "example.se.", "NS", "", null],
  ])("%s", (_case, owner, type, host, expected) => {
    expect(toDelegationRecord("se", owner, type, host)).toEqual(expected);
  });
});
