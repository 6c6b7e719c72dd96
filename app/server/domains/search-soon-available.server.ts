import { and, sql, type SQLWrapper } from "drizzle-orm";
import type { DomainCardData } from "~/domain/domain-card";
import { normalizeSearchTerm } from "~/domain/search-input";
import { DEFAULT_SOON_SORT, SEARCH_LIMIT, type SoonSort } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { domainCardColumns, subqueryCardColumns, toDomainCardData } from "./domain-card-data.server";
import { orderBySql, releaseOrder } from "./list-order.server";
import { containsAtLength, labelContainsFilter, namesLengthByLength, tldHoldsTerm } from "./search-match.server";
import { soonAvailableOrder, soonAvailablePredicate } from "./soon-available-order.server";

/**
 * Up to this many matches are collected and sorted; more means the term is
 * common, and walking the release order finds 50 within a few ten thousand
 * index entries. Chosen so both paths cost about the same at the boundary
 * with a million names (see bench:search).
 */
export const SOON_COLLECT_LIMIT = 1000;

/**
 * How many entries of the release order are read first, in the index alone:
 * a common term has its earliest 50 among them (one in 200 names matching
 * is enough) and needs no other read. A rare term pays this walk on top of
 * collecting its matches, so it is kept short: at a million names about 2 ms
 * (bench:search, and decision 11).
 */
export const SOON_WALK_LIMIT = 10_000;

/** The earliest releases first, the search's 50 (docs/product.md, "Searching names"; index domains_status_release_idx, which holds every column the walk tests). */
const earliestFirst = orderBySql(releaseOrder("asc"));

/**
 * The card columns read back from the collected matches (named like the
 * table, so the shared sort expressions apply), plus how many were collected.
 */
const collectedFields = { ...subqueryCardColumns, collected: sql<number>`count(*) over ()`.mapWith(Number) };

/**
 * The soon-available search (docs/product.md, "Searching names"): the 50 soon-available names
 * whose label (the part before the TLD) contains the term that release
 * first, optionally without featured names, shown in the chosen order (the
 * sort arranges the result, as in the main search). Under 2 characters:
 * nothing.
 *
 * First the earliest SOON_WALK_LIMIT entries of the release-order index are
 * tested, in the index itself: a common term finds its 50 there. Otherwise,
 * a rare term: its matches are collected by name length through the
 * search-token index and the earliest 50 kept, in one statement. A term
 * between the two (more than SOON_COLLECT_LIMIT matches, but not 50 among
 * the first releases), and "se" and "nu", which the search keys cannot
 * narrow: the release-order index is walked until 50 match.
 */
export async function searchSoonAvailable(
  db: Db,
  options: {
    term: string;
    sort?: SoonSort;
    includeFeatured?: boolean;
    limit?: number;
    /** SOON_WALK_LIMIT; tests make it small to reach the other two paths. */
    walkLimit?: number;
  },
): Promise<DomainCardData[]> {
  const term = normalizeSearchTerm(options.term);
  if (term === null) return [];
  const listed = soonAvailablePredicate(options.includeFeatured ?? true);
  const sort = options.sort ?? DEFAULT_SOON_SORT;
  const limit = options.limit ?? SEARCH_LIMIT;

  const firstReleases = sql`(select ${domains.name}, ${domains.unicodeName}, ${domains.releaseDate} from ${domains}
    where ${listed} order by ${sql.join(earliestFirst, sql`, `)} limit ${options.walkLimit ?? SOON_WALK_LIMIT}) as ${domains}`;
  const earliestMatches = db
    .select({ name: sql<string>`name` })
    .from(firstReleases)
    .where(labelContainsFilter(term))
    .orderBy(...earliestFirst)
    .limit(limit);
  const early = await selectCards(db, earliestMatches, sort);
  if (early.length === limit) return early;
  const walkReleaseOrder = db
    .select({ name: domains.name })
    .from(domains)
    .where(and(listed, labelContainsFilter(term)))
    .orderBy(...earliestFirst)
    .limit(limit);
  // For "se" and "nu" the search keys would collect every name of a TLD: walk the release order.
  if (tldHoldsTerm(term)) return selectCards(db, walkReleaseOrder, sort);

  const columns = sql.join(Object.values(domainCardColumns), sql`, `);
  const matches = namesLengthByLength(term, sql`${listed} and ${containsAtLength(term)}`, {
    columns,
    limit: SOON_COLLECT_LIMIT + 1,
  });
  const collected = await db
    .select(collectedFields)
    .from(sql`(${matches}) as ${domains}`)
    .orderBy(...earliestFirst)
    .limit(limit);
  if (collected.length === 0) return [];

  const common = collected[0].collected > SOON_COLLECT_LIMIT;
  if (!common && sort === "date-asc") return collected.map(toDomainCardData);
  const chosen = common ? walkReleaseOrder : sql`select unnest(${sql.param(collected.map((row) => row.name))}::text[])`;
  return selectCards(db, chosen, sort);
}

/** The cards of the chosen names, in the visitor's sort. */
async function selectCards(db: Db, chosen: SQLWrapper, sort: SoonSort): Promise<DomainCardData[]> {
  const rows = await db
    .select(domainCardColumns)
    .from(domains)
    .where(sql`${domains.name} in (${chosen})`)
    .orderBy(...orderBySql(soonAvailableOrder(sort)));
  return rows.map(toDomainCardData);
}
