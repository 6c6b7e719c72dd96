import { count, sql, type SQL } from "drizzle-orm";
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
 * The exact number behind "Visar {n} av {total} domäner": index-only counts
 * over the status-leading indexes. They grow with the list (see
 * bench:search), so pages reuse them briefly (cachedCount). Without featured
 * names it is all minus the featured ones: "not featured" matches nearly
 * every row and no index narrows it, while "featured" is a small indexed set.
 */
export async function countSoonAvailable(db: Db, options: { includeFeatured?: boolean } = {}): Promise<number> {
  const all = await countWhere(db, soonAvailablePredicate(true));
  if (options.includeFeatured ?? true) return all;
  return all - (await countWhere(db, sql`${domains.status} = 'soonavailable' and ${domains.isFeatured}`));
}

async function countWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(domains).where(where);
  return row?.total ?? 0;
}
