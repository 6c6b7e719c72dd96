// A listed name's family in brief (app/domain/name-family.ts; docs/product.md,
// "Siblings and twins"; decisions 0084, 0087 and 0089), as SQL on a name column. The tests below are what
// family-flags.server.ts stores on each row of domains; the lists' filters and a page's cards read
// those stored flags (the cards with the page's own query), and the tests run per row only for a name
// not on the lists.
//
// Each test is an EXISTS that reads one index per row, never a join: the
// sibling by the delegations' primary key, the twins by
// zone_delegations_twin_idx (zone_twin_fold() over the IDN names, its
// predicate written literally) and, for a name with accented letters, its
// plain twins by key. `offset 0` keeps PostgreSQL from turning an EXISTS into
// a semi-join or a hashed subplan, either of which may read the whole zone
// (1.7 million names) to answer a page of a hundred.
import { type SQL, sql } from "drizzle-orm";
import type { DomainStatus } from "~/domain/labels";
import { effectiveStatus } from "~/domain/labels";
import type { NameFamily } from "~/domain/name-family";
import { toUnicode } from "~/domain/names";
import { foldTwinLabel } from "~/domain/twins";
import type { Db } from "~/server/db/client.server";

/** The same label in the other TLD, for an ACE name ending in ".se" or ".nu". */
export function siblingNameSql(name: SQL): SQL {
  return sql`(left(${name}, -3) || case when right(${name}, 3) = '.se' then '.nu' else '.se' end)`;
}

/** The name's sibling is delegated in the zone in force. */
export function siblingRegisteredSql(name: SQL): SQL {
  return sql`exists (select 1 from zone_delegations sibling where sibling.name = ${siblingNameSql(name)} offset 0)`;
}

/**
 * A label (Unicode, lower case, NFC) folded as zone_twin_fold folds a decoded one (app/domain/twins.ts,
 * foldTwinLabel): without its combining marks, then the letters that do not decompose. Written out
 * here rather than calling zone_twin_fold on the ACE name: its Punycode decoding in PL/pgSQL costs
 * about 0.1 ms a name, this a few microseconds.
 */
function foldUnicodeLabelSql(label: SQL): SQL {
  return sql`normalize(replace(replace(replace(replace(translate(regexp_replace(normalize(${label}, NFD), '[\u0300-\u036f]', '', 'g'),
    'ðđøłŋŧħıʒǥŀĸ', 'ddolnthizglk'), 'æ', 'ae'), 'œ', 'oe'), 'ß', 'ss'), 'þ', 'th'), NFC)`;
}

/** A listed name's folded label, from its two forms: a plain label is its own fold. */
export function foldedLabelSql(name: SQL, unicodeName: SQL): SQL {
  return sql`(case when ${name} like 'xn--%' then ${foldUnicodeLabelSql(sql`left(${unicodeName}, -3)`)} else split_part(${name}, '.', 1) end)`;
}

/**
 * A twin of the name is delegated: a name with accented letters that folds to the same label
 * (`folded`, the name and its sibling left out), or, for a name with accented letters, its plain
 * form in either TLD (its folded label, read by key).
 */
export function twinRegisteredSql(name: SQL, folded: SQL): SQL {
  return sql`(exists (select 1 from zone_delegations twin where twin.name like 'xn--%' and zone_twin_fold(twin.name) = ${folded}
      and twin.name <> ${name} and twin.name <> ${siblingNameSql(name)} offset 0)
    or (${name} like 'xn--%' and exists (select 1 from zone_delegations plain
      where plain.name in (${folded} || '.se', ${folded} || '.nu') offset 0)))`;
}

/** The names one statement reads: a page of the table view, or a download's batch. */
export const FAMILY_NAMES_AT_ONCE = 2_000;

/**
 * Each name's family (ACE names of .se/.nu), keyed by name, for each FAMILY_NAMES_AT_ONCE names: what a
 * download's batch reads beside its zone columns (its rows come from the list's covering index, which
 * holds no flags; decision 0089), for listed names and bookmarked ones alike. A
 * listed name's flags are the ones stored on its row (refreshFamilyFlags; they lag a zone apply by
 * the refresh that follows it), read by key with its sibling's row of the lists: nothing of the zone
 * is read, and nothing is folded. Only the names not on the lists (the API's, a bookmark's) then go
 * to the zone (readProbedFamilies), in a second statement when there are any.
 */
