import { bulkArrayEncoder, type BulkArrayEncoder } from "./array-literal.server";
import type { DatabaseHandle } from "./client.server";

/**
 * Plain SQL with positional parameters, run on the transaction's own
 * connection; `array` encodes a large array parameter the way this engine
 * takes it best (array-literal.server.ts).
 */
export type TransactionQuery = (<Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>) & {
  array: BulkArrayEncoder;
};

/**
 * Runs `work` in one transaction on one connection, with plain SQL (the bulk
 * paths pass whole arrays as parameters, which Drizzle's `sql` template would
 * spread into lists). Commits when `work` resolves, rolls back when it throws.
 *
 * On the embedded engine the transaction holds the whole database: PGlite is
 * one connection, so other queries of the process wait until it ends.
 */
export async function withTransaction<T>(handle: DatabaseHandle, work: (query: TransactionQuery) => Promise<T>): Promise<T> {
  if (handle.pglite) {
    return handle.pglite.transaction(async (tx) =>
      work(withArrays(async <Row>(text: string, params: unknown[] = []) => (await tx.query<Row>(text, params)).rows, handle)),
    );
  }
  const client = await handle.pool!.connect();
  let broken = false;
  try {
    await client.query("begin");
    const result = await work(withArrays(async <Row>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as Row[], handle));
    await client.query("commit");
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped instead of going back to the pool.
    await client.query("rollback").catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}

function withArrays(query: <Row>(text: string, params?: unknown[]) => Promise<Row[]>, handle: DatabaseHandle): TransactionQuery {
  return Object.assign(query, { array: bulkArrayEncoder(handle.kind) }) as TransactionQuery;
}
