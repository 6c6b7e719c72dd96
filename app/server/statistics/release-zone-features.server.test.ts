import { expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import { zoneChanges } from "~/server/db/schema/index.server";
import { withTransaction } from "~/server/db/with-transaction.server";
import { describeEachEngine } from "~tests/setup/test-db";
import { CATCH_RISK_NOW as NOW, insertReleaseOutcome } from "~tests/factories/catch-risk-history";
import { createDomains } from "~tests/factories/domains";
import { insertZoneDelegations, insertZoneSnapshot } from "~tests/factories/zone";
import { recordReleaseZoneFeatures } from "./release-zone-features.server";

// A hand-made zone around names released on 5 April 2030 (04:00 UTC), read from 1 January 2029.
// Several facts changed after that release; the features recorded must be those of the release
// morning, not of NOW (10 April), or judging the forecast on past days would read the future.
const RELEASE = "2030-04-05";
const ZONE_FROM = new Date("2029-01-01T06:00:00Z");
const DROPPED = new Date("2030-02-20T06:00:00Z");
const LOOPIA = ["ns1.loopia.se", "ns2.loopia.se"];

const ace = (name: string) => {
  const parsed = parseDomainName(name);
  if (!parsed.ok) throw new Error(name);
  return parsed.ace;
};

describeEachEngine("the zone features of a release, as of its release", ({ handle }) => {
  it("records the sibling, a twin and how the name was delegated before it dropped, as the zone was on the release morning", async () => {
    const db = handle().db;
    const se0 = await insertZoneSnapshot(db, ".se", ZONE_FROM);
    const nu0 = await insertZoneSnapshot(db, ".nu", ZONE_FROM);
    const snapshot = async (tld: ".se" | ".nu", at: string) => ({ id: await insertZoneSnapshot(db, tld, new Date(at)), at: new Date(at) });
    const seAppeared = await snapshot(".se", "2029-09-01T06:00:00Z");
    const seDropped = await snapshot(".se", DROPPED.toISOString());
    const nuAfter = await snapshot(".nu", "2030-04-07T06:00:00Z");
    const nuGone = await snapshot(".nu", "2030-04-08T06:00:00Z");

    // Delegated now: a twin of raksmorgas.se since the first read; nykomling.nu only since two days after the release.
    await insertZoneDelegations(db, ".se", { id: se0, at: ZONE_FROM }, [{ name: ace("räksmörgås.se"), nameServers: LOOPIA }]);
    await insertZoneDelegations(db, ".nu", nuAfter, [{ name: "nykomling.nu", nameServers: LOOPIA }]);
    const drop = (name: string, nameServers: string[]) => ({
      snapshotId: seDropped.id,
      tld: ".se" as const,
      name,
      kind: "disappeared" as const,
      oldNameServers: nameServers,
      seenAt: DROPPED,
    });
    await db.insert(zoneChanges).values([
      drop("parkad.se", ["ns1.sedoparking.com", "ns2.sedoparking.com"]),
      drop("langt.se", LOOPIA),
      { snapshotId: seAppeared.id, tld: ".se", name: "kort.se", kind: "appeared", newNameServers: LOOPIA, seenAt: seAppeared.at },
      drop("kort.se", LOOPIA),
      drop("syskon.se", LOOPIA),
      // Gone three days after the release: delegated on its morning.
      { snapshotId: nuGone.id, tld: ".nu", name: "syskon.nu", kind: "disappeared", oldNameServers: LOOPIA, seenAt: nuGone.at },
      { snapshotId: nuGone.id, tld: ".nu", name: ace("blåbär.nu"), kind: "disappeared", oldNameServers: LOOPIA, seenAt: nuGone.at },
      { snapshotId: nuAfter.id, tld: ".nu", name: "nykomling.nu", kind: "appeared", newNameServers: LOOPIA, seenAt: nuAfter.at },
    ]);
    void nu0;

    const released = ["parkad.se", "langt.se", "kort.se", "aldrig.se", "syskon.se", "nykomling.se", "raksmorgas.se", "blabar.se"];
    await createDomains(db, [
      ...released.map((name) => ({ name, status: "available" as const, releaseDate: RELEASE })),
      { name: "tidig.nu", status: "available" as const, releaseDate: "2029-02-01" },
      { name: "forr.se", status: "available" as const, releaseDate: "2028-12-01" },
      { name: "snart.se", status: "soonavailable" as const, releaseDate: "2030-04-20" },
    ]);
    for (const name of released) await insertReleaseOutcome(handle(), name, RELEASE, {});
    await insertReleaseOutcome(handle(), "tidig.nu", "2029-02-01", {});
    await insertReleaseOutcome(handle(), "forr.se", "2028-12-01", {});
    await insertReleaseOutcome(handle(), "snart.se", "2030-04-20", { released: false });

    expect(await withTransaction(handle(), (query) => recordReleaseZoneFeatures(query, NOW))).toBe(10);
    const rows = await handle().query<{
      domain_name: string;
      sibling_registered: boolean | null;
      twin_registered: boolean | null;
      delegation: string | null;
    }>("select domain_name, sibling_registered, twin_registered, delegation from release_outcomes order by domain_name");
    const byName = Object.fromEntries(rows.map((row) => [row.domain_name, [row.sibling_registered, row.twin_registered, row.delegation]]));
    expect(byName).toEqual({
      // Parked with Sedo when it dropped.
      "parkad.se": [false, false, "parked"],
      // Since the first read, more than a year before its drop.
      "langt.se": [false, false, "long"],
      // Appeared under six months before its drop.
      "kort.se": [false, false, "short"],
      // Never in the zone while it was read (from well before the release).
      "aldrig.se": [false, false, "none"],
      // Its sibling was delegated that morning, gone since.
      "syskon.se": [true, false, "long"],
      // Its sibling appeared only after the release.
      "nykomling.se": [false, false, "none"],
      // A twin delegated then and now; another delegated then and gone since.
      "raksmorgas.se": [false, true, "none"],
      "blabar.se": [false, true, "none"],
      // The zone read for only a month before the release: not long enough to say it was not delegated.
      "tidig.nu": [false, false, "unknown"],
      // Released before the zone was read at all.
      "forr.se": [null, null, "unknown"],
      // Not released yet: nothing recorded.
      "snart.se": [null, null, null],
    });

    // Recorded once: a later run changes nothing, whatever the zone says by then.
    await handle().query("delete from zone_delegations");
    expect(await withTransaction(handle(), (query) => recordReleaseZoneFeatures(query, NOW))).toBe(0);
  });
});
