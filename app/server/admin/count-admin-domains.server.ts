import { and, sql } from "drizzle-orm";
import type { AdminDomainListQuery } from "~/lib/admin-list-params";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/server/db/client.server";
import { domainFilterCountChanges, domainFilterCounts } from "~/server/db/schema/index.server";
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
  const counts = filterCountRows(db, query, []);
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${counts.n}), 0)`.mapWith(Number) }).from(counts);
  return row?.total ?? 0;
}

export type FilterCountKey = "tld" | "status" | "releaseDate" | "length";

/**
 * The rows of domain_filter_counts and of its unfolded changes that match the
 * filters of `query` (all but the search text), with `keys` and `n`, as one
 * subquery ("counts") to sum or group.
 */
export function filterCountRows<Key extends FilterCountKey>(db: Db, query: AdminDomainListQuery, keys: Key[]) {
  const pick = (table: typeof domainFilterCounts | typeof domainFilterCountChanges) =>
    db
      .select({ ...Object.fromEntries(keys.map((key) => [key, table[key]])), n: table.n })
      .from(table)
      .where(and(...adminKeyConditions(query, table)));
  return pick(domainFilterCounts).unionAll(pick(domainFilterCountChanges)).as("counts") as unknown as Record<Key | "n", AnyPgColumn> &
    ReturnType<ReturnType<typeof pick>["as"]>;
}
