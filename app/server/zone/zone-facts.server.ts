// What the registry's zone says of one name (docs/product.md, "A name in the
// zone"), for the domain page and the API: a few reads by key, at once — the
// name's delegation (primary key), its newest change (zone_changes_name_idx)
// and the TLD's snapshot in force and first snapshot (zone_snapshots_applied_idx)
// — and, for a delegated name, who its name servers belong to.
import { and, asc, desc, eq } from "drizzle-orm";
import type { ParsedDomain } from "~/domain/names";
import type { ZoneChangeView, ZoneFacts } from "~/domain/zone-facts";
import type { Db } from "~/server/db/client.server";
import { zoneChanges, zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";
import { loadNameServerOperatorMatcher } from "./operators.server";

type ValidName = Pick<Extract<ParsedDomain, { ok: true }>, "ace" | "tld">;

/** The zone's facts for a valid .se/.nu name (ACE form), or null when its TLD has no snapshot in force: then there is nothing to say. */
export async function findZoneFacts(db: Db, name: ValidName): Promise<ZoneFacts | null> {
  const succeeded = and(eq(zoneSnapshots.tld, name.tld), eq(zoneSnapshots.state, "succeeded"));
  const snapshot = { id: zoneSnapshots.id, startedAt: zoneSnapshots.startedAt };
  const [[current], [first], [delegation], [change]] = await Promise.all([
    db.select(snapshot).from(zoneSnapshots).where(succeeded).orderBy(desc(zoneSnapshots.appliedAt), desc(zoneSnapshots.id)).limit(1),
    db.select(snapshot).from(zoneSnapshots).where(succeeded).orderBy(asc(zoneSnapshots.appliedAt), asc(zoneSnapshots.id)).limit(1),
    db.select().from(zoneDelegations).where(eq(zoneDelegations.name, name.ace)).limit(1),
    db
      .select({ kind: zoneChanges.kind, at: zoneChanges.seenAt })
      .from(zoneChanges)
      .where(eq(zoneChanges.name, name.ace))
      .orderBy(desc(zoneChanges.seenAt), desc(zoneChanges.id))
      .limit(1),
  ]);
  if (!current) return null;
  const snapshotAt = current.startedAt.toISOString();

  if (!delegation) return notDelegatedFacts(snapshotAt, change);

  const operatorOf = await loadNameServerOperatorMatcher(db);
  const match = operatorOf(delegation.nameServers);
  return {
    snapshotAt,
    delegated: true,
    since: delegation.delegatedSince.toISOString(),
    sinceIsFirstSnapshot: first !== undefined && delegation.sinceSnapshotId === first.id,
    nameServers: delegation.nameServers,
    hasDs: delegation.hasDs ?? delegation.dsRecords > 0,
    operator: match && { name: match.operator, kind: match.kind, fromTable: match.known },
    lastChange: delegatedLastChange(delegation, first?.id, change),
  };
}

/** The facts of a name the zone in force does not delegate, with its newest change row if any. */
export function notDelegatedFacts(snapshotAt: string, change: { kind: ZoneChangeView["kind"]; at: Date } | undefined): ZoneFacts {
  // Only a disappearance explains an absence; an older change of a name since gone is history, not the state.
  const lastChange: ZoneChangeView | null = change?.kind === "disappeared" ? { kind: "disappeared", at: change.at.toISOString() } : null;
  return {
    snapshotAt,
    delegated: false,
    since: null,
    sinceIsFirstSnapshot: false,
    nameServers: [],
    hasDs: false,
    operator: null,
    lastChange,
  };
}

/**
 * A delegated name's last change, from its delegation row (kept as long as
 * the delegation), the change row's kind where one is kept: appeared when its
 * name servers last changed as it came in, else changed; none for a name of
 * the baseline whose name servers never changed.
 */
export function delegatedLastChange(
  delegation: { sinceSnapshotId: number; lastChangedSnapshotId: number; lastChangedAt: Date },
  firstSnapshotId: number | undefined,
  change: { kind: ZoneChangeView["kind"]; at: Date } | undefined,
): ZoneChangeView | null {
  if (change && change.at.getTime() === delegation.lastChangedAt.getTime() && change.kind !== "disappeared") {
    return { kind: change.kind, at: change.at.toISOString() };
  }
  if (delegation.lastChangedSnapshotId === firstSnapshotId) return null;
  const kind = delegation.lastChangedSnapshotId === delegation.sinceSnapshotId ? "appeared" : "name_servers_changed";
  return { kind, at: delegation.lastChangedAt.toISOString() };
}
