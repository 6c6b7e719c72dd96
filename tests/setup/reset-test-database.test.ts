import { describe, expect, it } from "vitest";
import { createTestDatabase, ENGINES, postgresAvailable, releaseTestDatabase } from "./test-db";

const ADD_A_NAME =
  "insert into domains (name, unicode_name, tld, status, length) values ('exempel.se', 'exempel.se', '.se', 'available', 7)";

for (const engine of ENGINES) {
  describe.skipIf(engine === "postgres" && !postgresAvailable())(`a finished test's database, wiped for the next [${engine}]`, () => {
    it("comes back with the template's rows, sequences and session, and the next test gets it", async () => {
      const first = await createTestDatabase(engine);
      const database = await first.query("select current_database() as name");
      const seeded = await first.query("select * from tld_imports order by id");
      expect(seeded.length).toBeGreaterThan(0);
      const [{ id: nextRun }] = await first.query<{ id: number }>("select nextval('import_runs_id_seq')::int as id");
      await first.query("select nextval('import_runs_id_seq')");
      await first.query(ADD_A_NAME);
      await first.query("delete from tld_imports");
      await releaseTestDatabase(first);

      const second = await createTestDatabase(engine);
      if (engine === "pglite") expect(second.pglite).toBe(first.pglite);
      // A new handle, so that nothing cached per Db carries over.
      expect(second.db).not.toBe(first.db);
      expect(await second.query("select current_database() as name")).toEqual(database);
      expect(await second.query("select name from domains")).toEqual([]);
      expect(await second.query("select * from tld_imports order by id")).toEqual(seeded);
      const [{ id: again }] = await second.query<{ id: number }>("select nextval('import_runs_id_seq')::int as id");
      expect(again).toBe(nextRun);
      await releaseTestDatabase(second);
    });

    it("is closed instead when the test changed the schema or gathered statistics", async () => {
      const altered = await createTestDatabase(engine);
      await altered.query("create table stray (id int)");
      await releaseTestDatabase(altered);
      const next = await createTestDatabase(engine);
      expect(await next.query("select to_regclass('stray') as stray")).toEqual([{ stray: null }]);
      await next.query(ADD_A_NAME);
      await next.query("analyze domains");
      await releaseTestDatabase(next);
      const after = await createTestDatabase(engine);
      expect(await after.query("select count(*)::int as count from pg_statistic where starelid = 'domains'::regclass")).toEqual([
        { count: 0 },
      ]);
      await after.close();
    });
  });
}
