// What the registry's zone says of each name of a download (docs/product.md,
// "Downloads"; the domain page's facts, app/server/zone/zone-facts.server.ts,
// for many names at once). Read beside the list's batches, not joined into
// them: a download in the default order reads its index alone (decision 0067),
// and a join with the zone would read the table's rows again. So once per
// download the TLDs' first snapshots and the operator table, then per batch
// one statement: each name's newest change (zone_changes_name_idx) and, unless
// that is its disappearance, its delegation (the primary key); see readZone.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type DownloadRow, type ExportRow, NO_ZONE_COLUMNS, type ZoneExportColumns } from "~/domain/export-rows";
import type { Db } from "~/server/db/client.server";
import { zoneChanges, zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";
import { UNKNOWN_FAMILY } from "~/domain/name-family";
import { findNameFamilies } from "~/server/zone/name-families.server";
import { loadNameServerOperatorMatcher } from "~/server/zone/operators.server";
import { delegatedLastChange } from "~/server/zone/zone-facts.server";

/** Adds the zone's columns to a batch of a download's rows, in their order. */
export type ZoneColumnsReader = (rows: readonly ExportRow[]) => Promise<DownloadRow[]>;

type ZonedRow = ExportRow & ZoneExportColumns;

/**
 * A reader for one download: the zone's columns (openDelegationReader) and,
 * read beside them, each name's sibling and twins in brief (findNameFamilies,
 * one statement a batch; `now` for the sibling's status shown).
 */
export async function openZoneColumnsReader(db: Db, now: Date = new Date()): Promise<ZoneColumnsReader> {
  const addDelegations = await openDelegationReader(db);
  return async function addZoneColumns(rows) {
    const [zoned, families] = await Promise.all([addDelegations(rows), findNameFamilies(db, rows.map((row) => row.ace), now)]);
    return zoned.map((row) => ({ ...row, ...(families.get(row.ace) ?? UNKNOWN_FAMILY) }));
  };
}

/**
 * The delegations' reader for one download: the snapshots and operators as they are when it
 * starts. A row of a TLD without a snapshot gets empty zone columns; when no
 * TLD has one, nothing is read per batch.
 */
async function openDelegationReader(db: Db): Promise<(rows: readonly ExportRow[]) => Promise<ZonedRow[]>> {
  // A TLD's first applied snapshot: the baseline whose names were delegated at least since then.
  const firsts = await db
    .selectDistinctOn([zoneSnapshots.tld], { tld: zoneSnapshots.tld, id: zoneSnapshots.id })
    .from(zoneSnapshots)
    .where(eq(zoneSnapshots.state, "succeeded"))
    .orderBy(zoneSnapshots.tld, asc(zoneSnapshots.appliedAt), asc(zoneSnapshots.id));
  const firstSnapshotOf = new Map<string, number>(firsts.map((row) => [row.tld, row.id]));
  if (firstSnapshotOf.size === 0) return async (rows) => rows.map((row) => ({ ...row, ...NO_ZONE_COLUMNS }));
  const operatorOf = await loadNameServerOperatorMatcher(db);

  return async function addDelegations(rows) {
    const names = rows.filter((row) => firstSnapshotOf.has(row.tld)).map((row) => row.ace);
    const zoneOf = new Map((names.length === 0 ? [] : await readZone(db, names)).map((row) => [row.name, row]));

    return rows.map((row): ZonedRow => {
      const first = firstSnapshotOf.get(row.tld);
      const zone = zoneOf.get(row.ace);
      if (first === undefined || zone === undefined) return { ...row, ...NO_ZONE_COLUMNS };
      const { nameServers, delegatedSince, sinceSnapshotId, lastChangedAt, lastChangedSnapshotId } = zone;
      if (
        nameServers === null ||
        delegatedSince === null ||
        sinceSnapshotId === null ||
        lastChangedAt === null ||
        lastChangedSnapshotId === null
      ) {
        // Only a disappearance explains an absence; an older change of a name since gone is history, not its state.
        const goneAt = zone.changeKind === "disappeared" ? zone.changeAt : null;
        return { ...row, ...notDelegated, ...(goneAt && { zoneLastChange: "disappeared", zoneLastChangeAt: goneAt.toISOString() }) };
      }
      const newest = zone.changeKind !== null && zone.changeAt !== null ? { kind: zone.changeKind, at: zone.changeAt } : undefined;
      const change = delegatedLastChange({ sinceSnapshotId, lastChangedAt, lastChangedSnapshotId }, first, newest);
      return {
        ...row,
        zoneDelegated: true,
        zoneDelegatedSince: delegatedSince.toISOString(),
        zoneSinceIsFirstSnapshot: sinceSnapshotId === first,
        zoneOperator: operatorOf(nameServers)?.operator ?? null,
        zoneNameServers: nameServers,
        zoneLastChange: change?.kind ?? null,
        zoneLastChangeAt: change?.at ?? null,
      };
    });
  };
}

const notDelegated: ZoneExportColumns = { ...NO_ZONE_COLUMNS, zoneDelegated: false, zoneSinceIsFirstSnapshot: false, zoneNameServers: [] };

/**
 * Each name's newest change and, unless that is a disappearance, its
 * delegation: one statement a batch, a probe a name into zone_changes
 * (zone_changes_name_idx) and one into zone_delegations (its primary key) only
 * where it can find a row. A name whose newest change is its disappearance is
 * not delegated: the apply deletes its delegation in the transaction that
 * writes that change (apply-zone-read.server.ts), and any return writes a newer
 * change. So a name gone from the zone, a soon list's usual name, costs one
 * probe, not two. The names are a relation, `wanted(name)`, in byte order, so
 * that one probe after another walks the index forwards, each joined
 * laterally to one row by key whatever the tables' statistics say (a plain
 * `name = any($names)` of 2,000 names was read by a parallel scan of 330,000
 * delegations, decision 0075).
 */
function readZone(db: Db, names: string[]) {
  const newest = db
    .select({ kind: zoneChanges.kind, at: zoneChanges.seenAt })
    .from(zoneChanges)
    .where(eq(zoneChanges.name, sql`wanted.name`))
    .orderBy(desc(zoneChanges.seenAt), desc(zoneChanges.id))
    .limit(1)
    .as("newest");
  const delegation = db
    .select({
      nameServers: zoneDelegations.nameServers,
      delegatedSince: zoneDelegations.delegatedSince,
      sinceSnapshotId: zoneDelegations.sinceSnapshotId,
      lastChangedAt: zoneDelegations.lastChangedAt,
      lastChangedSnapshotId: zoneDelegations.lastChangedSnapshotId,
    })
    .from(zoneDelegations)
    .where(and(eq(zoneDelegations.name, sql`wanted.name`), sql`newest.kind is distinct from 'disappeared'`))
    .limit(1)
    .as("delegation");
  return db
    .select({
      name: sql<string>`wanted.name`,
      changeKind: newest.kind,
      changeAt: newest.at,
      nameServers: delegation.nameServers,
      delegatedSince: delegation.delegatedSince,
      sinceSnapshotId: delegation.sinceSnapshotId,
      lastChangedAt: delegation.lastChangedAt,
      lastChangedSnapshotId: delegation.lastChangedSnapshotId,
    })
    .from(sql`unnest(${sql.param([...names].sort())}::text[]) as wanted(name)`)
    .leftJoinLateral(newest, sql`true`)
    .leftJoinLateral(delegation, sql`true`);
}
