import { sql, type SQL } from "drizzle-orm";
import type { DomainCardData } from "~/domain/domain-card";
import { normalizeSearchTerm } from "~/domain/search-input";
import type { SearchTotal } from "~/lib/count-text";
import { SEARCH_LIMIT, type ListingSort } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "./domain-card-data.server";
import { nameOrder, orderBySql, scoreDescOrder } from "./list-order.server";
import { searchCandidates } from "./find-search-candidates.server";
import { containsAtLength, namesLengthByLength, relevanceOrder, tldHoldsTerm } from "./search-match.server";

/**
 * The public search (docs/product.md, "Searching names"), any status: the 50
 * most relevant names whose label (the part before the TLD) contains it, shown in the chosen order (the sort arranges the
 * result, it does not pick a different one). One statement, so one round
 * trip. Under 2 characters: nothing.
 */
export async function searchDomains(
  db: Db,
  options: { term: string; sort?: ListingSort; limit?: number },
): Promise<DomainCardData[]> {
  const term = normalizeSearchTerm(options.term);
  if (term === null) return [];
  const limit = options.limit ?? SEARCH_LIMIT;
  const mostRelevant = db
    .select({ name: domains.name })
    .from(domains)
    .where(sql`${domains.name} in (${searchCandidates(term, limit)})`)
    .orderBy(...relevanceOrder(term))
    .limit(limit);
  const rows = await db
    .select(domainCardColumns)
    .from(domains)
    .where(sql`${domains.name} in (${mostRelevant})`)
    .orderBy(...searchOrder(options.sort ?? "relevance", term));
  return rows.map(toDomainCardData);
}

/** Matches beyond this many are not counted: "fler än 1 000". */
export const SEARCH_COUNT_LIMIT = 1000;

/**
 * The number of names searchDomains could show for `term`, counted up to
 * `limit` (SEARCH_COUNT_LIMIT): the page asks only when the 50 shown are not
 * all. The names are read length by length through the search keys, as the
 * search reads them, and counting stops one name past `limit`, so a common
 * term costs about as much as reading a thousand matches. Null for a term a
 * TLD holds ("se", "nu"): the keys would give every name of the TLD, each to
 * be read and checked, so the count is not cheaply known.
 */
export async function countSearchMatches(db: Db, options: { term: string; limit?: number }): Promise<SearchTotal | null> {
  const term = normalizeSearchTerm(options.term);
  if (term === null) return { count: 0, more: false };
  if (tldHoldsTerm(term)) return null;
  const limit = options.limit ?? SEARCH_COUNT_LIMIT;
  const matches = namesLengthByLength(term, containsAtLength(term), { limit: limit + 1 });
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(sql`(${matches}) as matches`);
  return { count: Math.min(row.count, limit), more: row.count > limit };
}

function searchOrder(sort: ListingSort, term: string): SQL[] {
  if (sort === "name-asc") return orderBySql(nameOrder("asc"));
  if (sort === "name-desc") return orderBySql(nameOrder("desc"));
  if (sort === "score-desc") return orderBySql(scoreDescOrder());
  return relevanceOrder(term);
}
