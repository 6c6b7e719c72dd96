// What the registry's zone says of a page of names at once (a user's watched
// names): findZoneFacts's answer for each, from a fixed number of reads
// whatever the number of names — the TLDs' snapshots in force and first
// snapshots, the names' delegations (primary key), their newest changes
// (zone_changes_name_idx) and, when one is delegated, the operators' table.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Tld } from "~/domain/names";
import type { ZoneFacts } from "~/domain/zone-facts";
import type { Db } from "~/server/db/client.server";
import { zoneChanges, zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";
import { loadNameServerOperatorMatcher } from "./operators.server";
import { delegatedLastChange, notDelegatedFacts } from "./zone-facts.server";

type ValidName = { ace: string; tld: Tld };

/** Bounded by the caller: a page of names, not a list's worth. */
export const MAX_NAMES_AT_ONCE = 1000;

/**
 * The zone's facts for each valid .se/.nu name (ACE form), keyed by it: the
 * same as findZoneFacts gives one name, null where the name's TLD has no
 * snapshot in force.
 */
export async function findZoneFactsOfNames(db: Db, names: readonly ValidName[]): Promise<Map<string, ZoneFacts | null>> {
  if (names.length > MAX_NAMES_AT_ONCE) throw new Error(`findZoneFactsOfNames: ${names.length} names, at most ${MAX_NAMES_AT_ONCE}`);
  const facts = new Map<string, ZoneFacts | null>();
  if (names.length === 0) return facts;
  const aces = [...new Set(names.map((name) => name.ace))];
  const tlds = [...new Set(names.map((name) => name.tld))];
  const [snapshots, delegations, changes] = await Promise.all([
    Promise.all(tlds.map(async (tld) => [tld, await snapshotsOf(db, tld)] as const)),
    db.select().from(zoneDelegations).where(inArray(zoneDelegations.name, aces)),
    db
      .selectDistinctOn([zoneChanges.name], { name: zoneChanges.name, kind: zoneChanges.kind, at: zoneChanges.seenAt })
      .from(zoneChanges)
      .where(inArray(zoneChanges.name, aces))
      .orderBy(zoneChanges.name, desc(zoneChanges.seenAt), desc(zoneChanges.id)),
  ]);
  const snapshotOf = new Map(snapshots);
  const delegationOf = new Map(delegations.map((row) => [row.name, row]));
  const changeOf = new Map(changes.map((row) => [row.name, row]));
  const operatorOf = delegations.length > 0 ? await loadNameServerOperatorMatcher(db) : null;

  for (const name of names) {
    const snapshot = snapshotOf.get(name.tld);
    if (!snapshot?.current) {
      facts.set(name.ace, null);
      continue;
    }
    const snapshotAt = snapshot.current.startedAt.toISOString();
    const delegation = delegationOf.get(name.ace);
    const change = changeOf.get(name.ace);
    if (!delegation) {
      facts.set(name.ace, notDelegatedFacts(snapshotAt, change));
      continue;
    }
    const match = operatorOf?.(delegation.nameServers) ?? null;
    facts.set(name.ace, {
      snapshotAt,
      delegated: true,
      since: delegation.delegatedSince.toISOString(),
      sinceIsFirstSnapshot: snapshot.first !== undefined && delegation.sinceSnapshotId === snapshot.first.id,
      nameServers: delegation.nameServers,
      hasDs: delegation.hasDs ?? delegation.dsRecords > 0,
      operator: match && { name: match.operator, kind: match.kind, fromTable: match.known },
      lastChange: delegatedLastChange(delegation, snapshot.first?.id, change),
    });
  }
  return facts;
}

/** A TLD's snapshot in force and its first snapshot (zone_snapshots_applied_idx). */
async function snapshotsOf(db: Db, tld: Tld) {
  const succeeded = and(eq(zoneSnapshots.tld, tld), eq(zoneSnapshots.state, "succeeded"));
  const columns = { id: zoneSnapshots.id, startedAt: zoneSnapshots.startedAt };
  const [[current], [first]] = await Promise.all([
    db.select(columns).from(zoneSnapshots).where(succeeded).orderBy(desc(zoneSnapshots.appliedAt), desc(zoneSnapshots.id)).limit(1),
    db.select(columns).from(zoneSnapshots).where(succeeded).orderBy(asc(zoneSnapshots.appliedAt), asc(zoneSnapshots.id)).limit(1),
  ]);
  return { current, first };
}
