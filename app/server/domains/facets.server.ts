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
import { answeredByGroups, type FacetCounts, type FacetGroup, facetCountsFromGroups } from "~/domain/facets";
import { filterScopeOf, filtersFor, type PublicFilters, type PublicList } from "~/domain/public-filters";
import type { Tld } from "~/domain/names";
import type { Db } from "~/server/db/client.server";
import { type DomainStatus, domainFilterCountChanges, domainFilterCounts, domains } from "~/server/db/schema/index.server";
import { listViewWhere, tryList } from "./lists.server";

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
  if (status && answeredByGroups(filters)) {
    return facetCountsFromGroups(await totalsGroups(db, status, filters), filters, scope, options.now);
  }
  const { groups, partial } = await matchingGroups(db, list, { ...options, filters });
  return facetCountsFromGroups(groups, filters, scope, options.now, partial);
}

/**
 * The kept totals of one status, summed by the four columns. Only the release
 * dates the soon list's and available list's date filters can reach are read
 * where those filters are set; the counted choices change the other filters.
 */
async function totalsGroups(db: Db, status: DomainStatus, filters: PublicFilters): Promise<FacetGroup[]> {
  const pick = (table: typeof domainFilterCounts | typeof domainFilterCountChanges) => {
    const conditions: SQL[] = [eq(table.status, status)];
    // "Released since" is the one date filter no choice changes.
    if (filters.releasedSince !== null) conditions.push(gte(table.releaseDate, filters.releasedSince));
    if (filters.releaseTo !== null) conditions.push(lte(table.releaseDate, filters.releaseTo));
    if (filters.releaseFrom !== null) conditions.push(gte(table.releaseDate, filters.releaseFrom));
    return db
      .select({ tld: table.tld, length: table.length, nameChars: table.nameChars, releaseDate: table.releaseDate, n: table.n })
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
 * The view's names that pass the filters no choice changes (text, quality),
 * grouped; at most FACET_COUNT_LIMIT of them (`partial` when there were more).
 */
async function matchingGroups(
  db: Db,
  list: PublicList,
  options: { filters: PublicFilters; includeFeatured?: boolean; now: Date },
): Promise<{ groups: FacetGroup[]; partial: boolean }> {
  const kept = {
    ...options.filters,
    tlds: [],
    lengthMin: null,
    lengthMax: null,
    characters: [],
    release: null,
    releaseFrom: null,
    releaseTo: null,
  };
  const names = db
    .select({ tld: domains.tld, length: domains.length, nameChars: domains.nameChars, releaseDate: domains.releaseDate })
    .from(domains)
    .where(listViewWhere(list, { filters: kept, includeFeatured: options.includeFeatured, now: options.now }))
    .limit(FACET_COUNT_LIMIT + 1)
    .as("names");
  const rows = await db
    .select({
      tld: names.tld,
      length: names.length,
      nameChars: names.nameChars,
      releaseDate: names.releaseDate,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(names)
    .groupBy(names.tld, names.length, names.nameChars, names.releaseDate);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return {
    groups: rows.map((row) => ({ ...row, tld: row.tld as Tld, nameChars: row.nameChars ?? 0 })),
    partial: total > FACET_COUNT_LIMIT,
  };
}

/** A list page's facet counts, on its first page only ("Visa fler" needs none); null when they could not be read (the page shows none). */
export async function loadListFacets(
  db: Db,
  list: PublicList,
  options: { after: string | null; filters: PublicFilters; includeFeatured?: boolean; now: Date },
): Promise<FacetCounts | null> {
  if (options.after) return null;
  const result = await tryList({ list: `${list}-facets` }, "", () => countListFacets(db, list, options));
  return result.ok ? result.value : null;
}
