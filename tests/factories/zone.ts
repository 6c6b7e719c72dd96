// The registry's zone for tests: a snapshot of a TLD and delegations in it,
// written directly (the zone store's apply is tested on its own).
import type { Db } from "~/server/db/client.server";
import { zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";

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
}

/** A TLD's first snapshot, read at `at`, delegating `rows`. */
export async function insertZone(db: Db, tld: Tld, at: Date, rows: Delegation[]): Promise<number> {
  const id = await insertZoneSnapshot(db, tld, at);
  await insertZoneDelegations(db, tld, { id, at }, rows);
  return id;
}
