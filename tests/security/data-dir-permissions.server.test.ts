// The outside probe's finding 4: the embedded database's files were
// world-writable (0666: system catalogs, pg_control, pg_hba.conf), and a CLI
// client holding a transaction open on the server's socket froze the site.
// Here: a new data folder and every file in it are private; a folder with
// world-writable files left by an older version is made private at start; a
// folder others may write to is refused; the socket is 0600; and a socket
// client idle in its transaction is cut off and rolled back.
import type { PGlite } from "@electric-sql/pglite";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, SOCKET_FILE, type DatabaseHandle } from "~/server/db/client.server";
import { serveEmbeddedDatabase } from "~/server/db/socket-server.server";

let root: string;
let dataDir: string;
let handle: DatabaseHandle | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "snart-data-dir-"));
  dataDir = join(root, "data");
});

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  rmSync(root, { recursive: true, force: true });
});

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

/** Every folder and file under `folder` whose mode lets anyone but the owner in, as "path 0666". */
function openToOthers(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (modeOf(path) & 0o077) found.push(`${path.slice(folder.length)} 0${modeOf(path).toString(8)}`);
  }
  return found;
}

function makeEverythingWorldWritable(folder: string) {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isSymbolicLink()) chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
  }
}

describe("the embedded database's folder", () => {
  it("is created 0700 with every file in it 0600", async () => {
    handle = await openDatabase({ dataDir, mode: "owner" });
    await handle.query("create table t (x int)");
    expect(modeOf(dataDir)).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(readdirSync(dataDir)).toContain("global");
    expect(modeOf(join(dataDir, "global", "pg_control"))).toBe(0o600);
    expect(modeOf(join(dataDir, "pg_hba.conf"))).toBe(0o600);
  });

  it("made private at start when an older version left its files world-writable", async () => {
    handle = await openDatabase({ dataDir, mode: "owner" });
    await handle.close();
    handle = undefined;
    makeEverythingWorldWritable(dataDir);
    chmodSync(dataDir, 0o755);
    expect(openToOthers(dataDir).length).toBeGreaterThan(900);

    handle = await openDatabase({ dataDir, mode: "owner" });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it("is refused when other users may write to it, before anything in it is touched", async () => {
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o777);
    writeFileSync(join(dataDir, "planted"), "x", { mode: 0o666 });
    chmodSync(join(dataDir, "planted"), 0o666);
    await expect(openDatabase({ dataDir, mode: "owner" })).rejects.toThrow(
      `DATA_DIR ${dataDir} is writable by other users (mode 0777): anyone on this machine could change the database's files.`,
    );
    expect(readdirSync(dataDir)).toEqual(["planted"]);
    expect(modeOf(dataDir)).toBe(0o777);

    chmodSync(dataDir, 0o775);
    await expect(openDatabase({ dataDir, mode: "owner" })).rejects.toThrow(/writable by other users \(mode 0775\)/);
  });

  it("does not follow a symbolic link out of the folder when it restricts modes", async () => {
    const outside = join(root, "outside.txt");
    writeFileSync(outside, "not the database's");
    chmodSync(outside, 0o644);
    mkdirSync(dataDir, { mode: 0o700 });
    symlinkSync(outside, join(dataDir, "link"));
    handle = await openDatabase({ dataDir, mode: "owner" });
    expect(modeOf(outside)).toBe(0o644);
  });
});

describe("the embedded database's socket", () => {
  let server: PGLiteSocketServer | undefined;
  let client: pg.Client | undefined;

  afterEach(async () => {
    await client?.end().catch(() => undefined);
    client = undefined;
    await server?.stop();
    server = undefined;
  });

  async function serve(idleInTransactionMs: number) {
    handle = await openDatabase({ dataDir, mode: "owner" });
    const pglite = handle.pglite as PGlite;
    await pglite.exec("create table t (side text)");
    server = await serveEmbeddedDatabase(pglite, join(dataDir, SOCKET_FILE), { idleInTransactionMs });
    client = new pg.Client({ host: dataDir, port: 5432, user: "postgres", database: "template1" });
    await client.connect();
    return pglite;
  }

  it("is 0600 in the 0700 folder", async () => {
    await serve(30_000);
    const socket = join(dataDir, SOCKET_FILE);
    expect(statSync(socket).isSocket()).toBe(true);
    expect(modeOf(socket)).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it("cuts off a client idle in a transaction, rolls its work back, and the site's queries go on", async () => {
    const pglite = await serve(500);
    // pg reports the server's FATAL, then the connection's end, both as 'error' events: the first is the reason.
    const cutOff = new Promise<Error>((resolve) => client!.on("error", resolve));
    await client!.query("begin");
    await client!.query("insert into t values ('cli')");
    // The client now holds the database's transaction lock and sends nothing more.
    const siteQuery = pglite.query("insert into t values ('site')");
    const frozen = new Promise((_, reject) =>
      setTimeout(() => reject(new Error("the site waited 15 s on the idle client")), 15_000).unref(),
    );
    await Promise.race([siteQuery, frozen]);

    const error = (await cutOff) as Error & { code?: string };
    expect(error.code).toBe("25P03");
    expect(error.message).toBe("terminating connection due to idle-in-transaction timeout");
    expect((await pglite.query<{ side: string }>("select side from t")).rows).toEqual([{ side: "site" }]);
    expect(pglite.isInTransaction()).toBe(false);

    // The socket takes the next client.
    client = new pg.Client({ host: dataDir, port: 5432, user: "postgres", database: "template1" });
    await client.connect();
    expect((await client.query("select count(*)::int as n from t")).rows).toEqual([{ n: 1 }]);
  });

  it("leaves alone a client that works in its transaction or idles outside one", async () => {
    const pglite = await serve(500);
    await client!.query("begin");
    await client!.query("insert into t values ('cli')");
    await client!.query("commit");
    // Idle outside a transaction for twice the limit: the site is not held up, so the client stays.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await pglite.query("insert into t values ('site')");
    expect((await client!.query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
    expect(existsSync(join(dataDir, SOCKET_FILE))).toBe(true);
  });
});
