import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domains } from "~/server/db/schema/index.server";
import { nameContainsFilter } from "~/server/domains/name-contains.server";
import type { PremiumDomainRow } from "~/domain/backoffice-rows";

export const PREMIUM_PAGE_SIZE = 50;

/**
 * The Premium tab: premium names by name (docs/product.md, "Lists and their order"), one page at a time, with
 * the total; with `search` (a normalised term, normalizeSearchTerm) only
 * those whose name contains it, in either form.
 */
export async function listPremiumDomains(
  db: Db,
  options: { page: number; pageSize?: number; search?: string | null },
): Promise<{ domains: PremiumDomainRow[]; total: number }> {
  const pageSize = options.pageSize ?? PREMIUM_PAGE_SIZE;
  // The premium names are a hand-kept few: the search tests each of them on the status's stretch of the index.
  const isPremium = and(eq(domains.status, "premium"), options.search ? nameContainsFilter(options.search) : undefined);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        name: domains.name,
        unicodeName: domains.unicodeName,
        price: domains.price,
        description: domains.description,
        bookmarkCount: sql<number>`(select count(*) from ${bookmarks} where ${bookmarks.domainName} = ${domains.name})`.mapWith(Number),
      })
      .from(domains)
      .where(isPremium)
      // Swedish order of the readable name, as the public lists (decision 0010), with the key as tie-break;
      // domains_status_sv_name_idx serves it.
      .orderBy(asc(sql`swedish_sort_key(${domains.unicodeName}) collate "C"`), asc(domains.name))
      .limit(pageSize)
      .offset((Math.max(1, options.page) - 1) * pageSize),
    db.select({ total: count() }).from(domains).where(isPremium),
  ]);
  return { domains: rows, total: Number(totalRow?.total ?? 0) };
}
