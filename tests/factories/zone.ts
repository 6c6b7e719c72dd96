// The registry's zone for tests: a snapshot of a TLD and delegations in it,
// written directly (the zone store's apply is tested on its own). As the apply
// does, writing delegations refreshes the listed names' family flags (decision 0087).
import type { Db } from "~/server/db/client.server";
import { zoneChanges, zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";
import { refreshFamilyFlags } from "~/server/zone/family-flags.server";

type Tld = ".se" | ".nu";

/** A snapshot read at `at`; succeeded snapshots are applied at the same time. */
export async function insertZoneSnapshot(db: Db, tld: Tld, at: Date, state: "succeeded" | "failed" = "succeeded"): Promise<number> {
  const [row] = await db
    .insert(zoneSnapshots)
    .values({
      tld,
      serial: Math.floor(at.getTime() / 1000),
      source: "demo",
      trigger: "test",
      state,
      startedAt: at,
      appliedAt: state === "succeeded" ? at : null,
    })
    .returning({ id: zoneSnapshots.id });
  return row.id;
}

type Delegation = {
  name: string;
  nameServers: string[];
  dsRecords?: number;
  sinceSnapshotId?: number;
  delegatedSince?: Date;
  lastChangedSnapshotId?: number;
  lastChangedAt?: Date;
};

/** Delegations of `tld` since the snapshot `snapshotId` read at `at`, unless a row says otherwise. */
export async function insertZoneDelegations(db: Db, tld: Tld, snapshot: { id: number; at: Date }, rows: Delegation[]) {
  await db.insert(zoneDelegations).values(
    rows.map((row) => ({
      tld,
      delegatedSince: snapshot.at,
      sinceSnapshotId: snapshot.id,
      lastChangedAt: snapshot.at,
      lastChangedSnapshotId: snapshot.id,
      ...row,
    })),
  );
  await refreshFamilyFlags(db);
}

/** A TLD's first snapshot, read at `at`, delegating `rows`. */
export async function insertZone(db: Db, tld: Tld, at: Date, rows: Delegation[]): Promise<number> {
  const id = await insertZoneSnapshot(db, tld, at);
  await insertZoneDelegations(db, tld, { id, at }, rows);
  return id;
}

/**
 * .se read twice (at `first` and `second`), then a failed read: hund.se since the first (baseline, Loopia,
 * DS), katt.se appeared in the second, häst.se changed name servers, fisk.se gone. The snapshots' ids.
 */
export async function seedZoneHistory(db: Db, first: Date, second: Date): Promise<{ first: number; second: number }> {
  const firstId = await insertZoneSnapshot(db, ".se", first);
  const secondId = await insertZoneSnapshot(db, ".se", second);
  await insertZoneSnapshot(db, ".se", new Date(second.getTime() + 6 * 3600_000), "failed");
  const changed = { lastChangedAt: second, lastChangedSnapshotId: secondId };
  await insertZoneDelegations(db, ".se", { id: firstId, at: first }, [
    { name: "hund.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"], dsRecords: 1 },
    { name: "xn--hst-qla.se", nameServers: ["ns1.example.co.uk"], ...changed },
    { name: "katt.se", nameServers: ["a.ns.cloudflare.com"], delegatedSince: second, sinceSnapshotId: secondId, ...changed },
  ]);
  await db.insert(zoneChanges).values([
    { snapshotId: secondId, tld: ".se", name: "katt.se", kind: "appeared", newNameServers: ["a.ns.cloudflare.com"], seenAt: second },
    {
      snapshotId: secondId,
      tld: ".se",
      name: "xn--hst-qla.se",
      kind: "name_servers_changed",
      newNameServers: ["ns1.example.co.uk"],
      seenAt: second,
    },
    { snapshotId: secondId, tld: ".se", name: "fisk.se", kind: "disappeared", oldNameServers: ["ns1.loopia.se"], seenAt: second },
  ]);
  return { first: firstId, second: secondId };
}
