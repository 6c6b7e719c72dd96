// Each listed name's family in brief, stored on its row (domains.sibling_registered,
// domains.twin_registered; decision 0087): the lists' family filters and the cards read two columns
// instead of probing the zone (1.7 million names) per row on every request. Probing it per row
// (decision 0084) added 15–18 ms to a page's p95 and took a twin filter's count over a second.
//
// The flags are the same tests (siblingRegisteredSql, twinRegisteredSql, foldedLabelSql), run here
// in one set-based statement that writes only the rows whose flags changed, after whatever can change
// them: over every row of domains after an import, at start (a database migrated to 0043 has none yet)
// and after a TLD's first snapshot; over the names a zone apply's changes concern after any other
// apply; over the one name a premium name added. Every row costs tens of microseconds (4.6 s at
// 200,000 names on PostgreSQL, 1.7 s at 50,000 on PGlite, under load: bench:siblings, decision 0087),
// which the embedded database, one connection for the whole site, should not spend after every
// hourly apply.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { foldedLabelSql, siblingNameSql, siblingRegisteredSql, twinRegisteredSql } from "./name-families.server";

/**
 * Recomputes the flags of every name on the lists, of `names` alone (a name just added) or of the
 * names a zone apply's changes concern (`changesOf`), writing only those that changed. Null, as findNameFamilies says it: the sibling's when its TLD has no
 * snapshot in force, the twin's when no TLD has. Returns how many rows it rewrote.
 */
export async function refreshFamilyFlags(db: Db, options: FamilyFlagsScope = {}): Promise<number> {
  if (options.names && options.names.length === 0) return 0;
  const result = await db.execute(familyFlagsStatement(options));
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return rows[0]?.n ?? 0;
}

/**
 * Which rows a refresh recomputes: every row of domains; `names`; or the names whose family the zone
 * changes of the applied run `changesOf` concern (familiesChangedBySql).
 */
export type FamilyFlagsScope = { names?: readonly string[]; changesOf?: number };

/** refreshFamilyFlags's statement (exported for the tests' and the benchmark's plans). */
export function familyFlagsStatement(options: FamilyFlagsScope = {}): SQL {
  const name = sql`listed.name`;
  const only: SQL = options.names
    ? sql`where listed.name = any(${sql.param([...options.names])}::text[])`
    : options.changesOf !== undefined
      ? sql`where listed.name in (${familiesChangedBySql(options.changesOf)})`
      : sql``;
  return sql`
    with flags as (
      select listed.name,
             case when right(${siblingNameSql(name)}, 3) = any(zone_tlds.tlds) then ${siblingRegisteredSql(name)} end as sibling_now,
             case when cardinality(zone_tlds.tlds) > 0 then ${twinRegisteredSql(name, sql`listed.folded`)} end as twin_now
        -- The fold once a row (offset 0 keeps the planner from writing it back into each of its three uses).
        from (select listed.name, ${foldedLabelSql(name, sql`listed.unicode_name`)} as folded from domains listed ${only} offset 0) as listed
        cross join (select coalesce(array_agg(distinct tld::text), '{}') as tlds from zone_snapshots where state = 'succeeded') as zone_tlds
    ), changed as (
      update domains set sibling_registered = flags.sibling_now, twin_registered = flags.twin_now
        from flags
       where domains.name = flags.name
         and (domains.sibling_registered is distinct from flags.sibling_now or domains.twin_registered is distinct from flags.twin_now)
      returning 1
    )
    select count(*)::int as n from changed`;
}

/**
 * The listed names whose flags a run's changes (names that appeared or disappeared) may have changed:
 * the sibling of a changed name, and the names that fold as a changed name does (zone_twin_fold, the
 * twins' own fold) — a plain one by key in both TLDs, one with accented letters by folding the listed
 * accented names (foldedLabelSql: string functions over a seventh or so of the list, no zone read).
 * A TLD's first snapshot writes no changes: refresh every row after it.
 */
function familiesChangedBySql(runId: number): SQL {
  return sql`with changed as (
      select name from zone_changes where snapshot_id = ${runId} and kind in ('appeared', 'disappeared')
    ), folds as (
      select distinct case when name like 'xn--%' then zone_twin_fold(name) else split_part(name, '.', 1) end as fold from changed
    )
    select ${siblingNameSql(sql`name`)} from changed
    union select fold || '.se' from folds
    union select fold || '.nu' from folds
    union select accented.name from domains accented
     where accented.name like 'xn--%'
       and ${foldedLabelSql(sql`accented.name`, sql`accented.unicode_name`)} in (select fold from folds)`;
}

/**
 * refreshFamilyFlags after a write that may have changed them (a zone apply, an import), where a
 * failure must not fail the write: it is logged, and the flags lag until the next refresh (the next
 * apply, import or start). The lists then show the families as they were, never wrong names.
 * Returns how many rows it rewrote, null when it failed.
 */
export async function refreshFamilyFlagsAfter(
  db: Db,
  context: Record<string, unknown>,
  options: FamilyFlagsScope = {},
): Promise<number | null> {
  try {
    const started = performance.now();
    const rewritten = await refreshFamilyFlags(db, options);
    logger.info({ ...context, rewritten, ms: Math.round(performance.now() - started) }, "family flags refreshed");
    return rewritten;
  } catch (error) {
    logger.warn(
      { err: error, ...context },
      "refreshing the family flags failed; the lists show the families as before until the next refresh",
    );
    return null;
  }
}
