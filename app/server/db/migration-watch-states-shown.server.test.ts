import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WATCH_VISIT_GAP_MS } from "~/domain/watch-list-view";
import { listWatchStatePage } from "~/server/bookmarks/watch-states.server";
import { migrationIdx, migrationsThrough, olderDatabaseEngines, type OlderDatabase } from "~tests/support/older-database";
import { postgresAvailable } from "~tests/setup/test-db";
import { migrateDatabase } from "./migrate.server";

for (const { engine, open } of olderDatabaseEngines) {
  describe.skipIf(engine === "postgres" && !postgresAvailable())(
    `the migration that records watch states shown, on existing watches [${engine}]`,
    () => {
      let folder: string;
      let database: OlderDatabase;

      beforeAll(async () => {
        folder = migrationsThrough(migrationIdx("watch-states-shown") - 1);
        database = await open(folder, `snart_mwstate_${process.pid}`);
        const handle = database.handle;
        await handle.query(
          `insert into domains (name, unicode_name, tld, status, length, release_date) values ('hund.se', 'hund.se', '.se', 'soonavailable', 4, '2099-01-01')`,
        );
        await handle.query(
          `insert into "user" (id, name, email, email_verified, created_at, updated_at) values ('u1', 'Anna', 'anna@example.se', true, now(), now())`,
        );
        await handle.query(
          `insert into bookmarks (user_id, domain_name, created_at) values ('u1', 'hund.se', '2030-01-01T10:00:00Z'), ('u1', 'katt.se', '2030-01-02T10:00:00Z')`,
        );
        await migrateDatabase(handle);
      }, 120_000);
      afterAll(async () => {
        await database?.drop();
        rmSync(folder, { recursive: true, force: true });
      });

      it("keeps every watch, with nothing recorded as shown; the first visit records a baseline without a 'Ny' mark", async () => {
        const rows = await database.handle.query<{ domain_name: string; shown_state: string | null }>(
          "select domain_name, shown_state from bookmarks order by domain_name",
        );
        expect(rows).toEqual([
          { domain_name: "hund.se", shown_state: null },
          { domain_name: "katt.se", shown_state: null },
        ]);
        const now = new Date("2030-02-01T00:00:00Z");
        const view = { sort: "andrad", filter: null, page: 1 } as const;
        const first = await listWatchStatePage(database.handle.db, "u1", view, now);
        expect([first.changed, first.watches.map((watch) => [watch.name, watch.state.kind, watch.isNew])]).toEqual([
          0,
          [
            ["katt.se", "unknown", false],
            ["hund.se", "on_list", false],
          ],
        ]);
        const later = await listWatchStatePage(database.handle.db, "u1", view, new Date(now.getTime() + 2 * WATCH_VISIT_GAP_MS));
        expect(later.changed).toBe(0);
      });
    },
  );
}
