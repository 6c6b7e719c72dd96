import { expect, it } from "vitest";
import { zoneChanges } from "~/server/db/schema/index.server";
import { describeEachEngine } from "~tests/setup/test-db";
import { FIRST, nameOf, SECOND, seedTwoSeSnapshots as seedZone } from "./zone-facts.test-support";
import { findZoneFacts } from "./zone-facts.server";

describeEachEngine("findZoneFacts", ({ handle }) => {
  it("a name of the first snapshot: delegated since at least then, its name servers, DS and operator, no change known", async () => {
    const db = handle().db;
    await seedZone(db);
    expect(await findZoneFacts(db, nameOf("hund.se"))).toEqual({
      snapshotAt: SECOND.toISOString(),
      delegated: true,
      since: FIRST.toISOString(),
      sinceIsFirstSnapshot: true,
      nameServers: ["ns1.loopia.se", "ns2.loopia.se"],
      hasDs: true,
      operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
      lastChange: null,
    });
  });

  it("a name that appeared later, and one whose name servers changed: the change and its time", async () => {
    const db = handle().db;
    await seedZone(db);
    expect(await findZoneFacts(db, nameOf("katt.se"))).toMatchObject({
      delegated: true,
      since: SECOND.toISOString(),
      sinceIsFirstSnapshot: false,
      hasDs: false,
      operator: { name: "Cloudflare", fromTable: true },
      lastChange: { kind: "appeared", at: SECOND.toISOString() },
    });
    expect(await findZoneFacts(db, nameOf("häst.se"))).toMatchObject({
      delegated: true,
      sinceIsFirstSnapshot: true,
      operator: { name: "example.co.uk", kind: "other", fromTable: false },
      lastChange: { kind: "name_servers_changed", at: SECOND.toISOString() },
    });
  });

  it("a name not delegated: when it disappeared, or nothing known; a TLD without a snapshot says nothing", async () => {
    const db = handle().db;
    await seedZone(db);
    const fisk = await findZoneFacts(db, nameOf("fisk.se"));
    expect(fisk).toMatchObject({ snapshotAt: SECOND.toISOString(), delegated: false, since: null, nameServers: [], operator: null });
    expect(fisk?.lastChange).toEqual({ kind: "disappeared", at: SECOND.toISOString() });
    expect(await findZoneFacts(db, nameOf("ledig.se"))).toMatchObject({ delegated: false, lastChange: null });
    expect(await findZoneFacts(db, nameOf("hund.nu"))).toBeNull();
  });

  it("a delegated name whose change rows are pruned still tells its last change from its delegation", async () => {
    const db = handle().db;
    await seedZone(db);
    await db.delete(zoneChanges);
    expect(await findZoneFacts(db, nameOf("katt.se"))).toMatchObject({ lastChange: { kind: "appeared", at: SECOND.toISOString() } });
    expect(await findZoneFacts(db, nameOf("häst.se"))).toMatchObject({ lastChange: { kind: "name_servers_changed" } });
  });
});
