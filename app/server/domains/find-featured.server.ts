import { sql } from "drizzle-orm";
import type { ListingSort } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { countDomains } from "./count-domains.server";
import { selectCardPage, type DomainPage, type PageOptions } from "./domain-card-data.server";
import { nameOrder, scoreDescOrder, type ListOrder } from "./list-order.server";
import { LISTED_STATUSES } from "./listed-statuses.server";

/**
 * Featured names a visitor can still get (docs/product.md, "Statuses"). Written as literals, not
 * parameters, so the planner matches the partial indexes built on exactly
 * this predicate (migration 0002).
 */
export const featuredListPredicate = sql`${domains.isFeatured} and ${domains.status} in ('available', 'soonavailable', 'premium')`;

/** /featured (docs/product.md, "Lists and their order"): by score, high first, in pages. */
export function findFeatured(db: Db, options: PageOptions & { sort?: ListingSort } = {}): Promise<DomainPage> {
  return selectCardPage(db, featuredListPredicate, featuredOrder(options.sort ?? "relevance"), options);
}

/** How many names the featured list holds: exact, from the totals the database keeps (countDomains). */
export function countFeatured(db: Db): Promise<number> {
  // LISTED_STATUSES are the statuses of featuredListPredicate.
  return countDomains(db, { statuses: LISTED_STATUSES, featured: true });
}

function featuredOrder(sort: ListingSort): ListOrder {
  if (sort === "name-asc") return nameOrder("asc");
  if (sort === "name-desc") return nameOrder("desc");
  // Relevance of a featured name is its score.
  return scoreDescOrder();
}
