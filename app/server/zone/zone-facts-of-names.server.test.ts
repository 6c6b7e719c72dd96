import { expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import type { Db } from "~/server/db/client.server";
import { zoneChanges } from "~/server/db/schema/index.server";
import { insertZoneDelegations, insertZoneSnapshot } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import { findZoneFactsOfNames, MAX_NAMES_AT_ONCE } from "./zone-facts-of-names.server";
import { findZoneFacts } from "./zone-facts.server";

const FIRST = new Date("2026-12-03T06:00:00Z");
const SECOND = new Date("2026-12-04T06:00:00Z");

function nameOf(text: string) {
  const parsed = parseDomainName(text);
  if (!parsed.ok) throw new Error(text);
  return parsed;
}

/** .se read twice: hund.se since the first, katt.se appeared in the second, häst.se changed name servers, fisk.se left, älg.se came back and left again. .nu never read. */
async function seedZone(db: Db) {
  const first = await insertZoneSnapshot(db, ".se", FIRST);
  const second = await insertZoneSnapshot(db, ".se", SECOND);
  const changed = { lastChangedAt: SECOND, lastChangedSnapshotId: second };
  await insertZoneDelegations(db, ".se", { id: first, at: FIRST }, [
    { name: "hund.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"], dsRecords: 1 },
    { name: "xn--hst-qla.se", nameServers: ["ns1.example.co.uk"], ...changed },
    { name: "katt.se", nameServers: ["a.ns.cloudflare.com"], delegatedSince: SECOND, sinceSnapshotId: second, ...changed },
  ]);
  await db.insert(zoneChanges).values([
    { snapshotId: second, tld: ".se", name: "katt.se", kind: "appeared", newNameServers: ["a.ns.cloudflare.com"], seenAt: SECOND },
    {
      snapshotId: second,
      tld: ".se",
      name: "xn--hst-qla.se",
      kind: "name_servers_changed",
      newNameServers: ["ns1.example.co.uk"],
      seenAt: SECOND,
    },
    { snapshotId: second, tld: ".se", name: "fisk.se", kind: "disappeared", oldNameServers: ["ns1.loopia.se"], seenAt: SECOND },
    { snapshotId: first, tld: ".se", name: "xn--lg-uia.se", kind: "appeared", newNameServers: ["ns1.loopia.se"], seenAt: FIRST },
    { snapshotId: second, tld: ".se", name: "xn--lg-uia.se", kind: "disappeared", oldNameServers: ["ns1.loopia.se"], seenAt: SECOND },
  ]);
}

describeEachEngine("findZoneFactsOfNames", ({ handle }) => {
  it("gives every name what findZoneFacts gives it alone: delegated, changed, gone, never seen, and a TLD never read", async () => {
    const db = handle().db;
    await seedZone(db);
    const names = ["hund.se", "katt.se", "häst.se", "fisk.se", "älg.se", "aldrigsedd.se", "hund.nu"].map(nameOf);
    const facts = await findZoneFactsOfNames(db, names);
    expect(facts.size).toBe(names.length);
    for (const name of names) expect(facts.get(name.ace)).toEqual(await findZoneFacts(db, name));
    // The cases differ, so the comparison above cannot pass by all being alike.
    expect(facts.get("hund.se")).toMatchObject({ delegated: true, operator: { name: "Loopia" } });
    expect(facts.get("xn--lg-uia.se")).toMatchObject({ delegated: false, lastChange: { kind: "disappeared", at: SECOND.toISOString() } });
    expect(facts.get("aldrigsedd.se")).toMatchObject({ delegated: false, lastChange: null });
    expect(facts.get("hund.nu")).toBeNull();
  });

  it("answers nothing for no names, and refuses more than it is meant for", async () => {
    const db = handle().db;
    expect((await findZoneFactsOfNames(db, [])).size).toBe(0);
    const tooMany = Array.from({ length: MAX_NAMES_AT_ONCE + 1 }, (_, index) => ({ ace: `n${index}.se`, tld: ".se" as const }));
    await expect(findZoneFactsOfNames(db, tooMany)).rejects.toThrow(/at most/);
  });
});
