// A name's sibling and twins (docs/product.md, "Siblings and twins"; decision
// "twins by an expression index"), for the domain page and the API. Reads at
// once, each by key: the delegations of the sibling and the plain twins
// (primary key), the delegated names with accented letters that fold to the
// same label (zone_delegations_twin_idx, on zone_twin_fold()), the snapshots
// in force (zone_snapshots_applied_idx) and the operator table; then the
// lists' rows of the names found (primary key).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { effectiveStatus } from "~/domain/labels";
import { ACE_PREFIX, toUnicode, type ParsedDomain, type Tld } from "~/domain/names";
import { compareSwedishNames } from "~/domain/swedish-order";
import { siblingOf, TWINS_LIMIT, type RelatedName, type SiblingsTwins } from "~/domain/siblings-twins";
import { foldedLettersOf, foldTwinLabel, plainTwinsOf } from "~/domain/twins";
import type { Db } from "~/server/db/client.server";
import { domains, zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";
import { listNameServerOperators, nameServerOperatorMatcher } from "./operators.server";

type ValidName = Pick<Extract<ParsedDomain, { ok: true }>, "ace" | "unicode" | "label" | "tld">;
type Snapshot = { id: number; tld: Tld; startedAt: Date };

const delegationColumns = {
  name: zoneDelegations.name,
  tld: zoneDelegations.tld,
  nameServers: zoneDelegations.nameServers,
  delegatedSince: zoneDelegations.delegatedSince,
  sinceSnapshotId: zoneDelegations.sinceSnapshotId,
};

/** Each TLD's snapshot in force (`newest`) or first (`oldest`), one row per TLD with a succeeded snapshot. */
function snapshotsPerTld(db: Db, order: "newest" | "oldest"): Promise<Snapshot[]> {
  const by = order === "newest" ? desc : asc;
  return db
    .selectDistinctOn([zoneSnapshots.tld], { id: zoneSnapshots.id, tld: zoneSnapshots.tld, startedAt: zoneSnapshots.startedAt })
    .from(zoneSnapshots)
    .where(eq(zoneSnapshots.state, "succeeded"))
    .orderBy(zoneSnapshots.tld, by(zoneSnapshots.appliedAt), by(zoneSnapshots.id));
}

/** The sibling and twins of a valid .se/.nu name, as the zone in force and the lists say (`now` for the statuses shown). */
export async function findSiblingsAndTwins(db: Db, name: ValidName, now: Date): Promise<SiblingsTwins> {
  const sibling = siblingOf(name);
  const foldedLabel = foldTwinLabel(name.label);
  const plainTwins = plainTwinsOf(name.label);
  const own = new Set([name.ace, sibling.ace]);

  const [current, first, keyed, folded, operators] = await Promise.all([
    snapshotsPerTld(db, "newest"),
    snapshotsPerTld(db, "oldest"),
    db
      .select(delegationColumns)
      .from(zoneDelegations)
      .where(inArray(zoneDelegations.name, [sibling.ace, ...plainTwins.map((twin) => twin.ace)])),
    // The literal predicate is the index's own, so the planner may use it; the name and its sibling may be among the rows.
    // The name's own TLD first, as shown, so that a cut keeps those.
    db
      .select(delegationColumns)
      .from(zoneDelegations)
      .where(and(sql`${zoneDelegations.name} like 'xn--%'`, sql`zone_twin_fold(${zoneDelegations.name}) = ${foldedLabel}`))
      .orderBy(sql`${zoneDelegations.tld}::text <> ${name.tld}`, asc(zoneDelegations.name))
      .limit(TWINS_LIMIT + own.size + 1),
    listNameServerOperators(db),
  ]);

  const foldedTwins = folded.filter((row) => !own.has(row.name));
  const twinNames = [
    ...plainTwins.map((twin) => ({ ace: twin.ace, tld: twin.tld })),
    ...foldedTwins.map((row) => ({ ace: row.name, tld: row.tld as Tld })),
  ].filter((twin) => !own.has(twin.ace));
  const shownTwins = sortTwins(twinNames, name.tld).slice(0, TWINS_LIMIT);

  const listed = await db
    .select({ name: domains.name, unicodeName: domains.unicodeName, status: domains.status, releaseDate: domains.releaseDate })
    .from(domains)
    .where(inArray(domains.name, [sibling.ace, ...shownTwins.map((twin) => twin.ace)]));

  const delegations = new Map([...keyed, ...folded].map((row) => [row.name, row]));
  const listedByName = new Map(listed.map((row) => [row.name, row]));
  const currentByTld = new Map(current.map((snapshot) => [snapshot.tld, snapshot]));
  const firstByTld = new Map(first.map((snapshot) => [snapshot.tld, snapshot]));
  const operatorOf = nameServerOperatorMatcher(operators);

  function related(ace: string, tld: Tld): RelatedName {
    const snapshot = currentByTld.get(tld);
    const delegation = delegations.get(ace);
    const row = listedByName.get(ace);
    const match = delegation ? operatorOf(delegation.nameServers) : null;
    return {
      name: ace,
      unicodeName: row?.unicodeName ?? toUnicode(ace),
      tld,
      zone: snapshot
        ? {
            snapshotAt: snapshot.startedAt.toISOString(),
            delegated: delegation !== undefined,
            since: delegation ? delegation.delegatedSince.toISOString() : null,
            sinceIsFirstSnapshot: delegation !== undefined && delegation.sinceSnapshotId === firstByTld.get(tld)?.id,
            operator: match && { name: match.operator, kind: match.kind, fromTable: match.known },
          }
        : null,
      list: row ? { status: effectiveStatus(row.status, row.releaseDate, now), releaseDate: row.releaseDate } : null,
    };
  }

  return {
    sibling: related(sibling.ace, sibling.tld),
    twins: shownTwins.map((twin) => related(twin.ace, twin.tld)),
    moreTwins: twinNames.length > TWINS_LIMIT,
    foldedLabel,
    foldedLetters: foldedLettersOf(name.label),
    zoneTlds: current.map((snapshot) => snapshot.tld),
  };
}

/** The name's own TLD first, the plain twin before the accented ones, then in the site's name order; each name once. */
function sortTwins(twins: { ace: string; tld: Tld }[], ownTld: Tld): { ace: string; tld: Tld }[] {
  const unique = [
    ...new Map(twins.map((twin) => [twin.ace, { name: twin.ace, unicodeName: toUnicode(twin.ace), tld: twin.tld }])).values(),
  ];
  return unique
    .sort(
      (a, b) =>
        Number(a.tld !== ownTld) - Number(b.tld !== ownTld) ||
        Number(a.name.startsWith(ACE_PREFIX)) - Number(b.name.startsWith(ACE_PREFIX)) ||
        compareSwedishNames(a, b),
    )
    .map(({ name, tld }) => ({ ace: name, tld }));
}
