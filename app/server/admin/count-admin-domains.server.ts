import { and, sql } from "drizzle-orm";
import type { AdminDomainListQuery } from "~/lib/admin-list-params";
import type { Db } from "../db/client.server";
import { domainFilterCountChanges, domainFilterCounts } from "../db/schema/index.server";
import { adminKeyConditions } from "./admin-domain-filters.server";

/**
 * How many names match every filter of the backoffice list but the search
 * text, exactly: a sum over domain_filter_counts and the changes not yet
 * folded into it, which the database keeps in step with every write to
 * domains (migration 0014). At most one row per combination of TLD, status,
 * release date, length and character class (about 30,000 at a million
 * names) whatever the number of names, so the list reads it on every view.
 */
export async function countAdminDomainsByFilters(db: Db, query: AdminDomainListQuery): Promise<number> {
  if (query.filter.trim() !== "") throw new Error("countAdminDomainsByFilters does not know the search text");
  const pick = (table: typeof domainFilterCounts | typeof domainFilterCountChanges) =>
    db
      .select({ n: table.n })
      .from(table)
      .where(and(...adminKeyConditions(query, table)));
  const both = pick(domainFilterCounts).unionAll(pick(domainFilterCountChanges)).as("counts");
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${both.n}), 0)`.mapWith(Number) }).from(both);
  return row?.total ?? 0;
}
