import pg from "pg";
import { openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { seedDemo } from "~/server/demo/seed-demo.server";

/**
 * A PostgreSQL database holding exactly `size` demo names, migrated to the
 * current schema. Kept between runs of the same size (filling a million rows
 * takes minutes); recreated when the size differs or `fresh` is set.
 */
export async function prepareSearchBenchDatabase(options: { serverUrl: string; name: string; size: number; fresh: boolean }) {
  const url = new URL(options.serverUrl);
  url.pathname = `/${options.name}`;
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  try {
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [options.name])).rowCount !== 0;
    const size = exists && !options.fresh ? await countDomains(url.toString()) : -1;
    if (size === options.size) {
      console.log(`Reusing ${options.name} (${size.toLocaleString("sv-SE")} names).`);
    } else {
      await admin.query(`drop database if exists ${options.name} with (force)`);
      await admin.query(`create database ${options.name}`);
    }
  } finally {
    await admin.end();
  }

  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  try {
    // New migrations (indexes) apply to a reused database too.
    await migrateDatabase(handle);
    const [row] = await handle.query<{ count: number }>("select count(*)::int as count from domains");
    if (row.count === 0) {
      const started = Date.now();
      console.log(`Filling ${options.name} with ${options.size.toLocaleString("sv-SE")} demo names...`);
      await seedDemo(handle, { size: options.size, now: new Date() });
      console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    // The steady state a server reaches with autovacuum (which the benchmark's server may have
    // off): fresh statistics, a visibility map for index-only scans, and the count tables' dead
    // rows from the fill gone.
    await handle.query("vacuum analyze domains, domain_filter_counts, domain_filter_count_changes, domain_list_counts, zone_delegations, zone_changes");
  } finally {
    await handle.close();
  }
  return url.toString();
}

async function countDomains(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "select case when to_regclass('domains') is null then -1 else (select count(*)::int from domains) end as count",
    );
    return rows[0].count;
  } catch {
    return -1;
  } finally {
    await client.end();
  }
}
