import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openMemoryDatabase, openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { TEMPLATE_ENV, PG_TEMPLATE_ENV, PG_PREFIX_ENV, adminUrl } from "./test-db-names";

/**
 * Migrates once per run: a PGlite data folder dumped to a file, and (when
 * TEST_DATABASE_URL is set) a PostgreSQL template database. Each test then
 * starts from a copy instead of migrating again.
 */
export default async function globalSetup() {
  // Each vitest project (vitest.config.ts) runs the global setup; the first one's templates serve all.
  if (process.env[TEMPLATE_ENV]) return async () => {};
  const workDir = mkdtempSync(join(tmpdir(), "snart-test-"));
  const template = await openMemoryDatabase();
  await migrateDatabase(template);
  const dump = await template.pglite!.dumpDataDir("none");
  await template.close();
  const templateFile = join(workDir, "pglite-template.tar");
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = templateFile;

  const url = process.env.TEST_DATABASE_URL;
  const prefix = `snart_t${process.pid}`;
  if (url) {
    const templateName = `${prefix}_tpl`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropDatabases(admin, prefix);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: adminUrl(url, templateName), dataDir: workDir, maxConnections: 1 });
    await migrateDatabase(handle);
    await handle.close();
    process.env[PG_TEMPLATE_ENV] = templateName;
    process.env[PG_PREFIX_ENV] = prefix;
  } else {
    console.log("TEST_DATABASE_URL is not set: the PostgreSQL variants of the database tests are skipped (CI sets it).");
  }

  return async () => {
    rmSync(workDir, { recursive: true, force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await dropDatabases(admin, prefix);
      await admin.end();
    }
  };
}

async function dropDatabases(admin: pg.Client, prefix: string) {
  const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${prefix}%`]);
  for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
}
