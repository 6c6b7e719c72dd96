import { readFileSync } from "node:fs";
import pg from "pg";
import { afterEach, beforeEach, describe } from "vitest";
import { openDatabase, openMemoryDatabase, wrapPglite, type DatabaseHandle } from "~/server/db/client.server";
import { TEMPLATE_ENV, PG_TEMPLATE_ENV, PG_PREFIX_ENV, adminUrl } from "./test-db-names";
import { readTemplateState, resetToTemplate, type TemplateState } from "./reset-test-database";

export type Engine = "pglite" | "postgres";
export const ENGINES: Engine[] = ["pglite", "postgres"];

let templateBlob: Blob | undefined;
let counter = 0;

/*
 * Opening PGlite from the template takes about a second (starting PostgreSQL in WebAssembly and
 * unpacking 40 MB), and copying a PostgreSQL database and dropping it a quarter of one, over a
 * thousand times a run each. A finished test's database is instead wiped back to the template's
 * state (./reset-test-database.ts) and handed to the next test of the same file, unless the test
 * changed what a wipe cannot undo: then it is closed (dropped) and the next test gets a new copy.
 */
let pgliteTemplate: TemplateState | undefined;
let postgresTemplate: TemplateState | undefined;
let sparePglite: DatabaseHandle | undefined;
let sparePostgres: string | undefined;

/** A PostgreSQL test database's name, and its pool's own close (the handle's close also drops the database). */
const postgresDatabases = new WeakMap<DatabaseHandle, { name: string; closePool: () => Promise<void>; closed: boolean }>();

/** Done with a test's database: wiped for the next test when it can be, else closed (a PostgreSQL one dropped). */
export async function releaseTestDatabase(handle: DatabaseHandle): Promise<void> {
  const pglite = handle.pglite;
  if (pglite) {
    if (!pglite.closed && !sparePglite && pgliteTemplate && (await resetToTemplate(pglite, pgliteTemplate))) {
      sparePglite = handle;
      return;
    }
    return handle.close();
  }
  const database = postgresDatabases.get(handle);
  if (!database || database.closed || sparePostgres || !postgresTemplate) return handle.close();
  database.closed = true;
  await database.closePool();
  if (await resetPostgres(database.name, postgresTemplate)) sparePostgres = database.name;
  else await dropPostgres(database.name);
}

/** A fresh, migrated database: a copy of the run's template (or a used one wiped back to it). Close it when done. */
export async function createTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === "pglite") {
    const spare = sparePglite;
    sparePglite = undefined;
    // A new handle on the wiped instance: what the app caches per Db (domain-cache.server.ts) must not carry over.
    if (spare) return wrapPglite(spare.pglite!);
    templateBlob ??= new Blob([readFileSync(process.env[TEMPLATE_ENV]!)]);
    const handle = await openMemoryDatabase(templateBlob);
    pgliteTemplate ??= await readTemplateState(handle.pglite!);
    return handle;
  }
  const url = process.env.TEST_DATABASE_URL!;
  let name = sparePostgres;
  sparePostgres = undefined;
  if (!name) {
    name = `${process.env[PG_PREFIX_ENV]}_${process.pid}_${++counter}`;
    await withClient(url, (admin) => admin.query(`create database ${name} template ${process.env[PG_TEMPLATE_ENV]}`));
    postgresTemplate ??= await withClient(adminUrl(url, name), readTemplateState);
  }
  const handle = await openDatabase({ databaseUrl: adminUrl(url, name), dataDir: "unused", maxConnections: 5 });
  const database = { name, closePool: handle.close.bind(handle), closed: false };
  postgresDatabases.set(handle, database);
  handle.close = async () => {
    if (database.closed) return;
    database.closed = true;
    await database.closePool();
    await dropPostgres(database.name);
  };
  return handle;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Wiped on a connection of its own, once any session the test left behind (a child's, a stray pool's) has ended. */
async function resetPostgres(name: string, template: TemplateState): Promise<boolean> {
  return withClient(adminUrl(process.env.TEST_DATABASE_URL!, name), async (client) => {
    await client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return resetToTemplate(client, template);
  }).catch(() => false);
}

async function dropPostgres(name: string) {
  await withClient(process.env.TEST_DATABASE_URL!, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

export const postgresAvailable = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * Runs a suite once per engine (PGlite always; PostgreSQL when
 * TEST_DATABASE_URL is set), each test on a fresh database copy.
 * Use `db()` / `handle()` inside tests.
 */
export function describeEachEngine(name: string, suite: (context: { handle: () => DatabaseHandle; engine: Engine }) => void) {
  for (const engine of ENGINES) {
    describe.skipIf(engine === "postgres" && !postgresAvailable())(`${name} [${engine}]`, () => {
      suite({ engine, handle: freshDatabaseEachTest(engine) });
    });
  }
}

/**
 * Inside a describe block: a fresh database copy of `engine` for each of its
 * tests, closed after it. Returns the current test's handle.
 */
export function freshDatabaseEachTest(engine: Engine): () => DatabaseHandle {
  let current: DatabaseHandle | undefined;
  beforeEach(async () => {
    current = await createTestDatabase(engine);
  });
  afterEach(async () => {
    const finished = current;
    current = undefined;
    if (finished) await releaseTestDatabase(finished);
  });
  return () => {
    if (!current) throw new Error("The test database is only available inside a test.");
    return current;
  };
}
