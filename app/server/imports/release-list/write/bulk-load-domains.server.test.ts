import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { createDomain, createDomains } from "~tests/factories/domains";
import { REGISTRY_SAMPLE_FILE, importTuned, jsonList, numberedEntries, type TunedImportOptions } from "~tests/factories/imports";
import { createTestDatabase, describeEachEngine, freshDatabaseEachTest, postgresAvailable } from "~tests/setup/test-db";
import { adminUrl } from "~tests/setup/test-db-names";

const NOW = new Date("2021-07-01T10:00:00Z");
const SAMPLE = { source: { kind: "file" as const, path: REGISTRY_SAMPLE_FILE }, trigger: "cli" };
// Every list of these tests is a bulk load when bulkLoadFrom is 1, and never one with the default (50,000 new names).
const BULK: TunedImportOptions = { now: NOW, batchSize: 40, bulkLoadFrom: 1 };

/** Two names of the sample already stored: one released and taken again, one premium (its status must survive). */
const storeTwoSampleNames = (handle: DatabaseHandle) =>
  createDomains(handle.db, [
    { name: "0123.se", status: "registered", releaseDate: "2020-01-01" },
    { name: "016padel.se", status: "premium", price: 9_000, releaseDate: null },
  ]);

/** Everything an import leaves that must not depend on how it was written. */
async function snapshot(handle: DatabaseHandle) {
  const query = <Row>(text: string) => handle.query<Row>(text);
  return {
    domains: await query(
      `select name, unicode_name, tld, status, is_featured, length, score, price, release_date::text, search_keys, name_chars, word_class
         from domains order by name`,
    ),
    events: await query("select domain_name, type, from_status, to_status, detail from domain_events order by domain_name, id"),
    listCounts: await query(
      "select status, is_featured, sum(n)::int as n from domain_list_counts group by 1, 2 having sum(n) <> 0 order by 1, 2",
    ),
    filterCounts: await query(
      `select tld, status, release_date::text, length, name_chars, sum(n)::int as n
         from (select tld, status, release_date, length, name_chars, n from domain_filter_counts
               union all select tld, status, release_date, length, name_chars, n from domain_filter_count_changes) as rows
        group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`,
    ),
    indexes: await query("select indexname, indexdef from pg_indexes where tablename in ('domains', 'domain_events') order by indexname"),
    triggers: await query<{ tgname: string; tgenabled: string }>(
      "select tgname, tgenabled from pg_trigger where tgrelid = 'domains'::regclass and not tgisinternal order by tgname",
    ),
  };
}

/** The index objects themselves: a bulk load drops and builds them again (new oids); a write through the indexes keeps them. */
const indexOids = (handle: DatabaseHandle, table: "domains" | "domain_events" = "domains") =>
  handle.query<{ oid: number }>("select indexrelid::int as oid from pg_index where indrelid = $1::regclass order by 1", [table]);

