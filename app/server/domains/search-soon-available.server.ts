import { and, sql } from "drizzle-orm";
import type { DomainCardData } from "~/components/domain-card";
import type { DomainStatus } from "~/domain/labels";
import { normalizeSearchTerm } from "~/domain/search-input";
import { DEFAULT_SOON_SORT, SEARCH_LIMIT, type SoonSort } from "~/lib/listing-params";
import type { Db } from "../db/client.server";
import { domains } from "../db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "./domain-card-data.server";
import { containsAtLength, countMatchesUpTo, namesLengthByLength, nameContainsFilter } from "./search-match.server";
import { soonAvailableOrder, soonAvailablePredicate } from "./soon-available-order.server";

/**
 * Above this many matches a term is common enough that walking the sort's
 * index finds 50 within a few thousand rows; below, sorting the matches is
 * cheaper. About the square root of 50 x a million soon-available names.
 */
export const SOON_PROBE_LIMIT = 5000;

/**
 * The card columns read back from the matches subquery (named like the
 * table, so the shared sort expressions apply). Both drivers hand dates over
 * as YYYY-MM-DD strings in Drizzle queries, as the table's columns do.
 */
const matchedCardFields = {
  name: sql<string>`name`,
  unicodeName: sql<string>`unicode_name`,
  tld: sql<string>`tld`,
  status: sql<DomainStatus>`status`,
  isFeatured: sql<boolean>`is_featured`,
  score: sql<number>`score`,
  length: sql<number>`length`,
  price: sql<number | null>`price`,
  releaseDate: sql<string | null>`release_date`,
};

/**
 * Spec §7 "Soon-available search by name": limit 50, earliest release first
 * unless another sort is chosen, optionally without featured names. A rare
 * term sorts its few matches; a common one walks the sort's index and stops
 * at 50. Under 2 characters: nothing (spec §5).
 */
export async function searchSoonAvailable(
  db: Db,
  options: { term: string; sort?: SoonSort; includeFeatured?: boolean; limit?: number },
): Promise<DomainCardData[]> {
  const term = normalizeSearchTerm(options.term);
  if (term === null) return [];
  const listed = soonAvailablePredicate(options.includeFeatured ?? true);
  const order = soonAvailableOrder(options.sort ?? DEFAULT_SOON_SORT);
  const limit = options.limit ?? SEARCH_LIMIT;
  const found = await countMatchesUpTo(db, term, listed, SOON_PROBE_LIMIT);
  if (found > SOON_PROBE_LIMIT) {
    const rows = await db.select(domainCardColumns).from(domains).where(and(listed, nameContainsFilter(term))).orderBy(...order).limit(limit);
    return rows.map(toDomainCardData);
  }
  if (found === 0) return [];
  // The few matches are collected by length through the search-token index,
  // then sorted.
  const columns = sql.join(Object.values(domainCardColumns), sql`, `);
  const matches = namesLengthByLength(term, sql`${listed} and ${containsAtLength(term)}`, { columns });
  const rows = await db
    .select(matchedCardFields)
    .from(sql`(${matches}) as ${domains}`)
    .orderBy(...order)
    .limit(limit);
  return rows.map(toDomainCardData);
}
