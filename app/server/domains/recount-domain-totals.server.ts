import type { DatabaseHandle } from "~/server/db/client.server";
import { withTransaction, type TransactionQuery } from "~/server/db/with-transaction.server";

/**
 * Counts the list and backoffice totals (domain_list_counts, decision 0011;
 * domain_filter_counts, decision 0024) from the table itself, for when they
 * cannot be trusted: after anyone wrote `domains` with its triggers off
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
