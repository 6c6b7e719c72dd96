import type { DatabaseHandle } from "~/server/db/client.server";
import type { TransactionQuery } from "~/server/db/with-transaction.server";
import { recountHeldDomainTotals } from "~/server/domains/totals.server";
import { classifyListedNames, type ListedName, type ListedNameClasses } from "./upsert-release-entries.server";

/**
 * Below this many new names a list is written through the indexes as it
 * goes: dropping and rebuilding them would cost more than it saves, and would
 * hold the table for nothing.
 */
export const MIN_BULK_LOAD_NAMES = 50_000;

/**
 * How long the import waits to have `domains` to itself before it writes
 * through the indexes instead: a long query elsewhere must not stall the
 * import, nor have every page queue behind the waiting import.
 */
const LOCK_WAIT = "3s";

// Sorting a rebuilt index's keys in memory rather than in temporary files (PostgreSQL's own memory; its default is 64 MB).
const BUILD_MEMORY = "256MB";

// The statement triggers that keep the list and filter totals (migrations 0010 and 0014); the load counts once at the end instead.
const COUNT_TRIGGERS = [
  "domain_list_counts_insert",
  "domain_list_counts_update",
  "domain_filter_counts_insert",
  "domain_filter_counts_update",
];

export type FinishBulkLoad = () => Promise<void>;

/** What each listed name needs (classifyListedNames), and how to end a bulk load when one began. */
export type WritePlan = { classes: ListedNameClasses; finishBulkLoad: FinishBulkLoad | null };

/**
 * Classifies the list's names and, for a first load (a list bringing more
 * new names than `domains` holds), begins it the way pg_restore loads a table
 * (decision 0019, as changed by decisions 0046, 0048, 0052 and 0053): inside
 * the import's transaction the secondary indexes are
 * dropped and the counting triggers switched off; once every row is in,
 * `finishBulkLoad` builds the indexes again from their own definitions,
 * counts the totals once and switches the triggers back on. Building an index
 * from 500,000 keys costs far less than inserting them one row at a time. The
 * primary key stays. `domain_events`, which gets an "imported" event per new
 * name, is loaded the same way when it too holds fewer rows than the list
 * brings names (a history of years is written through its index instead).
 *
 * A list that may be a first load is classified after the tables are taken:
 * no other session can then store one of its new names before the load
 * writes it, so those names are inserted plainly (insertNewReleaseEntries),
 * without a conflict check per row. When the classification shows no first
 * load after all, the tables are given back (rolling back to the savepoint
 * releases the lock) and the list is written through the indexes, by the
 * upsert, which handles names stored in the meantime.
 *
 * This holds the tables exclusively until the import commits: readers wait
 * for the load (seconds; the tables held few rows). A rollback, a crash
 * included, brings every index and trigger back as it was. When the list is
 * small, the table already holds as many names, or another session holds a
 * table longer than LOCK_WAIT, nothing changes and the list is written
 * through the indexes as usual (finishBulkLoad null).
 */
export async function classifyAndBeginBulkLoad(
  query: TransactionQuery,
  handle: Pick<DatabaseHandle, "kind">,
  entries: ListedName[],
  options: { now: Date; minNames: number },
): Promise<WritePlan> {
  const { minNames } = options;
  const classify = () => classifyListedNames(query, entries, options.now);
  const writeThrough = async (): Promise<WritePlan> => ({ classes: await classify(), finishBulkLoad: null });
  // A list brings at most as many new names as it has entries: one that cannot be a first load takes nothing.
  if (entries.length < minNames || !(await holdsFewerRows(query, "domains", entries.length))) return writeThrough();
  const eventsToo = await holdsFewerRows(query, "domain_events", entries.length);

  await query("savepoint bulk_load");
  try {
    await takeTables(query, eventsToo ? ["domains", "domain_events"] : ["domains"]);
    const classes = await classify();
    if (classes.newNames < minNames || !(await holdsFewerRows(query, "domains", classes.newNames))) {
      await giveTablesBack(query);
      return { classes, finishBulkLoad: null };
    }
    const rebuilt =
      eventsToo && (await holdsFewerRows(query, "domain_events", classes.newNames)) ? ["domains", "domain_events"] : ["domains"];
    const indexes = await suspendIndexesAndTriggers(query, rebuilt);
    await query("release savepoint bulk_load");
    return { classes, finishBulkLoad: () => finishLoad(query, handle, indexes) };
  } catch (error) {
    // Rolling back to the savepoint undoes all of it: the lock, lock_timeout and any dropped index.
    if (!WRITE_THROUGH_INSTEAD.has((error as { code?: string }).code ?? "")) throw error;
    await giveTablesBack(query);
    return writeThrough();
  }
}

