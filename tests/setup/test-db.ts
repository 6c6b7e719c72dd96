import { readFileSync } from "node:fs";
import pg from "pg";
import { afterEach, beforeEach, describe } from "vitest";
import { openDatabase, openMemoryDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { TEMPLATE_ENV, PG_TEMPLATE_ENV, PG_PREFIX_ENV, adminUrl } from "./test-db-names";
import { readTemplateState, resetToTemplate, type TemplateState } from "./reset-pglite";

export type Engine = "pglite" | "postgres";
export const ENGINES: Engine[] = ["pglite", "postgres"];

let templateBlob: Blob | undefined;
let counter = 0;

/*
 * Opening PGlite from the template takes about a second (starting PostgreSQL in WebAssembly and
 * unpacking 40 MB), over a thousand times a run. A finished test's PGlite is instead wiped back
 * to the template's state (./reset-pglite.ts) and handed to the next test of the same file,
 * unless the test changed what a wipe cannot undo: then it is closed and the next one opens anew.
 */
let pgliteTemplate: TemplateState | undefined;
let sparePglite: DatabaseHandle | undefined;

/** Done with a test's database: a PGlite one is wiped for the next test when it can be, any other closed. */
export async function releaseTestDatabase(handle: DatabaseHandle): Promise<void> {
  const pglite = handle.pglite;
  if (pglite && !pglite.closed && !sparePglite && pgliteTemplate && (await resetToTemplate(pglite, pgliteTemplate))) {
    sparePglite = handle;
    return;
  }
  await handle.close();
}

/** A fresh, migrated database: a copy of the run's template. Close it when done. */
export async function createTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === "pglite") {
    const spare = sparePglite;
    sparePglite = undefined;
    if (spare) return spare;
    templateBlob ??= new Blob([readFileSync(process.env[TEMPLATE_ENV]!)]);
    const handle = await openMemoryDatabase(templateBlob);
    pgliteTemplate ??= await readTemplateState(handle);
    return handle;
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `${process.env[PG_PREFIX_ENV]}_${process.pid}_${++counter}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${process.env[PG_TEMPLATE_ENV]}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: adminUrl(url, name), dataDir: "unused", maxConnections: 5 });
  const close = handle.close.bind(handle);
  handle.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return handle;
}

export const postgresAvailable = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * Runs a suite once per engine (PGlite always; PostgreSQL when
 * TEST_DATABASE_URL is set), each test on a fresh database copy.
 * Use `db()` / `handle()` inside tests.
 */
export function describeEachEngine(
  name: string,
  suite: (context: { handle: () => DatabaseHandle; engine: Engine }) => void,
) {
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
