import { DEFAULT_SOON_SORT, type SoonSort } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { countDomains } from "./count-domains.server";
import { selectCardPage, type DomainPage, type PageOptions } from "./domain-card-data.server";
import { soonAvailableOrder, soonAvailablePredicate } from "./soon-available-order.server";

export type SoonAvailableOptions = PageOptions & {
  sort?: SoonSort;
  /** Spec: the featured toggle, on by default; off leaves featured names out. */
  includeFeatured?: boolean;
};

/** /soon-available (docs/product.md, "Lists and their order"): status soonavailable, in pages of 100 (8 on home). */
export function findSoonAvailable(db: Db, options: SoonAvailableOptions = {}): Promise<DomainPage> {
  const where = soonAvailablePredicate(options.includeFeatured ?? true);
  return selectCardPage(db, where, soonAvailableOrder(options.sort ?? DEFAULT_SOON_SORT), options);
}

/**
 * The exact number behind "Visar {n} av {total} domäner", from the totals
 * the database keeps (countDomains): the same cost at a million names as at
 * ten, so every page view reads it.
 */
export function countSoonAvailable(db: Db, options: { includeFeatured?: boolean } = {}): Promise<number> {
  return countDomains(db, { statuses: ["soonavailable"], featured: (options.includeFeatured ?? true) ? undefined : false });
}