/**
 * Undoes everything since the savepoint (the lock and lock_timeout included)
 * and ends it, so the batches that follow are not written inside it.
 */
async function giveTablesBack(query: TransactionQuery): Promise<void> {
  await query("rollback to savepoint bulk_load");
  await query("release savepoint bulk_load");
}

async function finishLoad(query: TransactionQuery, handle: Pick<DatabaseHandle, "kind">, indexes: IndexDefinition[]): Promise<void> {
  // PGlite sorts inside this process, whose memory it never gives back: there it keeps its default.
  if (handle.kind === "postgres") await query("select set_config('maintenance_work_mem', $1, true)", [BUILD_MEMORY]);
  for (const index of indexes) await query(index.definition);
  // As the switched-off triggers would have left them: no other transaction can hold uncounted changes (see takeTables).
  await recountHeldDomainTotals(query);
  await query(`alter table domains ${COUNT_TRIGGERS.map((trigger) => `enable trigger ${trigger}`).join(", ")}`);
  // The planner's figures for a table that went from (almost) empty to hundreds of thousands of names, before anyone reads it.
  await query("analyze domains");
}

/** Whether `table` holds fewer than `rows` rows; counting stops there (an index-only read of at most that many keys). */
async function holdsFewerRows(query: TransactionQuery, table: "domains" | "domain_events", rows: number): Promise<boolean> {
  const [{ stored }] = await query<{ stored: number }>(
    `select count(*)::int as stored from (select 1 from ${table} limit $1) as stored_rows`,
    [rows],
  );
  return stored < rows;
}

/**
 * Takes `tables` exclusively, waiting at most LOCK_WAIT (a busy table fails
 * with lock_not_available). Any transaction that wrote to them had finished
 * before the lock was granted.
 */
async function takeTables(query: TransactionQuery, tables: string[]): Promise<void> {
  const [{ lockWait }] = await query<{ lockWait: string }>(`select current_setting('lock_timeout') as "lockWait"`);
  await query("select set_config('lock_timeout', $1, true)", [LOCK_WAIT]);
  await query(`lock table ${tables.join(", ")} in access exclusive mode`);
  await query("select set_config('lock_timeout', $1, true)", [lockWait]);
}

type IndexDefinition = { name: string; definition: string };

/**
 * Drops the indexes of `tables` that back no constraint and switches the
 * counting triggers off; returns what was dropped. Fails with
 * insufficient_privilege when this database role does not own a table.
 */
async function suspendIndexesAndTriggers(query: TransactionQuery, tables: string[]): Promise<IndexDefinition[]> {
  const indexes = await query<IndexDefinition>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class c on c.oid = i.indexrelid
      where i.indrelid = any($1::text[]::regclass[])
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
    [tables],
  );
  for (const index of indexes) await query(`drop index ${quoteIdentifier(index.name)}`);
  await query(`alter table domains ${COUNT_TRIGGERS.map((trigger) => `disable trigger ${trigger}`).join(", ")}`);
  return indexes;
}

// lock_not_available (a table stayed busy), deadlock_detected (a session holding domain_events waited for
// domains), insufficient_privilege (not the table's owner).
const WRITE_THROUGH_INSTEAD = new Set(["55P03", "40P01", "42501"]);

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
