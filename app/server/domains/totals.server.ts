/**
 * The list totals kept by the database's triggers (decision 0011, decision 0024): read
 * them, and count them again from the table when they cannot be trusted.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DatabaseHandle, Db } from "~/server/db/client.server";
import { domainListCounts, type DomainStatus } from "~/server/db/schema/index.server";
import { type TransactionQuery, withTransaction } from "~/server/db/with-transaction.server";

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

/**
 * Counts the list and backoffice totals (domain_list_counts, decision 0011;
 * domain_filter_counts, decision 0024) from the table itself (decision 0045),
 * for when they cannot be trusted: after anyone wrote `domains` with its triggers off
 * (`session_replication_role = replica`, a restore). Writers wait for the
 * few seconds it takes; readers do not. Returns how many names it counted.
 */
export async function recountDomainTotals(handle: DatabaseHandle): Promise<number> {
  return withTransaction(handle, async (query) => {
    // Writes wait; a writer that had started has committed before this lock is granted, so none holds uncounted changes.
    await query("lock table domains in share row exclusive mode");
    return recountHeldDomainTotals(query);
  });
}

/** The recount itself, in a transaction that already keeps other writers off `domains` (the bulk load holds it exclusively). */
export async function recountHeldDomainTotals(query: TransactionQuery): Promise<number> {
  await query("delete from domain_list_counts");
  await query(
    "insert into domain_list_counts (status, is_featured, n) select status, is_featured, count(*) from domains group by status, is_featured",
  );
  await query("delete from domain_filter_count_changes");
  await query("delete from domain_filter_counts");
  await query(
    `insert into domain_filter_counts (tld, status, release_date, length, name_chars, n)
     select tld, status, release_date, length, name_chars, count(*) from domains
      group by tld, status, release_date, length, name_chars`,
  );
  const [{ names }] = await query<{ names: number }>("select coalesce(sum(n), 0)::int as names from domain_list_counts");
  return names;
}
