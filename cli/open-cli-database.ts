import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { getEnv } from "~/server/env.server";

/**
 * The CLI's database: PostgreSQL when DATABASE_URL is set; otherwise the
 * running web server's embedded database through its socket, or the data
 * folder itself when no server runs (then guarded by the folder's lock).
 */
export async function withCliDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const env = getEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, mode: "client", maxConnections: 2 });
  try {
    if (handle.kind !== "pglite-socket") await migrateDatabase(handle);
    return await work(handle);
  } finally {
    await handle.close();
  }
}
