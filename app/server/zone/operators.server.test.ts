import { describe, expect, it } from "vitest";
import { zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";
import { describeEachEngine } from "~tests/setup/test-db";
import {
  findDelegationOperator,
  listNameServerOperators,
  loadNameServerOperatorMatcher,
  nameServerOperatorMatcher,
} from "./operators.server";

const operatorOf = nameServerOperatorMatcher([
  { pattern: "loopia.se", operator: "Loopia", kind: "registrar_host" },
  { pattern: "cloudflare.com", operator: "Cloudflare (other)", kind: "other" },
  { pattern: "ns.cloudflare.com", operator: "Cloudflare", kind: "registrar_host" },
  { pattern: "sedoparking.com", operator: "Sedo", kind: "parking" },
  { pattern: "websupport.se", operator: "Websupport", kind: "registrar_host" },
  { pattern: "websupport.sk", operator: "Websupport", kind: "registrar_host" },
]);

describe("nameServerOperatorMatcher", () => {
  it("matches a host equal to a pattern or under it, never one that merely ends with its letters", () => {
    expect(operatorOf(["ns1.loopia.se", "ns2.loopia.se"])).toEqual({
      operator: "Loopia",
      kind: "registrar_host",
      known: true,
      pattern: "loopia.se",
    });
    expect(operatorOf(["loopia.se."])).toMatchObject({ operator: "Loopia" });
    expect(operatorOf(["NS1.LOOPIA.SE."])).toMatchObject({ operator: "Loopia" });
    expect(operatorOf(["ns1.myloopia.se"])).toEqual({ operator: "myloopia.se", kind: "other", known: false, pattern: null });
  });

  it("takes the most specific pattern a host matches", () => {
    expect(operatorOf(["abby.ns.cloudflare.com", "bob.ns.cloudflare.com"])).toMatchObject({
      operator: "Cloudflare",
      pattern: "ns.cloudflare.com",
    });
    expect(operatorOf(["dns.cloudflare.com"])).toMatchObject({ operator: "Cloudflare (other)", pattern: "cloudflare.com" });
  });

  it("where the name servers disagree, the operator most of them match, else the first matched", () => {
    expect(operatorOf(["ns1.loopia.se", "ns1.sedoparking.com", "ns2.sedoparking.com"])).toMatchObject({
      operator: "Sedo",
      kind: "parking",
    });
    expect(operatorOf(["ns1.loopia.se", "ns1.sedoparking.com"])).toMatchObject({ operator: "Loopia" });
    expect(operatorOf(["ns.unknown.example", "ns1.sedoparking.com"])).toMatchObject({ operator: "Sedo", known: true });
    // One operator's several patterns count together.
    expect(operatorOf(["ns1.loopia.se", "ns1.websupport.se", "ns2.websupport.sk"])).toMatchObject({ operator: "Websupport" });
  });

  it("falls back to the registrable domain of the first name server (the public suffix list), kind other", () => {
    expect(operatorOf(["ns1.example.co.uk", "ns.other.se"])).toEqual({
      operator: "example.co.uk",
      kind: "other",
      known: false,
      pattern: null,
    });
    expect(operatorOf(["a.b.c.example.nu"])).toMatchObject({ operator: "example.nu" });
    expect(operatorOf(["localhost"])).toMatchObject({ operator: "localhost", known: false });
    expect(operatorOf([])).toBeNull();
  });
});

describeEachEngine("name-server operators in the database", ({ handle }) => {
  it("the migration seeds the starting list: Loopia, one.com, Cloudflare, Domeneshop, Sedo, Afternic…", async () => {
    const rows = await listNameServerOperators(handle().db);
    const byPattern = Object.fromEntries(rows.map((row) => [row.pattern, [row.operator, row.kind]]));
    expect(byPattern).toMatchObject({
      "loopia.se": ["Loopia", "registrar_host"],
      "one.com": ["one.com", "registrar_host"],
      "binero.se": ["Binero", "registrar_host"],
      "ns.cloudflare.com": ["Cloudflare", "registrar_host"],
      "hyp.net": ["Domeneshop", "registrar_host"],
      "sedoparking.com": ["Sedo", "parking"],
      "afternic.com": ["Afternic", "aftermarket"],
    });
    const matcher = await loadNameServerOperatorMatcher(handle().db);
    expect(matcher(["ns01.one.com", "ns02.one.com"])).toMatchObject({ operator: "one.com", known: true });
    expect(matcher(["ns1.hyp.net", "ns2.hyp.net", "ns3.hyp.net"])).toMatchObject({ operator: "Domeneshop" });
  });

  it("tells who a delegated name's name servers belong to, and null for a name the zone does not delegate", async () => {
    const db = handle().db;
    const now = new Date("2026-12-01T00:00:00Z");
    const [snapshot] = await db
      .insert(zoneSnapshots)
      .values({ tld: ".se", serial: 1, source: "demo", trigger: "test", state: "succeeded", appliedAt: now })
      .returning();
    const delegation = {
      tld: ".se" as const,
      delegatedSince: now,
      sinceSnapshotId: snapshot.id,
      lastChangedAt: now,
      lastChangedSnapshotId: snapshot.id,
    };
    await db.insert(zoneDelegations).values([
      { name: "hund.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"], ...delegation },
      { name: "katt.se", nameServers: ["ns1.example.se", "ns2.example.se"], ...delegation },
    ]);
    expect(await findDelegationOperator(db, "hund.se")).toMatchObject({ operator: "Loopia", kind: "registrar_host", known: true });
    expect(await findDelegationOperator(db, "KATT.se")).toMatchObject({ operator: "example.se", kind: "other", known: false });
    expect(await findDelegationOperator(db, "fisk.se")).toBeNull();
  });
});
