/**
 * The counts beside a public list's filter choices (app/domain/facets.ts).
 * The view's names are grouped by TLD, length, character class and release
 * date; the counts are sums over the groups. Where every filter set is one of
 * those columns and the list is one status, the groups are the totals the
 * database keeps (domain_filter_counts, decision 0024): exact, and a read of
 * a few thousand rows at most whatever the number of names. Otherwise (a
 * text, Swedish-word or quality filter, the featured list) the matching names themselves
 * are grouped, up to FACET_COUNT_LIMIT of them, and the counts are then
 * lower bounds ("1 204+").
 */
import { and, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { answeredByGroups, type FacetCounts, type FacetGroup, facetCountsFromGroups, RELEASE_PRESET_DAYS } from "~/domain/facets";
import { type FilterScope, filterScopeOf, filtersFor, type PublicFilters, type PublicList } from "~/domain/public-filters";
import { addDays, todayUtc } from "~/domain/utc-dates";
import type { Tld } from "~/domain/names";
import { cachedDomainQuery } from "~/server/cache/domain-cache.server";
import type { Db } from "~/server/db/client.server";
import { type DomainStatus, domainFilterCountChanges, domainFilterCounts, domains } from "~/server/db/schema/index.server";
import { countUncheckedAvailable, listViewWhere, tryList } from "./lists.server";
import { containsAtLength, namesLengthByLength, tldHoldsTerm } from "./search.server";

/** Names grouped for counts, at most: past it the counts say "n+". */
export const FACET_COUNT_LIMIT = 10_000;

/** The list's names are all of one status, which the totals are kept by; not the featured list (the totals know no featured flag). */
function statusOfList(list: PublicList, includeFeatured: boolean): DomainStatus | null {
  if (list === "available") return "available";
  if (list === "premium") return "premium";
  if (list === "soon-available" && includeFeatured) return "soonavailable";
  return null;
}

export async function countListFacets(
  db: Db,
  list: PublicList,
  options: { filters: PublicFilters; includeFeatured?: boolean; now: Date },
): Promise<FacetCounts> {
  const scope = filterScopeOf(list);
  const filters = filtersFor(scope, options.filters);
  const status = statusOfList(list, options.includeFeatured ?? true);
  // The kept totals count every available name; the list leaves out those not checked since their release.
  const totalsFit = status !== "available" || (await countUncheckedAvailable(db)) === 0;
  if (status && totalsFit && answeredByGroups(filters)) {
    return facetCountsFromGroups(
      await totalsGroups(db, status, filters, releaseDateBucket(scope, options.now)),
      filters,
      scope,
      options.now,
    );
  }
  const { groups, partial } = await matchingGroups(db, list, { ...options, filters }, releaseDateBucket(scope, options.now));
  return facetCountsFromGroups(groups, filters, scope, options.now, partial);
}

/**
 * A group's release date: on the soon list, the date where a release preset
 * can reach it, and otherwise the day before today or the day after the
 * presets' last, so that the soon list's tens of thousands of (TLD, length,
 * characters, date) groups at a million names shrink to a few thousand; on
 * the other lists no choice tests it.
 */
function releaseDateBucket(scope: FilterScope, now: Date): (column: AnyPgColumn) => SQL {
  if (scope !== "soon") return () => sql`null::date`;
  const today = todayUtc(now);
  const before = addDays(today, -1);
  const after = addDays(today, RELEASE_PRESET_DAYS);
  return (column) => sql`least(greatest(${column}, ${before}::date), ${after}::date)`;
}

/**
 * The kept totals of one status, summed by the four columns (the date in its
 * bucket). The date filters no choice changes (from, to, since) are applied here.
 */
async function totalsGroups(
  db: Db,
  status: DomainStatus,
  filters: PublicFilters,
  bucket: (column: AnyPgColumn) => SQL,
): Promise<FacetGroup[]> {
  const pick = (table: typeof domainFilterCounts | typeof domainFilterCountChanges) => {
    const conditions: SQL[] = [eq(table.status, status)];
    // "Released since" is the one date filter no choice changes.
    if (filters.releasedSince !== null) conditions.push(gte(table.releaseDate, filters.releasedSince));
    if (filters.releaseTo !== null) conditions.push(lte(table.releaseDate, filters.releaseTo));
    if (filters.releaseFrom !== null) conditions.push(gte(table.releaseDate, filters.releaseFrom));
    return db
      .select({
        tld: table.tld,
        length: table.length,
        nameChars: table.nameChars,
        releaseDate: sql<string | null>`${bucket(table.releaseDate)}`.as("release_date"),
        n: table.n,
      })
      .from(table)
      .where(and(...conditions));
  };
  const counts = pick(domainFilterCounts).unionAll(pick(domainFilterCountChanges)).as("counts");
  const rows = await db
    .select({
      tld: counts.tld,
      length: counts.length,
      nameChars: counts.nameChars,
      releaseDate: counts.releaseDate,
      n: sql<number>`sum(${counts.n})`.mapWith(Number),
    })
    .from(counts)
    .groupBy(counts.tld, counts.length, counts.nameChars, counts.releaseDate)
    // Folded changes can leave groups that sum to nothing.
    .having(sql`sum(${counts.n}) > 0`);
  return rows.map((row) => ({ ...row, tld: row.tld as Tld }));
}

/**
 * The view's names that pass the filters no choice changes (text, Swedish
 * words, quality, from, to, since), grouped; at most FACET_COUNT_LIMIT of
 * them (`partial` when there were more).
 */
async function matchingGroups(
  db: Db,
  list: PublicList,
  options: { filters: PublicFilters; includeFeatured?: boolean; now: Date },
  bucket: (column: AnyPgColumn) => SQL,
): Promise<{ groups: FacetGroup[]; partial: boolean }> {
  const kept = { ...options.filters, tlds: [], lengthMin: null, lengthMax: null, characters: [], release: null };
  const where = listViewWhere(list, { filters: kept, includeFeatured: options.includeFeatured, now: options.now });
  const columns = sql`${domains.tld} as tld, ${domains.length} as length, ${domains.nameChars} as name_chars, ${bucket(domains.releaseDate)} as release_date`;
  // The soon list is most of the table: its names holding a search text are read through the search keys,
  // length by length, as its search reads them. The other lists are small enough to test whole, and a
  // beginning or ending has the name indexes.
  const text = list === "soon-available" && kept.contains !== null && !tldHoldsTerm(kept.contains) ? kept.contains : null;
  const names = text
    ? sql`(${namesLengthByLength(text, sql`${containsAtLength(text)} and ${where}`, { columns, limit: FACET_COUNT_LIMIT + 1 })})`
    : sql`(select ${columns} from ${domains} where ${where} limit ${FACET_COUNT_LIMIT + 1})`;
  const rows = await db
    .select({
      tld: sql<string>`names.tld`,
      length: sql<number>`names.length`,
      nameChars: sql<number | null>`names.name_chars`,
      releaseDate: sql<string | null>`names.release_date::text`,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(sql`${names} as names`)
    .groupBy(sql`names.tld, names.length, names.name_chars, names.release_date`);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return {
    groups: rows.map((row) => ({ ...row, tld: row.tld as Tld, nameChars: row.nameChars ?? 0 })),
    partial: total > FACET_COUNT_LIMIT,
  };
}

/**
 * A list page's facet counts, on its first page only ("Visa fler" needs none); null when they could not be read (the page shows none).
 * The same for every visitor of a view until the names change: reused like the home page's sections
 * (cachedDomainQuery). Summing the soon list's groups costs ~10 ms of CPU at a million names, most of a
 * page rendered for a visitor the page cache did not answer.
 */
export async function loadListFacets(
  db: Db,
  list: PublicList,
  options: { after: string | null; filters: PublicFilters; includeFeatured?: boolean; now: Date },
): Promise<FacetCounts | null> {
  if (options.after) return null;
  // The release presets count from today, so a cached answer is kept for the day it was made on.
  const key = `facets:${list}:${todayUtc(options.now)}:${options.includeFeatured ?? true}:${JSON.stringify(options.filters)}`;
  const result = await tryList({ list: `${list}-facets` }, "", () => cachedDomainQuery(db, key, () => countListFacets(db, list, options)));
  return result.ok ? result.value : null;
}
