import { expect, it } from "vitest";
import type { Db } from "~/server/db/client.server";
import { zoneChanges } from "~/server/db/schema/index.server";
import { describeEachEngine } from "~tests/setup/test-db";
import { findZoneFactsOfNames, MAX_NAMES_AT_ONCE } from "./zone-facts-of-names.server";
import { FIRST, nameOf, SECOND, seedTwoSeSnapshots } from "./zone-facts.test-support";
import { findZoneFacts } from "./zone-facts.server";

/** seedZoneHistory's .se, and älg.se that came in with the first read and left in the second. .nu never read. */
async function seedZone(db: Db) {
  const { first, second } = await seedTwoSeSnapshots(db);
  await db.insert(zoneChanges).values([
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
