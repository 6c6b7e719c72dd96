import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase, dropDatabase } from "~tests/support/postgres-databases";
import { postgresAvailable } from "~tests/setup/test-db";
import { openDatabase, openMemoryDatabase, type DatabaseHandle } from "./client.server";
import { MIGRATIONS_FOLDER, migrateDatabase } from "./migrate.server";

/** A copy of the migrations folder that ends with migration `lastIdx`: a database as an older release left it. */
function migrationsThrough(lastIdx: number): string {
  const folder = mkdtempSync(join(tmpdir(), "snart-migrations-"));
  mkdirSync(join(folder, "meta"));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= lastIdx);
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const file of readdirSync(MIGRATIONS_FOLDER))
    if (file.endsWith(".sql")) copyFileSync(join(MIGRATIONS_FOLDER, file), join(folder, file));
  return folder;
}

const engines = [
  {
    engine: "pglite",
    async open(folder: string) {
      const handle = await openMemoryDatabase();
      await migratePglite(handle.db as never, { migrationsFolder: folder });
      return { handle, drop: () => handle.close() };
    },
  },
  {
    engine: "postgres",
    async open(folder: string) {
      const name = `snart_m0020_${process.pid}`;
      const handle = await openDatabase({
        databaseUrl: await createFreshDatabase(process.env.TEST_DATABASE_URL!, name),
        dataDir: "unused",
      });
      await migrateNodePg(handle.db as never, { migrationsFolder: folder });
      return {
        handle,
        drop: async () => {
          await handle.close();
          await dropDatabase(process.env.TEST_DATABASE_URL!, name);
        },
      };
    },
  },
] as const;

for (const { engine, open } of engines) {
  describe.skipIf(engine === "postgres" && !postgresAvailable())(
    `migration 0022 on a database with several configurations of a TLD [${engine}]`,
    () => {
      let folder: string;
      let database: { handle: DatabaseHandle; drop: () => Promise<void> };
      beforeAll(async () => {
        folder = migrationsThrough(19);
        database = await open(folder);
        const handle = database.handle;
        // Migration 0001 added the registry's two lists; an administrator then added two more .se lists.
        await handle.query(
          `insert into tld_imports (tld, url, created_at) values
           ('.se', 'https://example.se/del-av-listan.json', '2030-01-02T00:00:00Z'),
           ('.se', 'https://example.se/en-till.json', '2030-01-03T00:00:00Z')`,
        );
        await handle.query(
          `insert into import_runs (tld, tld_import_id, source, trigger, state)
         select tld, id, url, 'schedule', 'succeeded' from tld_imports
         union all select '.se', null, 'upload:lista.json', 'upload', 'succeeded'`,
        );
        await migrateDatabase(handle);
      }, 120_000);
      afterAll(async () => {
        await database?.drop();
        rmSync(folder, { recursive: true, force: true });
      });

      it("keeps the oldest configuration of each TLD enabled and disables the others, recording why", async () => {
        const configs = await database.handle.query<{ tld: string; url: string; enabled: boolean }>(
          "select tld, url, enabled from tld_imports order by created_at, id",
        );
        expect(configs).toEqual([
          { tld: ".se", url: "https://data.internetstiftelsen.se/bardate_domains.json", enabled: true },
          { tld: ".nu", url: "https://data.internetstiftelsen.se/bardate_domains_nu.json", enabled: true },
          { tld: ".se", url: "https://example.se/del-av-listan.json", enabled: false },
          { tld: ".se", url: "https://example.se/en-till.json", enabled: false },
        ]);
        const changes = await database.handle.query<{ action: string; before: unknown; after: unknown; changed_by: string }>(
          "select action, before, after, changed_by from tld_import_changes order by tld_import_id",
        );
        expect(changes).toEqual(
          ["https://example.se/del-av-listan.json", "https://example.se/en-till.json"].map((url) => ({
            action: "updated",
            before: { tld: ".se", url, enabled: true },
            after: { tld: ".se", url, enabled: false },
            changed_by: "migration 0022 (a second configuration of the TLD)",
          })),
        );
      });

      it("refuses a second enabled configuration of a TLD from then on", async () => {
        await expect(
          database.handle.query("update tld_imports set enabled = true where url = 'https://example.se/en-till.json'"),
        ).rejects.toThrow(/tld_imports_one_enabled_per_tld/);
        await expect(
          database.handle.query("insert into tld_imports (tld, url) values ('.nu', 'https://example.se/nu.json')"),
        ).rejects.toThrow(/tld_imports_one_enabled_per_tld/);
      });

      it("marks the runs of configured lists as complete lists, and uploads not", async () => {
        const runs = await database.handle.query<{ source: string; complete_list: boolean }>(
          "select source, complete_list from import_runs order by id",
        );
        expect(runs.map((run) => run.complete_list)).toEqual([true, true, true, true, false]);
      });
    },
  );
}
