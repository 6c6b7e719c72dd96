import { count } from "drizzle-orm";
import { DEFAULT_SOON_SORT, type SoonSort } from "~/lib/listing-params";
import type { Db } from "../db/client.server";
import { domains } from "../db/schema/index.server";
import { selectCardPage, type DomainPage, type PageOptions } from "./domain-card-data.server";
import { soonAvailableOrder, soonAvailablePredicate } from "./soon-available-order.server";

export type SoonAvailableOptions = PageOptions & {
  sort?: SoonSort;
  /** Spec: the featured toggle, on by default; off leaves featured names out. */
  includeFeatured?: boolean;
};

/** Spec §7 "Soon-available list": status soonavailable, in pages of 100 (8 on home). */
export function findSoonAvailable(db: Db, options: SoonAvailableOptions = {}): Promise<DomainPage> {
  const where = soonAvailablePredicate(options.includeFeatured ?? true);
  return selectCardPage(db, where, soonAvailableOrder(options.sort ?? DEFAULT_SOON_SORT), options);
}

/**
 * The exact number behind "Visar {n} av {total} domäner". An index-only count
 * over the status-leading index: it grows with the list (see the benchmark),
 * so it is a separate call the page can skip.
 */
export async function countSoonAvailable(db: Db, options: { includeFeatured?: boolean } = {}): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(domains)
    .where(soonAvailablePredicate(options.includeFeatured ?? true));
  return row?.total ?? 0;
}
