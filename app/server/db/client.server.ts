import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import * as schema from "./schema/index.server";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.server";
import { restrictDataDirFiles, secureDataDir } from "./data-dir-permissions.server";

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = "pglite" | "postgres" | "pglite-socket";

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  /** Plain SQL with positional parameters, for the bulk paths Drizzle does not express well. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Set for the embedded engine only. */
  pglite?: PGlite;
  /** Set when connected to a server (real PostgreSQL or a running app's embedded one). */
  pool?: pg.Pool;
  close(): Promise<void>;
};

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /**
   * "owner": this process opens the data folder itself (the web server, tests).
   * "client": prefer connecting to a running server's embedded database through
   * its socket, and open the folder only when no server runs (the CLI).
   */
  mode?: "owner" | "client";
  /** Pool size for a real server. */
  maxConnections?: number;
};

/** The file name PostgreSQL clients look for inside `host` when host is a folder. */
export const SOCKET_FILE = ".s.PGSQL.5432";

/**
 * PGlite's start options, the same for the data folder and the tests' in-memory copies.
 * shared_buffers 64 MB instead of the 128 MB initdb writes: PGlite zeroes its whole buffer pool
 * when it starts, inside a WebAssembly memory that never shrinks, so all of it was resident from
 * the first second whatever the data. At 64 MB PGlite's heap holds ~68 MB less (151 → 83 MB
 * resident after the open, 177 → 109 MB after seeding 100,000 names) and the seed, 40 public
 * queries and a 60,000-name import took the same CPU time; pages that no longer fit are read
 * from the operating system's file cache. 32 MB saved ~105 MB but was 7–24% slower in some
 * runs, 16 MB ~30% slower. Figures: docs/decisions/0032-embedded-buffer-pool.md, "Measurements".
 */
const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=64MB"],
};

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return openPool(
      new pg.Pool({
        connectionString: options.databaseUrl,
        max: options.maxConnections ?? 10,
        // A server that is down must fail a request quickly rather than hang it.
        connectionTimeoutMillis: 5000,
        idleTimeoutMillis: 30_000,
      }),
      "postgres",
    );
  }
  const dataDir = resolve(options.dataDir);
  if (options.mode === "client" && existsSync(join(dataDir, SOCKET_FILE))) {
    const viaSocket = await tryOpenSocketPool(dataDir);
    if (viaSocket) return viaSocket;
  }
  secureDataDir(dataDir);
  const lock = acquireDataDirLock(dataDir);
  try {
    const pglite = await PGlite.create(dataDir, PGLITE_OPTIONS);
    // After the open: PGlite has written its files (a new folder's ~1,000 among them) by then.
    restrictDataDirFiles(dataDir);
    return wrapPglite(pglite, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** An embedded database in memory, optionally from a dumped data folder (the test template). */
export async function openMemoryDatabase(template?: Blob): Promise<DatabaseHandle> {
  const pglite = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: template });
  return wrapPglite(pglite);
}

/** A handle on an open PGlite; a new one has its own Drizzle instance, so nothing cached per `Db` carries over (the tests' wiped databases). */
export function wrapPglite(pglite: PGlite, lock?: DataDirLock): DatabaseHandle {
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite,
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await pglite.query<Row>(text, params);
      return result.rows;
    },
    async close() {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function openPool(pool: pg.Pool, kind: DatabaseKind): DatabaseHandle {
  // An idle client losing its server (a restart) must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.warn(`[db] idle connection lost: ${error.message}`));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind,
    pool,
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as Row[];
    },
    async close() {
      await pool.end();
    },
  };
}

async function tryOpenSocketPool(dataDir: string): Promise<DatabaseHandle | undefined> {
  // The running server's socket takes one client at a time, so the CLI uses one connection.
  const pool = new pg.Pool({ host: dataDir, port: 5432, user: "postgres", database: "template1", max: 1 });
  pool.on("error", () => undefined);
  try {
    const probe = await pool.connect();
    probe.release();
    return openPool(pool, "pglite-socket");
  } catch {
    await pool.end().catch(() => undefined);
    return undefined;
  }
}
