import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsThrough, olderDatabaseEngines, type OlderDatabase } from "~tests/support/older-database";
import { postgresAvailable } from "~tests/setup/test-db";
import { migrateDatabase } from "./migrate.server";

for (const { engine, open } of olderDatabaseEngines) {
  describe.skipIf(engine === "postgres" && !postgresAvailable())(
    `migration 0022 on a database with several configurations of a TLD [${engine}]`,
    () => {
      let folder: string;
      let database: OlderDatabase;
      beforeAll(async () => {
        folder = migrationsThrough(19);
        database = await open(folder, `snart_m0020_${process.pid}`);
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
