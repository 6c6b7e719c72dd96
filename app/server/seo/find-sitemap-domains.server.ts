import { and, asc, count, gt, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { LISTED_STATUSES } from "~/server/domains/order.server";

// Every query here reads the partial index domains_listed_name_idx
// (name, where status is listed), so paging never sorts the table. The
// statuses are written as literals, not parameters: the planner can only
// use a partial index when it can prove the query implies its predicate.
const listed = sql`${domains.status} in (${sql.raw(LISTED_STATUSES.map((status) => `'${status}'`).join(", "))})`;

/** How many names the sitemaps list. */
export async function countSitemapDomains(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(domains).where(listed);
  return row?.total ?? 0;
}

/**
 * The last name before sitemap page `page` (1-based) starts, so the page can
 * continue by keyset; null for page 1, undefined when the page is past the end.
 */
export async function findSitemapPageStart(db: Db, page: number, pageSize: number): Promise<string | null | undefined> {
  if (page <= 1) return null;
  const [row] = await db
    .select({ name: domains.name })
    .from(domains)
    .where(listed)
    .orderBy(asc(domains.name))
    .offset((page - 1) * pageSize - 1)
    .limit(1);
  return row?.name;
}

export type SitemapDomain = { name: string; unicodeName: string; updatedAt: Date };

/** The next `limit` listed names after `after` (keyset by the ACE name). */
export async function findSitemapDomainChunk(db: Db, after: string | null, limit: number): Promise<SitemapDomain[]> {
  return db
    .select({ name: domains.name, unicodeName: domains.unicodeName, updatedAt: domains.updatedAt })
    .from(domains)
    .where(after === null ? listed : and(listed, gt(domains.name, after)))
    .orderBy(asc(domains.name))
    .limit(limit);
}
