import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, beforeEach, expect, it } from "vitest";
import { guardSocketTransactions } from "./guard-socket-transactions.server";

let folder: string;
let pglite: PGlite;
let server: PGLiteSocketServer;
let client: pg.Client;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "snart-socket-"));
  pglite = await PGlite.create();
  await pglite.exec("create table t (side text)");
  server = new PGLiteSocketServer({ db: guardSocketTransactions(pglite), path: join(folder, ".s.PGSQL.5432"), maxConnections: 1 });
  await server.start();
  client = new pg.Client({ host: folder, port: 5432, user: "postgres", database: "template1" });
  await client.connect();
});

afterEach(async () => {
  await client.end().catch(() => undefined);
  await server.stop();
  await pglite.close();
  rmSync(folder, { recursive: true, force: true });
});

const sides = async () => (await pglite.query<{ side: string }>("select side from t order by side")).rows.map((row) => row.side);
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

it("a socket client's statement waits for the server's open transaction instead of joining it", async () => {
  let clientInsert: Promise<unknown> | undefined;
  await pglite
    .transaction(async (tx) => {
      await tx.query("insert into t values ('server')");
      clientInsert = client.query("insert into t values ('client')");
      await tick();
      throw new Error("the server's import failed");
    })
    .catch(() => undefined);
  await clientInsert;
  // Had the client's insert run inside the server's transaction, the rollback would have taken it too.
  expect(await sides()).toEqual(["client"]);
});

it("the server waits while a socket client holds a transaction, and its ROLLBACK leaves the server's work alone", async () => {
  await client.query("begin");
  await client.query("insert into t values ('client')");
  const serverInsert = pglite.query("insert into t values ('server')");
  await tick();
  await client.query("rollback");
  await serverInsert;
  expect(await sides()).toEqual(["server"]);
});

it("a client that disconnects mid-transaction is rolled back and the server goes on", async () => {
  await client.query("begin");
  await client.query("insert into t values ('client')");
  await client.end();
  await pglite.query("insert into t values ('server')");
  expect(await sides()).toEqual(["server"]);
  expect(pglite.isInTransaction()).toBe(false);
});
