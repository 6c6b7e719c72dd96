import { sql } from "drizzle-orm";
import type { ListingSort } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { countDomains } from "./count-domains.server";
import { selectCardPage, type DomainPage, type PageOptions } from "./domain-card-data.server";
import { nameOrder, scoreDescOrder, updatedDescOrder, type ListOrder } from "./list-order.server";

/** A literal, so the planner can use the status-leading indexes for every sort. */
export const availablePredicate = sql`${domains.status} = 'available'`;

/** /available (docs/product.md, "Lists and their order"): most recently changed first, in pages. */
export function findAvailable(db: Db, options: PageOptions & { sort?: ListingSort } = {}): Promise<DomainPage> {
  return selectCardPage(db, availablePredicate, availableOrder(options.sort ?? "relevance"), options);
}

/** How many names are available: exact, from the totals the database keeps (countDomains). */
export function countAvailable(db: Db): Promise<number> {
  return countDomains(db, { statuses: ["available"] });
}

function availableOrder(sort: ListingSort): ListOrder {
  if (sort === "name-asc") return nameOrder("asc");
  if (sort === "name-desc") return nameOrder("desc");
  if (sort === "score-desc") return scoreDescOrder();
  // Relevance here is freshness: the names that most recently became free.
  return updatedDescOrder();
}
