import pg from "pg";
import { openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { seedDemo } from "~/server/demo/seed-demo.server";

/** The benchmark database on a PostgreSQL server: created, migrated and filled with demo names up to `size`. */
export async function prepareBenchDatabase(options: { serverUrl: string; name: string; size: number }) {
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [options.name]);
  if (exists.rowCount === 0) await admin.query(`create database ${options.name}`);
  await admin.end();
  const url = new URL(options.serverUrl);
  url.pathname = `/${options.name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  try {
    await migrateDatabase(handle);
    const [row] = await handle.query<{ count: number }>("select count(*)::int as count from domains");
    if (row.count < options.size) {
      console.log(`Filling ${options.name} with ${options.size - row.count} demo domains...`);
      await seedDemo(handle, { size: options.size - row.count, now: new Date(), seed: row.count + 1 });
      await handle.query("vacuum analyze domains");
    }
  } finally {
    await handle.close();
  }
  return url.toString();
}
