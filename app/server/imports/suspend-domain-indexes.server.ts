import type { TransactionQuery } from "./with-transaction.server";

/**
 * How long a large first load waits for the domains table: readers that are
 * mid-query finish first. If it cannot have the table by then (a long report,
 * a stuck session), the import writes row by row with the indexes in place.
 */
const LOCK_WAIT = "3s";

type IndexDefinition = { name: string; definition: string };

/**
 * For a load that brings more names than the table holds (the first import of
 * a fresh install, or a list that dwarfs what is stored): drops the domains
 * table's secondary indexes inside the import's transaction and hands back a
 * function that builds them again from their own definitions, as pg_restore
 * does. Building an index from sorted rows costs a fraction of updating it
 * once per written row; the search-token GIN index alone is most of a row's
 * write cost.
 *
 * The price is the lock: DROP INDEX takes the table exclusively until the
 * transaction ends, so every reader of domains (public pages, the backoffice)
 * waits for the whole import instead of seeing the old rows. That is why it is
 * only used when the new names outnumber the stored ones: the visitors then
 * see little that waiting hides. Everything stays one transaction: a crash or
 * a failed build rolls back the rows and the drops together, and the table is
 * as it was, indexes included.
 *
 * Returns null (nothing dropped) when the lock cannot be had within LOCK_WAIT;
 * the caller then writes with the indexes in place.
 */
export async function suspendDomainIndexes(
  query: TransactionQuery,
  options: { waitForReaders: boolean },
): Promise<{ rebuild(): Promise<void>; dropped: string[] } | null> {
  if (!(await lockDomainsTable(query, options.waitForReaders))) return null;
  // Indexes that back a constraint (the primary key: ON CONFLICT needs it) stay.
  const indexes = await query<IndexDefinition>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'domains'::regclass
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
  );
  for (const index of indexes) await query(`drop index ${quoteIdentifier(index.name)}`);
  return {
    dropped: indexes.map((index) => index.name),
    async rebuild() {
      for (const index of indexes) await query(index.definition);
    },
  };
}

/**
 * Takes the table exclusively, waiting at most LOCK_WAIT for readers already
 * inside it. A timeout is caught at a savepoint so the import's transaction
 * carries on. Without concurrent readers (PGlite: one connection) it just locks.
 */
async function lockDomainsTable(query: TransactionQuery, waitForReaders: boolean): Promise<boolean> {
  if (!waitForReaders) {
    await query("lock table domains in access exclusive mode");
    return true;
  }
  await query("savepoint suspend_domain_indexes");
  try {
    await query(`set local lock_timeout = '${LOCK_WAIT}'`);
    await query("lock table domains in access exclusive mode");
    await query("set local lock_timeout to default");
    await query("release savepoint suspend_domain_indexes");
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    // Also undoes the SET LOCAL made after the savepoint.
    await query("rollback to savepoint suspend_domain_indexes");
    await query("release savepoint suspend_domain_indexes");
    return false;
  }
}

const LOCK_NOT_AVAILABLE = "55P03";

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
