import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { resolve } from "node:path";
import type { DatabaseHandle } from "./client.server";

// The server runs from the project folder (npm start, tests, CLI), where drizzle/ lives.
export const MIGRATIONS_FOLDER = resolve("drizzle");

// Any fixed number: app instances starting together take turns at migrating.
const MIGRATION_LOCK_KEY = 7_240_411;

/** Applies the committed migrations; safe to run again and from several instances at once. */
export async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    // PGlite learns the array types when it opens; without this, an array of a type a migration
    // just created (domain_status[]) would be sent as "a,b" instead of an array literal.
    await handle.pglite!.refreshArrayTypes();
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