describeEachEngine("bulk load of a first release list", ({ handle, engine }) => {
  it("leaves exactly what writing through the indexes leaves: rows, events, totals, indexes and triggers", async () => {
    const other = await createTestDatabase(engine);
    try {
      await storeTwoSampleNames(handle());
      await storeTwoSampleNames(other);
      const indexesBefore = await indexOids(handle());
      const eventIndexesBefore = await indexOids(handle(), "domain_events");

      const bulk = await importTuned(handle(), SAMPLE, BULK);
      const through = await importTuned(other, SAMPLE, { now: NOW, batchSize: 40 });

      expect(bulk).toEqual({ ...through, runId: bulk.runId });
      expect(bulk).toMatchObject({ inserted: 154, updated: 2 });
      expect(await indexOids(handle())).not.toEqual(indexesBefore);
      // The events' own index too (not their primary key): the table held fewer events than the list brought names.
      const eventIndexesAfter = await indexOids(handle(), "domain_events");
      expect(eventIndexesAfter).toHaveLength(2);
      expect(eventIndexesAfter.filter((index) => eventIndexesBefore.some((before) => before.oid === index.oid))).toHaveLength(1);
      expect(await snapshot(handle())).toEqual(await snapshot(other));
      const { triggers } = await snapshot(handle());
      expect(triggers.length).toBeGreaterThan(0);
      expect(triggers).toEqual(triggers.map(({ tgname }) => ({ tgname, tgenabled: "O" })));
    } finally {
      await other.close();
    }
  });

  it("keeps the totals counting after the load", async () => {
    await importTuned(handle(), SAMPLE, BULK);
    await createDomain(handle().db, { name: "efter-laddningen.se", status: "available" });
    const { listCounts } = await snapshot(handle());
    expect(listCounts).toContainEqual({ status: "available", is_featured: false, n: 1 });
    expect(listCounts).toContainEqual({ status: "soonavailable", is_featured: false, n: 156 });
  });

  it("writes the events through their index when domain_events already holds as many rows as the list brings names", async () => {
    await handle().query(
      `insert into domain_events (domain_name, type, to_status, source)
       select 'tidigare-' || i || '.se', 'imported', 'soonavailable', 'import:0' from generate_series(1, 200) as i`,
    );
    const eventIndexesBefore = await indexOids(handle(), "domain_events");
    const indexesBefore = await indexOids(handle());
    const summary = await importTuned(handle(), SAMPLE, BULK);
    expect(summary).toMatchObject({ inserted: 156 });
    expect(await indexOids(handle())).not.toEqual(indexesBefore);
    expect(await indexOids(handle(), "domain_events")).toEqual(eventIndexesBefore);
    const [{ events }] = await handle().query<{ events: number }>(
      "select count(*)::int as events from domain_events where type = 'imported'",
    );
    expect(events).toBe(356);
  });

  it("writes through the indexes when the table already holds as many names as the list brings", async () => {
    await createDomains(
      handle().db,
      numberedEntries(5, { prefix: "lagrad" }).map((entry) => ({ name: entry.name, status: "available" as const })),
    );
    const indexesBefore = await indexOids(handle());
    const summary = await importTuned(
      handle(),
      { source: { kind: "bytes", bytes: jsonList(numberedEntries(5)), fileName: "list.json" }, trigger: "upload" },
      BULK,
    );
    expect(summary).toMatchObject({ inserted: 5 });
    expect(await indexOids(handle())).toEqual(indexesBefore);
  });

  it("brings back every index, trigger and total when it crashes half-way", async () => {
    await storeTwoSampleNames(handle());
    const before = await snapshot(handle());
    const indexesBefore = await indexOids(handle());
    const eventIndexesBefore = await indexOids(handle(), "domain_events");
    const crash = importTuned(handle(), SAMPLE, {
      ...BULK,
      beforeBatch: (index) => {
        if (index === 2) throw new Error("simulated crash in batch 3");
      },
    });
    await expect(crash).rejects.toThrow("simulated crash in batch 3");
    expect(await snapshot(handle())).toEqual(before);
    expect(await indexOids(handle())).toEqual(indexesBefore);
    expect(await indexOids(handle(), "domain_events")).toEqual(eventIndexesBefore);
  });
});

/** Imports the sample as `importer` in bulk mode and checks it went in through the indexes: the same index objects, totals kept by the triggers. */
async function expectWrittenThroughIndexes(handle: DatabaseHandle, importer: DatabaseHandle) {
  const indexesBefore = await indexOids(handle);
  const summary = await importTuned(importer, SAMPLE, BULK);
  expect(summary).toMatchObject({ inserted: 156 });
  expect(await indexOids(handle)).toEqual(indexesBefore);
  const { listCounts } = await snapshot(handle);
  expect(listCounts).toEqual([{ status: "soonavailable", is_featured: false, n: 156 }]);
}

