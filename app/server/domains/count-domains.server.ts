import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { domainListCounts, type DomainStatus } from "~/server/db/schema/index.server";

export type DomainCountKey = {
  statuses: readonly DomainStatus[];
  /** Only featured (true) or only other (false) names; both when left out. */
  featured?: boolean;
};

/**
 * How many domains have one of these statuses: an exact total read from
 * domain_list_counts, which the database keeps in step with every write to
 * domains (migration 0010). A sum over a few dozen rows at most, whatever
 * the number of domains, so the list pages read it on every view instead of
 * counting or caching.
 */
export async function countDomains(db: Db, key: DomainCountKey): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${domainListCounts.n}), 0)`.mapWith(Number) })
    .from(domainListCounts)
    .where(
      and(
        inArray(domainListCounts.status, [...key.statuses]),
        key.featured === undefined ? undefined : eq(domainListCounts.isFeatured, key.featured),
      ),
    );
  return row?.total ?? 0;
}
