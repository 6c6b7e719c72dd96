import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationIdx, migrationsThrough, olderDatabaseEngines, type OlderDatabase } from "~tests/support/older-database";
import { postgresAvailable } from "~tests/setup/test-db";
import { migrateDatabase } from "./migrate.server";

type Watch = { user_id: string; domain_name: string; created_at: string };

for (const { engine, open } of olderDatabaseEngines) {
  describe.skipIf(engine === "postgres" && !postgresAvailable())(
    `the migration that keeps watches by name, on existing bookmarks [${engine}]`,
    () => {
      let folder: string;
      let database: OlderDatabase;
      const readWatches = () =>
        database.handle.query<Watch>(
          "select user_id, domain_name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as created_at from bookmarks order by user_id, domain_name",
        );
      let before: Watch[];

      beforeAll(async () => {
        folder = migrationsThrough(migrationIdx("watches-by-name") - 1);
        database = await open(folder, `snart_mwatch_${process.pid}`);
        const handle = database.handle;
        // Bookmarks as the release before left them: each pointing at a listed name.
        await handle.query(
          `insert into domains (name, unicode_name, tld, status, length) values
         ('hund.se', 'hund.se', '.se', 'soonavailable', 4),
         ('xn--rksmrgs-5wao1o.se', 'räksmörgås.se', '.se', 'available', 10),
         ('kaffe.nu', 'kaffe.nu', '.nu', 'premium', 5)`,
        );
        await handle.query(
          `insert into "user" (id, name, email, email_verified, created_at, updated_at) values
         ('u1', 'Anna', 'anna@example.se', true, now(), now()), ('u2', 'Bo', 'bo@example.se', true, now(), now())`,
        );
        await handle.query(
          `insert into bookmarks (user_id, domain_name, created_at) values
         ('u1', 'hund.se', '2030-01-01T10:00:00Z'), ('u1', 'xn--rksmrgs-5wao1o.se', '2030-01-02T10:00:00Z'),
         ('u1', 'kaffe.nu', '2030-01-03T10:00:00Z'), ('u2', 'kaffe.nu', '2030-01-04T10:00:00Z')`,
        );
        // A name on no list could not be bookmarked then.
        await expect(handle.query("insert into bookmarks (user_id, domain_name) values ('u2', 'finnsinte.se')")).rejects.toThrow(
          /foreign key/,
        );
        before = await readWatches();
        await migrateDatabase(handle);
      }, 120_000);
      afterAll(async () => {
        await database?.drop();
        rmSync(folder, { recursive: true, force: true });
      });

      it("keeps every existing bookmark as it was: the same users, names and times", async () => {
        expect(before).toHaveLength(4);
        expect(await readWatches()).toEqual(before);
      });

      it("lets a name on no list be watched, and a listed name's deletion keeps its watches", async () => {
        await database.handle.query("insert into bookmarks (user_id, domain_name) values ('u2', 'finnsinte.se')");
        await database.handle.query("delete from domains where name = 'kaffe.nu'");
        const watches = await readWatches();
        expect(watches.map((watch) => `${watch.user_id} ${watch.domain_name}`)).toEqual([
          "u1 hund.se",
          "u1 kaffe.nu",
          "u1 xn--rksmrgs-5wao1o.se",
          "u2 finnsinte.se",
          "u2 kaffe.nu",
        ]);
      });

      it("refuses a key that is not a lower-case .se/.nu name from then on, and still one watch per user and name", async () => {
        for (const bad of ["Hund.se", "hund.com", "a.b.se"]) {
          await expect(database.handle.query("insert into bookmarks (user_id, domain_name) values ('u1', $1)", [bad])).rejects.toThrow(
            /bookmarks_domain_name_check/,
          );
        }
        await expect(database.handle.query("insert into bookmarks (user_id, domain_name) values ('u1', 'hund.se')")).rejects.toThrow(
          /bookmarks_user_domain_unique/,
        );
      });
    },
  );
}