/** Waits until a session waits for a lock on `table` (the import, queued behind another session's write). */
async function waitForLockWaiter(handle: DatabaseHandle, table: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [{ waiting }] = await handle.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_locks where relation = $1::regclass and not granted",
      [table],
    );
    if (waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no session waited for ${table}`);
}

// A second session holding the table: only PostgreSQL has several connections (PGlite is one).
describe.skipIf(!postgresAvailable())("bulk load of a first release list, when it cannot have the table [postgres]", () => {
  const handle = freshDatabaseEachTest("postgres");

  it("writes through the indexes when another session keeps the table busy", async () => {
    const reader = await handle().pool!.connect();
    try {
      // A long read: holds the lock a bulk load needs for longer than the import waits for it.
      await reader.query("begin");
      await reader.query("select count(*) from domains");
      await expectWrittenThroughIndexes(handle(), handle());
    } finally {
      await reader.query("rollback");
      reader.release();
    }
  });

  it("classifies the list after taking the table: a listed name another session stores meanwhile is written as a stored one", async () => {
    const writer = await handle().pool!.connect();
    try {
      // Stored, not yet committed: the import waits for the table until the writer commits.
      await writer.query("begin");
      await writer.query(
        "insert into domains (name, unicode_name, tld, status, length, price) values ('016padel.se', '016padel.se', '.se', 'premium', 8, 9000)",
      );
      const importing = importTuned(handle(), SAMPLE, BULK);
      await waitForLockWaiter(handle(), "domains");
      await writer.query("commit");

      expect(await importing).toMatchObject({ inserted: 155, updated: 1 });
    } finally {
      writer.release();
    }
    const [padel] = await handle().query("select status, price, release_date::text from domains where name = '016padel.se'");
    expect(padel).toEqual({ status: "premium", price: 9000, release_date: "2021-08-14" });
    const { listCounts } = await snapshot(handle());
    expect(listCounts).toEqual([
      { status: "premium", is_featured: false, n: 1 },
      { status: "soonavailable", is_featured: false, n: 155 },
    ]);
  });

  it("gives the table back when the list, once classified, brings fewer new names than the table holds", async () => {
    const sample = await importTuned(handle(), SAMPLE, { now: NOW, batchSize: 40 });
    await handle().query("delete from domains where name in (select name from domains order by name limit 10)");
    const indexesBefore = await indexOids(handle());
    const heldDuringBatches: number[] = [];
    const summary = await importTuned(handle(), SAMPLE, {
      ...BULK,
      // Another connection asks whether anyone holds domains exclusively while the batches are written.
      beforeBatch: async () => {
        const [{ held }] = await handle().query<{ held: number }>(
          "select count(*)::int as held from pg_locks where relation = 'domains'::regclass and mode = 'AccessExclusiveLock'",
        );
        heldDuringBatches.push(held);
      },
    });
    expect(summary).toMatchObject({ inserted: 10, updated: sample.inserted - 10 });
    expect(heldDuringBatches.length).toBeGreaterThan(0);
    expect(heldDuringBatches.every((held) => held === 0)).toBe(true);
    expect(await indexOids(handle())).toEqual(indexesBefore);
  });

  it("writes through the indexes when the app's database role does not own the table", async () => {
    const [{ database }] = await handle().query<{ database: string }>("select current_database() as database");
    const role = `${database}_writer`;
    await handle().query(`create role ${role} login`);
    await handle().query(`grant all on all tables in schema public to ${role}`);
    await handle().query(`grant all on all sequences in schema public to ${role}`);
    const url = new URL(adminUrl(process.env.TEST_DATABASE_URL!, database));
    url.username = role;
    const writer = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused", maxConnections: 2 });
    try {
      await expectWrittenThroughIndexes(handle(), writer);
    } finally {
      await writer.close();
      await handle().query(`drop owned by ${role}`);
      await handle().query(`drop role ${role}`);
    }
  });
});
