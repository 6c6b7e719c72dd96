import { sql, type SQL } from "drizzle-orm";
import type { SoonSort } from "~/lib/listing-params";
import { domains } from "~/server/db/schema/index.server";
import { nameOrder, releaseOrder, scoreAscOrder, scoreDescOrder, type ListOrder } from "./list-order.server";

/** Literal status so the planner uses the status-leading indexes. */
export function soonAvailablePredicate(includeFeatured: boolean): SQL {
  return includeFeatured
    ? sql`${domains.status} = 'soonavailable'`
    : sql`${domains.status} = 'soonavailable' and not ${domains.isFeatured}`;
}

/**
 * The soon-available orders (docs/product.md, "Lists and their order"). Each matches an index read forwards or backwards
 * (status + release_date + name, status + Swedish name key + name, status +
 * score + name), so a page never sorts the whole list.
 */
export function soonAvailableOrder(sort: SoonSort): ListOrder {
  switch (sort) {
    case "date-desc":
      return releaseOrder("desc");
    case "name-asc":
      return nameOrder("asc");
    case "name-desc":
      return nameOrder("desc");
    case "score-desc":
      return scoreDescOrder();
    case "score-asc":
      return scoreAscOrder();
    default:
      return releaseOrder("asc");
  }
}
