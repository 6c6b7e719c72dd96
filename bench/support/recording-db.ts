import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Db } from "~/server/db/client.server";
import * as schema from "~/server/db/schema/index.server";

export type RecordedQuery = { sql: string; params: unknown[] };

/**
 * The app's Drizzle database on a pool, remembering every statement it sends,
 * so the benchmark can EXPLAIN exactly what the list functions ran.
 */
export function createRecordingDb(pool: pg.Pool) {
  let recorded: RecordedQuery[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => recorded.push({ sql, params }) },
  }) as unknown as Db;
  return {
    db,
    /** Runs `work` and returns the statements it sent. */
    async record(work: (db: Db) => Promise<unknown>): Promise<RecordedQuery[]> {
      recorded = [];
      await work(db);
      const queries = recorded;
      recorded = [];
      return queries;
    },
  };
}
