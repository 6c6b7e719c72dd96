import { sql, type SQL } from "drizzle-orm";
import type { DomainCardData } from "~/components/domain-card";
import { normalizeSearchTerm } from "~/domain/search-input";
import { SEARCH_LIMIT, type ListingSort } from "~/lib/listing-params";
import type { Db } from "../db/client.server";
import { domains } from "../db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "./domain-card-data.server";
import { nameOrder, orderBySql, scoreDescOrder } from "./list-order.server";
import { searchCandidates } from "./find-search-candidates.server";
import { relevanceOrder } from "./search-match.server";

/**
 * Spec §7 "Search by name containing the term, limit 50", any status: the 50
 * most relevant matches, shown in the chosen order (the sort arranges the
 * result, it does not pick a different one). One statement, so one round
 * trip. Under 2 characters: nothing (spec §5).
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

function searchOrder(sort: ListingSort, term: string): SQL[] {
  if (sort === "name-asc") return orderBySql(nameOrder("asc"));
  if (sort === "name-desc") return orderBySql(nameOrder("desc"));
  if (sort === "score-desc") return orderBySql(scoreDescOrder());
  return relevanceOrder(term);
}
