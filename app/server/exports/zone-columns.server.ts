// What the registry's zone says of each name of a download (docs/product.md,
// "Downloads"; the domain page's facts, app/server/zone/zone-facts.server.ts,
// for many names at once). Read beside the list's batches, not joined into
// them: a download in the default order reads its index alone (decision 0067),
// and a join with the zone would read the table's rows again. So once per
// download the TLDs' first snapshots and the operator table, then per batch
// one keyed read of zone_delegations (its primary key) and, for the names not
// delegated, one of their newest change (zone_changes_name_idx): a probe a name.
import { asc, desc, eq, sql } from "drizzle-orm";
import { type DownloadRow, type ExportRow, NO_ZONE_COLUMNS, type ZoneExportColumns } from "~/domain/export-rows";
import type { Db } from "~/server/db/client.server";
import { zoneChanges, zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";
import { loadNameServerOperatorMatcher } from "~/server/zone/operators.server";
import { delegatedLastChange } from "~/server/zone/zone-facts.server";

/** Adds the zone's columns to a batch of a download's rows, in their order. */
export type ZoneColumnsReader = (rows: readonly ExportRow[]) => Promise<DownloadRow[]>;

/**
 * A reader for one download: the snapshots and operators as they are when it
 * starts. A row of a TLD without a snapshot gets empty zone columns; when no
 * TLD has one, nothing is read per batch.
 */
export async function openZoneColumnsReader(db: Db): Promise<ZoneColumnsReader> {
  // A TLD's first applied snapshot: the baseline whose names were delegated at least since then.
  const firsts = await db
    .selectDistinctOn([zoneSnapshots.tld], { tld: zoneSnapshots.tld, id: zoneSnapshots.id })
    .from(zoneSnapshots)
    .where(eq(zoneSnapshots.state, "succeeded"))
    .orderBy(zoneSnapshots.tld, asc(zoneSnapshots.appliedAt), asc(zoneSnapshots.id));
  const firstSnapshotOf = new Map<string, number>(firsts.map((row) => [row.tld, row.id]));
  if (firstSnapshotOf.size === 0) return async (rows) => rows.map((row) => ({ ...row, ...NO_ZONE_COLUMNS }));
  const operatorOf = await loadNameServerOperatorMatcher(db);

  return async function addZoneColumns(rows) {
    const names = rows.filter((row) => firstSnapshotOf.has(row.tld)).map((row) => row.ace);
    const delegations = names.length === 0 ? [] : await readDelegations(db, names);
    const delegationOf = new Map(delegations.map((row) => [row.name, row]));
    const absent = names.filter((name) => !delegationOf.has(name));
    const disappearedAt = new Map((absent.length === 0 ? [] : await readDisappearances(db, absent)).map((row) => [row.name, row.at]));

    return rows.map((row): DownloadRow => {
      const first = firstSnapshotOf.get(row.tld);
      if (first === undefined) return { ...row, ...NO_ZONE_COLUMNS };
      const delegation = delegationOf.get(row.ace);
      if (!delegation) {
        const at = disappearedAt.get(row.ace);
        return { ...row, ...notDelegated, ...(at && { zoneLastChange: "disappeared", zoneLastChangeAt: at.toISOString() }) };
      }
      const change = delegatedLastChange(delegation, first, undefined);
      return {
        ...row,
        zoneDelegated: true,
        zoneDelegatedSince: delegation.delegatedSince.toISOString(),
        zoneSinceIsFirstSnapshot: delegation.sinceSnapshotId === first,
        zoneOperator: operatorOf(delegation.nameServers)?.operator ?? null,
        zoneNameServers: delegation.nameServers,
        zoneLastChange: change?.kind ?? null,
        zoneLastChangeAt: change?.at ?? null,
      };
    });
  };
}

const notDelegated: ZoneExportColumns = { ...NO_ZONE_COLUMNS, zoneDelegated: false, zoneSinceIsFirstSnapshot: false, zoneNameServers: [] };

/**
 * The names as a relation, `wanted(name)`, in byte order, so that one probe
 * after another walks the index forwards. Each read below joins it laterally
 * to one row by key: a probe a name whatever the table's statistics say (a
 * plain `name = any($names)` of 2,000 names was read by a parallel scan of
 * 330,000 delegations, 110 ms a batch against 27 ms for the probes).
 */
const wanted = (names: string[]) => sql`unnest(${sql.param([...names].sort())}::text[]) as wanted(name)`;

function readDelegations(db: Db, names: string[]) {
  const delegation = db
    .select({
      name: zoneDelegations.name,
      nameServers: zoneDelegations.nameServers,
      delegatedSince: zoneDelegations.delegatedSince,
      sinceSnapshotId: zoneDelegations.sinceSnapshotId,
      lastChangedAt: zoneDelegations.lastChangedAt,
      lastChangedSnapshotId: zoneDelegations.lastChangedSnapshotId,
    })
    .from(zoneDelegations)
    .where(eq(zoneDelegations.name, sql`wanted.name`))
    .limit(1)
    .as("delegation");
  return db
    .select({
      name: delegation.name,
      nameServers: delegation.nameServers,
      delegatedSince: delegation.delegatedSince,
      sinceSnapshotId: delegation.sinceSnapshotId,
      lastChangedAt: delegation.lastChangedAt,
      lastChangedSnapshotId: delegation.lastChangedSnapshotId,
    })
    .from(wanted(names))
    .innerJoinLateral(delegation, sql`true`);
}

/**
 * When each name not delegated left the zone: its newest change where that is
 * a disappearance (an older change of a name since gone is history, not its
 * state), as the domain page says it.
 */
async function readDisappearances(db: Db, names: string[]) {
  const newest = db
    .select({ name: zoneChanges.name, kind: zoneChanges.kind, at: zoneChanges.seenAt })
    .from(zoneChanges)
    .where(eq(zoneChanges.name, sql`wanted.name`))
    // By the index's order alone (a name has one change a snapshot): no sort per probe.
    .orderBy(desc(zoneChanges.seenAt))
    .limit(1)
    .as("newest");
  const rows = await db
    .select({ name: newest.name, kind: newest.kind, at: newest.at })
    .from(wanted(names))
    .innerJoinLateral(newest, sql`true`);
  return rows.filter((row) => row.kind === "disappeared");
}
