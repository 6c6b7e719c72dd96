import type pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { createTestDatabase, postgresAvailable } from "~tests/setup/test-db";
import { countRows, expectExact } from "~tests/support/list-totals";
import type { DatabaseHandle } from "~/server/db/client.server";

// Several connections writing at once: only PostgreSQL has them (PGlite is one connection).
describe.skipIf(!postgresAvailable())("list totals with concurrent writers [postgres]", () => {
  let handle: DatabaseHandle;
  const clients: pg.PoolClient[] = [];
  beforeEach(async () => {
    handle = await createTestDatabase("postgres");
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.release();
    await handle.close();
  });

  /** A connection of its own that gives up after 2 s waiting for a lock, instead of hanging the test. */
  async function connection() {
    const client = await handle.pool!.connect();
    clients.push(client);
    await client.query("set lock_timeout = '2s'");
    return client;
  }
  const setStatus = (client: pg.PoolClient, name: string, status: string) =>
    client.query("update domains set status = $2 where name = $1", [name, status]);

  it("a writer never waits for another's open transaction, even touching the same totals in the other order", async () => {
    const names = (await createDomains(handle.db, 8, { status: "soonavailable" })).map((row) => row.name);
    const importer = await connection();
    const editor = await connection();

    // A long transaction (an import) has moved names between soonavailable and available...
    await importer.query("begin");
    await setStatus(importer, names[0], "available");
    // ...and another writer moves other names between the same two, and commits, without waiting.
    await setStatus(editor, names[1], "available");
    await setStatus(editor, names[2], "registered");

    // Both in one transaction each, taking the totals in opposite orders: no deadlock.
    await editor.query("begin");
    await setStatus(editor, names[3], "registered");
    await setStatus(importer, names[4], "premium");
    await setStatus(editor, names[5], "premium");
    await setStatus(importer, names[6], "registered");
    await editor.query("commit");
    await importer.query("commit");
    await expectExact(handle);
  });

  it("two transactions that both fold the backoffice's totals never wait for each other", async () => {
    // Each statement below adds 2,500 combinations (a release date per name), more than a fold waits for.
    const insertMany = (client: pg.PoolClient, prefix: string) =>
      client.query(
        `insert into domains (name, unicode_name, tld, status, length, release_date)
         select $1 || i || '.se', $1 || i || '.se', '.se', 'soonavailable', 6, date '2030-01-01' + i from generate_series(1, 2500) as i`,
        [prefix],
      );
    const importer = await connection();
    const editor = await connection();
    await importer.query("begin");
    await insertMany(importer, "imp");
    // The importer folded and keeps its fold's locks until it commits; the editor appends and goes on.
    await insertMany(editor, "ed");
    await editor.query("update domains set status = 'available' where name like 'ed%'");
    await importer.query("update domains set status = 'registered' where name like 'imp%'");
    await importer.query("commit");
    await expectExact(handle);
  });

  it("many writers at once keep the totals exact and the table small", async () => {
    const names = (await createDomains(handle.db, 40, { status: "soonavailable" })).map((row) => row.name);
    const statuses = ["soonavailable", "available", "registered", "premium"];
    const writers = await Promise.all([1, 2, 3, 4].map(() => connection()));
    await Promise.all(
      writers.map(async (client, writer) => {
        for (let step = 0; step < 60; step++) {
          // Each writer its own names (no row waits), every writer the same few totals.
          const name = names[writer * 10 + (step % 10)];
          await client.query("update domains set status = $2, is_featured = not is_featured where name = $1", [name, statuses[step % 4]]);
        }
      }),
    );
    await expectExact(handle);
    // Folding skips rows another writer is folding at that moment, so a few more than 64 may be left.
    expect(await countRows(handle)).toBeLessThanOrEqual(64 + 4 * 12);
  });
});
