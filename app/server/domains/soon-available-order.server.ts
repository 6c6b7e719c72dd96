import { sql, type SQL } from "drizzle-orm";
import type { SoonSort } from "~/lib/listing-params";
import { domains } from "../db/schema/index.server";
import { nameOrder, scoreDescOrder } from "./domain-card-data.server";

/** Literal status so the planner uses the status-leading indexes. */
export function soonAvailablePredicate(includeFeatured: boolean): SQL {
  return includeFeatured
    ? sql`${domains.status} = 'soonavailable'`
    : sql`${domains.status} = 'soonavailable' and not ${domains.isFeatured}`;
}

/**
 * Spec §4 sort orders. Each matches an index read forwards or backwards
 * (status + release_date + name, status + unicode_name, status + score +
 * name), so a page never sorts the whole list.
 */
export function soonAvailableOrder(sort: SoonSort): SQL[] {
  switch (sort) {
    case "date-desc":
      return [sql`${domains.releaseDate} desc`, sql`${domains.name} desc`];
    case "name-asc":
      return nameOrder("asc");
    case "name-desc":
      return nameOrder("desc");
    case "score-desc":
      return scoreDescOrder();
    case "score-asc":
      // The score index read backwards: ties come Ö-A, the price of not keeping a second index.
      return [sql`${domains.score} asc nulls first`, sql`${domains.name} desc`];
    default:
      return [sql`${domains.releaseDate} asc`, sql`${domains.name} asc`];
  }
}
