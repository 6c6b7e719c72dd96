import { join } from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";

export type BenchEngine = "postgres" | "pglite";

const DEFAULT_IMPORT_DATABASE = "snart_bench_import";

/**
 * An empty, migrated database for the import benchmark: a fresh PostgreSQL
 * database on the given server (dropped again on close), or an embedded one
 * in a data folder on disk, as `npm start` uses.
 */
export async function openBenchDatabase(
  engine: BenchEngine,
  options: { serverUrl?: string; workDir: string; bare?: boolean; databaseName?: string },
) {
  if (engine === "pglite") {
    const handle = await openDatabase({ dataDir: join(options.workDir, "pglite"), mode: "owner" });
    await prepare(handle, options.bare);
    return { handle, databaseUrl: undefined, close: () => handle.close() };
  }
  const name = options.databaseName ?? DEFAULT_IMPORT_DATABASE;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database-name ${name}: use lower-case letters, digits and _`);
  const url = new URL(options.serverUrl!);
  url.pathname = `/${name}`;
  await admin(options.serverUrl!, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused", maxConnections: 3 });
  await prepare(handle, options.bare);
  return {
    handle,
    databaseUrl: url.toString(),
    async close() {
      await handle.close();
      await admin(options.serverUrl!, (client) =>
        client.query(`drop database if exists ${name} with (force)`).then(() => undefined),
      );
    },
  };
}

/**
 * Migrates; with `bare`, also drops every index of domains but its primary
 * key, to tell the pipeline's own cost from what the schema's search and list
 * indexes add to each written row.
 */
async function prepare(handle: DatabaseHandle, bare = false) {
  await migrateDatabase(handle);
  if (!bare) return;
  const indexes = await handle.query<{ indexname: string }>(
    "select indexname from pg_indexes where schemaname = 'public' and tablename = 'domains' and indexname <> 'domains_pkey'",
  );
  for (const { indexname } of indexes) await handle.query(`drop index "${indexname}"`);
}

async function admin(serverUrl: string, work: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