export async function findNameFamilies(db: Db, names: readonly string[], now: Date): Promise<Map<string, NameFamily>> {
  const unique = [...new Set(names)];
  const families = new Map<string, NameFamily>();
  const add = (row: FamilyRow) =>
    families.set(row.name, {
      siblingRegistered: row.siblingRegistered,
      siblingStatus: row.siblingStatus && effectiveStatus(row.siblingStatus, row.siblingReleaseDate, now),
      twinRegistered: row.twinRegistered,
    });
  for (let start = 0; start < unique.length; start += FAMILY_NAMES_AT_ONCE) {
    const batch = unique.slice(start, start + FAMILY_NAMES_AT_ONCE);
    (await readListedFamilies(db, batch)).forEach(add);
    const unlisted = batch.filter((name) => !families.has(name));
    if (unlisted.length > 0) (await readProbedFamilies(db, unlisted)).forEach(add);
  }
  return families;
}

type FamilyRow = {
  name: string;
  siblingRegistered: boolean | null;
  twinRegistered: boolean | null;
  siblingStatus: DomainStatus | null;
  siblingReleaseDate: string | null;
};

/**
 * The listed names' stored flags and their siblings' rows of the lists, each by key: the names as
 * `unnest` and two lateral reads of the primary key. Not `name = any(…)`, which the planner may
 * answer by reading the whole list and testing each row against every name (15 ms for 500 names).
 */
function readListedFamilies(db: Db, names: string[]): Promise<FamilyRow[]> {
  return db
    .select({
      name: sql<string>`own.name`,
      siblingRegistered: sql<boolean | null>`own.sibling_registered`,
      twinRegistered: sql<boolean | null>`own.twin_registered`,
      siblingStatus: sql<DomainStatus | null>`listed.status`,
      siblingReleaseDate: sql<string | null>`listed.release_date::text`,
    })
    .from(
      sql`unnest(${sql.param(names)}::text[]) as wanted(name)
        cross join lateral (select name, sibling_registered, twin_registered from domains where domains.name = wanted.name limit 1) as own
        left join lateral (select status, release_date from domains where domains.name = ${siblingNameSql(sql`own.name`)} limit 1) as listed on true`,
    );
}

/**
 * Names not on the lists, tested against the zone per name (decision 0084): the sibling's delegation
 * by key, the twins by the index (siblingRegisteredSql, twinRegisteredSql), and which TLDs have a
 * snapshot in force (what null means). Exported for the benchmark, which compares it with the stored flags.
 */
export function readProbedFamilies(db: Db, names: string[]): Promise<FamilyRow[]> {
  const name = sql`wanted.name`;
  const sibling = sql`wanted.sibling`;
  // Folded here (foldTwinLabel, which zone_twin_fold matches): these names have no unicode_name to fold.
  const folded = names.map((ace) => foldTwinLabel(toUnicode(ace).slice(0, -3)));
  return db
    .select({
      name: sql<string>`wanted.name`,
      siblingRegistered: sql<boolean | null>`case when right(${sibling}, 3) = any(zone_tlds.tlds) then ${siblingRegisteredSql(name)} end`,
      twinRegistered: sql<
        boolean | null
      >`case when cardinality(zone_tlds.tlds) > 0 then ${twinRegisteredSql(name, sql`wanted.folded`)} end`,
      siblingStatus: sql<DomainStatus | null>`listed.status`,
      siblingReleaseDate: sql<string | null>`listed.release_date::text`,
    })
    .from(
      sql`(select name, folded, ${siblingNameSql(sql`name`)} as sibling
          from unnest(${sql.param(names)}::text[], ${sql.param(folded)}::text[]) as given(name, folded)) as wanted
        cross join (select coalesce(array_agg(distinct tld::text), '{}') as tlds from zone_snapshots where state = 'succeeded') as zone_tlds
        left join lateral (select status, release_date from domains where domains.name = wanted.sibling limit 1) as listed on true`,
    );
}

/**
 * The siblings' statuses on the lists as shown now, keyed by name (null: the sibling is on none), for
 * names whose flags the caller read with its own rows (the API's list, decision 0089): each sibling's
 * row of the lists by key, one statement for each FAMILY_NAMES_AT_ONCE names.
 */
export async function findSiblingStatuses(db: Db, names: readonly string[], now: Date): Promise<Map<string, DomainStatus | null>> {
  const unique = [...new Set(names)];
  const statuses = new Map<string, DomainStatus | null>();
  for (let start = 0; start < unique.length; start += FAMILY_NAMES_AT_ONCE) {
    const rows = await db
      .select({
        name: sql<string>`wanted.name`,
        status: sql<DomainStatus | null>`listed.status`,
        releaseDate: sql<string | null>`listed.release_date::text`,
      })
      .from(
        sql`unnest(${sql.param(unique.slice(start, start + FAMILY_NAMES_AT_ONCE))}::text[]) as wanted(name)
          left join lateral (select status, release_date from domains where domains.name = ${siblingNameSql(sql`wanted.name`)} limit 1) as listed on true`,
      );
    for (const row of rows) statuses.set(row.name, row.status && effectiveStatus(row.status, row.releaseDate, now));
  }
  return statuses;
}
