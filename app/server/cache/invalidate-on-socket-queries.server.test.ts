import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { domainCacheVersion } from "./domain-cache.server";
import { invalidateCachesOnSocketQueries } from "./invalidate-on-socket-queries.server";
import { clearPageCacheForTests, getCachedPage, storeCachedPage } from "./page-cache.server";

// The embedded database as the server runs it: PGlite behind its Unix socket, written by a second client (the CLI).
let folder: string;
let pglite: PGlite;
let server: PGLiteSocketServer;
let client: pg.Client;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "snart-socket-cache-"));
  pglite = await PGlite.create();
  await pglite.exec("create table domains (name text primary key, status text)");
  invalidateCachesOnSocketQueries(pglite);
  server = new PGLiteSocketServer({ db: pglite, path: join(folder, ".s.PGSQL.5432"), maxConnections: 1 });
  await server.start();
  client = new pg.Client({ host: folder, port: 5432, user: "postgres", database: "template1" });
  await client.connect();
});

afterAll(async () => {
  await client.end().catch(() => undefined);
  await server.stop();
  await pglite.close();
  rmSync(folder, { recursive: true, force: true });
  clearPageCacheForTests();
});

const page = () => ({
  body: Buffer.from("<p>page</p>"),
  headers: [],
  nonce: null,
  nonceOffsets: [],
  etag: 'W/"x"',
  version: domainCacheVersion(),
});

it("a write through the socket drops cached pages before the client has its answer", async () => {
  storeCachedPage("desktop /soon-available", page());
  expect(getCachedPage("desktop /soon-available")).not.toBeNull();
  await client.query("insert into domains values ('hund.se', 'soonavailable')");
  expect(getCachedPage("desktop /soon-available")).toBeNull();
});

it("the app's own queries leave the caches alone (they invalidate where they change domains)", async () => {
  storeCachedPage("desktop /", page());
  const before = domainCacheVersion();
  await pglite.query("select count(*) from domains");
  await pglite.query("update domains set status = 'available'");
  expect(domainCacheVersion()).toBe(before);
  expect(getCachedPage("desktop /")).not.toBeNull();
});

it("a transaction through the socket leaves the caches dropped after its commit", async () => {
  await client.query("begin");
  await client.query("insert into domains values ('katt.se', 'soonavailable')");
  storeCachedPage("desktop /d/katt.se", page());
  await client.query("commit");
  expect(getCachedPage("desktop /d/katt.se")).toBeNull();
  expect((await pglite.query("select name from domains where name = 'katt.se'")).rows).toHaveLength(1);
});

it("installing twice wraps once", async () => {
  const bumpsOfOneQuery = async () => {
    const before = domainCacheVersion();
    await client.query("select 1");
    return domainCacheVersion() - before;
  };
  const once = await bumpsOfOneQuery();
  invalidateCachesOnSocketQueries(pglite);
  expect(await bumpsOfOneQuery()).toBe(once);
});
