import { and } from "drizzle-orm";
import type { DomainCardData } from "~/components/domain-card";
import { normalizeSearchTerm } from "~/domain/search-input";
import { DEFAULT_SOON_SORT, SEARCH_LIMIT, type SoonSort } from "~/lib/listing-params";
import type { Db } from "../db/client.server";
import { domains } from "../db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "./domain-card-data.server";
import { nameContains } from "./search-match.server";
import { soonAvailableOrder, soonAvailablePredicate } from "./soon-available-order.server";

/**
 * Spec §7 "Soon-available search by name": limit 50, earliest release first
 * unless another sort is chosen, optionally without featured names.
 * Under 2 characters: nothing (spec §5).
 */
export async function searchSoonAvailable(
  db: Db,
  options: { term: string; sort?: SoonSort; includeFeatured?: boolean; limit?: number },
): Promise<DomainCardData[]> {
  const term = normalizeSearchTerm(options.term);
  if (term === null) return [];
  const rows = await db
    .select(domainCardColumns)
    .from(domains)
    .where(and(soonAvailablePredicate(options.includeFeatured ?? true), nameContains(term)))
    .orderBy(...soonAvailableOrder(options.sort ?? DEFAULT_SOON_SORT))
    .limit(options.limit ?? SEARCH_LIMIT);
  return rows.map(toDomainCardData);
}
