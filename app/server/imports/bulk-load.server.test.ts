import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.server";
import { createDomains } from "../../../tests/factories/domains";
import { jsonList, numberedEntries } from "../../../tests/factories/imports";
import { createTestDatabase, describeEachEngine, postgresAvailable } from "../../../tests/setup/test-db";
import { importReleaseList, type ImportRequest } from "./import-release-list.server";

// A large first load drops the domains indexes and builds them again in the
// import's transaction (suspendDomainIndexes). bulkLoadMinNew lowers the size
// that triggers it, so a small list takes the same path.
const NOW = new Date("2030-02-01T10:00:00Z");
const BULK = { now: NOW, batchSize: 10, bulkLoadMinNew: 5 };

const upload = (count: number): ImportRequest => ({
  source: { kind: "bytes", bytes: jsonList(numberedEntries(count)), fileName: "list.json" },
  trigger: "upload",
});

async function countExclusiveLocks(handle: DatabaseHandle) {
  const [row] = await handle.query<{ locks: number }>(
    "select count(*)::int as locks from pg_locks where relation = 'domains'::regclass and mode = 'AccessExclusiveLock' and granted",
  );
  return row.locks;
}

describeEachEngine("importReleaseList, large first load", ({ handle, engine }) => {
  const indexes = () =>
    handle().query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where tablename = 'domains' order by indexname",
    );
  const rows = () => handle().query("select name, status, release_date::text, score, updated_at from domains order by name");
  const exclusiveLocksOnDomains = () => countExclusiveLocks(handle());

  it("loads a list that outnumbers the stored names and leaves every index as it was", async () => {
    await createDomains(handle().db, [
      { name: "namn-1.se", status: "available", releaseDate: "2029-01-01" },
      { name: "annat.se", status: "soonavailable", releaseDate: "2030-01-01" },
    ]);
    const before = await indexes();
    const locksDuringBatches: number[] = [];

    const summary = await importReleaseList(handle(), upload(35), {
      ...BULK,
      beforeBatch: async (index) => {
        // Another connection sees the import's exclusive lock (PGlite has one connection: nothing to look from).
        if (engine === "postgres" && index === 1) locksDuringBatches.push(await exclusiveLocksOnDomains());
      },
    });

    expect(summary).toMatchObject({ total: 35, processed: 35, inserted: 34, updated: 1, failed: 0 });
    if (engine === "postgres") expect(locksDuringBatches).toEqual([1]);
    expect(await indexes()).toEqual(before);
    const [counts] = await handle().query<{ soon: number; events: number }>(
      `select (select count(*)::int from domains where status = 'soonavailable') as soon,
              (select count(*)::int from domain_events where type = 'imported') as events`,
    );
    expect(counts).toEqual({ soon: 36, events: 34 });
    // The rebuilt indexes answer: an index-only lookup finds the loaded names.
    const [found] = await handle().query<{ name: string }>(
      "select name from domains where status = 'soonavailable' and release_date = '2030-03-01' order by release_date, name limit 1",
    );
    expect(found.name).toBe("namn-1.se");
  });

  it("leaves rows and indexes as they were when it crashes half-way", async () => {
    await createDomains(handle().db, [{ name: "annat.se", status: "soonavailable", releaseDate: "2030-01-01" }]);
    const indexesBefore = await indexes();
    const rowsBefore = await rows();

    const crash = importReleaseList(handle(), upload(35), {
      ...BULK,
      beforeBatch: (index) => {
        if (index === 2) throw new Error("simulated crash in batch 3");
      },
    });

    await expect(crash).rejects.toThrow("simulated crash in batch 3");
    expect(await indexes()).toEqual(indexesBefore);
    expect(await rows()).toEqual(rowsBefore);
    const rerun = await importReleaseList(handle(), upload(35), BULK);
    expect(rerun).toMatchObject({ processed: 35, inserted: 35, updated: 0 });
    expect(await indexes()).toEqual(indexesBefore);
  });

  it("keeps the indexes when the list brings fewer new names than are stored", async () => {
    await importReleaseList(handle(), upload(20), { now: NOW });
    const locksDuringBatches: number[] = [];

    const summary = await importReleaseList(handle(), upload(30), {
      ...BULK,
      beforeBatch: async () => {
        if (engine === "postgres") locksDuringBatches.push(await exclusiveLocksOnDomains());
      },
    });

    expect(summary).toMatchObject({ processed: 30, inserted: 10, updated: 20 });
    if (engine === "postgres") expect(locksDuringBatches).toEqual([0, 0, 0]);
  });
});

// Only PostgreSQL has other sessions reading while an import runs.
describe.skipIf(!postgresAvailable())("importReleaseList, large first load while others read [postgres]", () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase("postgres");
  });
  afterEach(() => database.close());

  it("writes row by row when a reader holds the table longer than it waits", async () => {
    const reader = await database.pool!.connect();
    try {
      await reader.query("begin");
      await reader.query("select count(*) from domains");
      const locksDuringBatches: number[] = [];

      const summary = await importReleaseList(database, upload(20), {
        ...BULK,
        beforeBatch: async () => {
          locksDuringBatches.push(await countExclusiveLocks(database));
        },
      });

      expect(summary).toMatchObject({ processed: 20, inserted: 20 });
      expect(locksDuringBatches).toEqual([0, 0]);
    } finally {
      await reader.query("rollback");
      reader.release();
    }
  });
});
