import { spawn } from "node:child_process";
import { globSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { closeLeftoverRuns } from "~/server/jobs/close-leftover-runs.server";
import { readZoneFile } from "~/server/zone/zone-file.server";
import { createDomains } from "~tests/factories/domains";
import { ENGINES, postgresAvailable, type Engine } from "~tests/setup/test-db";
import { adminUrl, PG_PREFIX_ENV, PG_TEMPLATE_ENV } from "~tests/setup/test-db-names";
import { HOLDING_LINE } from "~tests/support/zone-apply-child";
import { applyZoneRead } from "~/server/zone/store/apply-zone-read.server";
import { STALE_ZONE_RUN_MESSAGE } from "~/server/zone/store/zone-runs.server";
import { loadZonePage } from "./zone-data.server";

// A process killed in the middle of applying a zone read, on each engine as it runs in production: a
// PGlite data folder on disk and a PostgreSQL database. A child process (tests/support/zone-apply-child.ts,
// through tsx as the CLI runs) applies a staged read of a zone file and is held by a test-only hook inside
// the apply's transaction, after it has written the changes, the delegations and the lists' effects; it
// is SIGKILLed there. Then: the last good snapshot is in force, nothing of the read is applied, the next
// start closes the run as failed, the backoffice's zone page says why, and the same file applies after.

const BASELINE_AT = new Date("2030-06-01T07:00:00Z");
const KILLED_AT = new Date("2030-06-02T07:00:00Z");
const LOOPIA = ["ns1.loopia.se", "ns2.loopia.se"];
const BINERO = ["ns1.binero.se", "ns2.binero.se"];
const NAMES = 2_000;

function zoneFileText(serial: number, names: Record<string, string[]>): string {
  const lines = ["$ORIGIN se.", `@ 3600 IN SOA a.ns.se. hostmaster.nic.se. ${serial} 1800 600 864000 7200`, "@ 3600 IN NS a.ns.se."];
  for (const [name, hosts] of Object.entries(names)) {
    for (const host of hosts) lines.push(`${name}. 3600 IN NS ${host}.`);
    lines.push(`${name}. 3600 IN NSEC next.se. NS RRSIG NSEC`);
  }
  return lines.join("\n") + "\n";
}

const numbered = (from: number, to: number, hosts: string[]) =>
  Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [`namn-${from + i}.se`, hosts]));
/** Serial 1: 2,000 names on Loopia. */
const BASELINE = numbered(1, NAMES, LOOPIA);
/** Serial 2: 10 gone (0.5 %, not held), 100 moved to Binero, 50 new, and two names of our lists back. */
const NEXT = {
  ...numbered(11, 1_900, LOOPIA),
  ...numbered(1_901, NAMES, BINERO),
  ...numbered(NAMES + 1, NAMES + 50, LOOPIA),
  "tillbaka.se": LOOPIA,
  "fangad.se": BINERO,
};

type Target = { handle: () => Promise<DatabaseHandle>; childTarget: string; drop: () => Promise<void> };

/** A PGlite folder on disk, or a PostgreSQL database copied from the run's migrated template. */
async function createTarget(engine: Engine, workDir: string): Promise<Target> {
  if (engine === "pglite") {
    const dataDir = join(workDir, "data");
    const first = await openDatabase({ dataDir });
    await migrateDatabase(first);
    await first.close();
    return { handle: () => openDatabase({ dataDir }), childTarget: dataDir, drop: async () => undefined };
  }
  const server = process.env.TEST_DATABASE_URL!;
  const name = `${process.env[PG_PREFIX_ENV]}_crash_${process.pid}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`drop database if exists ${name} with (force)`);
  await onServer(`create database ${name} template ${process.env[PG_TEMPLATE_ENV]}`);
  const url = adminUrl(server, name);
  return {
    handle: () => openDatabase({ databaseUrl: url, dataDir: "unused", maxConnections: 3 }),
    childTarget: url,
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

/** Everything an apply writes, as one comparable value. */
async function storeFingerprint(handle: DatabaseHandle) {
  const [row] = await handle.query<Record<string, unknown>>(
    `select (select count(*)::int from zone_delegations) as delegations,
            (select md5(string_agg(name || '=' || array_to_string(name_servers, ',') || '@' || since_snapshot_id, ';' order by name))
               from zone_delegations) as delegations_hash,
            (select count(*)::int from zone_changes) as changes,
            (select string_agg(name || ':' || status, ',' order by name) from domains) as statuses,
            (select count(*)::int from domain_events) as events,
            (select count(*)::int from zone_snapshots where state = 'succeeded') as snapshots_in_force`,
  );
  return row;
}

const stagingTables = async (handle: DatabaseHandle) =>
  (
    await handle.query<{ relname: string }>(
      "select relname from pg_class where relkind = 'r' and (relname like 'zone\\_read\\_%' or relname like 'zone\\_staged\\_%') order by relname",
    )
  ).map((row) => row.relname);

/** Starts the child, resolves once it holds the apply's transaction open; the exit promise resolves with its signal. */
async function startHeldApply(childTarget: string, zoneFile: string) {
  // tsx as a loader of this node process, not its CLI: the CLI runs the script in a second process that a kill would orphan.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/support/zone-apply-child.ts", childTarget, zoneFile, KILLED_AT.toISOString()],
    {
      env: { ...process.env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child never held the apply open; stderr: ${stderr}`)), 90_000);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(HOLDING_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the child ended (${how}) before it held the apply open; stderr: ${stderr}`));
    });
  });
  return { child, exited };
}

for (const engine of ENGINES) {
  describe.skipIf(engine === "postgres" && !postgresAvailable())(`a process killed while applying a zone read [${engine}]`, () => {
    let workDir = "";
    let target: Target | undefined;
    let open: DatabaseHandle | undefined;
    afterEach(async () => {
      await open?.close();
      await target?.drop();
      rmSync(workDir, { recursive: true, force: true });
      open = undefined;
      target = undefined;
    });

    it("leaves the last good snapshot in force with nothing half-applied, and the next start closes the run as failed and says why", async () => {
      workDir = mkdtempSync(join(tmpdir(), "zone-crash-"));
      target = await createTarget(engine, workDir);
      const baselineFile = join(workDir, "se-1.zone");
      const nextFile = join(workDir, "se-2.zone");
      writeFileSync(baselineFile, zoneFileText(1, BASELINE));
      writeFileSync(nextFile, zoneFileText(2, NEXT));

      // The good snapshot, and two names of our lists that the next read brings back.
      open = await target.handle();
      await createDomains(open.db, [
        { name: "tillbaka.se", status: "soonavailable", releaseDate: "2030-06-20" },
        { name: "fangad.se", status: "available", releaseDate: "2030-05-30", lastCheckedAt: new Date("2030-06-01T05:00:00Z") },
      ]);
      const baseline = await applyZoneRead(open, await readZoneFile(baselineFile, "se"), { source: "file", now: BASELINE_AT });
      expect(baseline.state).toBe("succeeded");
      const before = await storeFingerprint(open);
      expect(before).toMatchObject({ delegations: NAMES, changes: 0, statuses: "fangad.se:available,tillbaka.se:soonavailable" });
      // The embedded engine has one owner process: the child opens the folder only once this one has let go.
      if (engine === "pglite") {
        await open.close();
        open = undefined;
      }

      const { child, exited } = await startHeldApply(target.childTarget, nextFile);
      if (open) {
        // On a server the apply's lock lets readers through: while it is held they see the snapshot before it.
        expect(await storeFingerprint(open)).toEqual(before);
        const [running] = await open.query<{ state: string }>("select state from zone_snapshots where serial = 2");
        expect(running.state).toBe("running");
        // A live apply holds its run's lock: another instance's start leaves it running, however late.
        expect(await closeLeftoverRuns(open, { now: new Date(KILLED_AT.getTime() + 24 * 60 * 60 * 1000) })).toMatchObject({ zoneRuns: 0 });
        expect((await open.query<{ state: string }>("select state from zone_snapshots where serial = 2"))[0].state).toBe("running");
      }
      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");

      // The next start, on the same data.
      open ??= await target.handle();
      const startedAt = new Date(KILLED_AT.getTime() + 60_000);
      // Nothing of the killed read is in force (PostgreSQL rolls the transaction back as the connection drops).
      await expect.poll(() => storeFingerprint(open!), { timeout: 10_000 }).toEqual(before);
      const killedRun = async () =>
        (
          await open!.query<{ state: string; error_message: string | null }>(
            "select state, error_message from zone_snapshots where serial = 2",
          )
        )[0];
      expect((await killedRun()).state).toBe("running");

      // The killed run's lock ended with its process: the next start closes it at once, on either engine
      // (PostgreSQL frees the lock as it notices the dropped connection, hence the poll).
      let closedRuns = 0;
      await expect
        .poll(async () => (closedRuns += (await closeLeftoverRuns(open!, { now: startedAt })).zoneRuns), { timeout: 10_000 })
        .toBe(1);
      expect(await killedRun()).toEqual({ state: "failed", error_message: STALE_ZONE_RUN_MESSAGE });
      expect(await storeFingerprint(open)).toEqual(before);
      expect(await stagingTables(open)).toEqual([]);

      // The backoffice's zone page: the snapshot before in force, the killed run failed with the reason.
      const page = await loadZonePage(open, { now: startedAt, configuredTlds: ["se"] });
      const se = page.tlds.find((tld) => tld.tld === "se")!;
      expect(se.inForce).toMatchObject({ id: baseline.run.id, serial: 1, names: NAMES });
      expect(se.runs[0]).toMatchObject({ serial: 2, state: "failed", errorMessage: STALE_ZONE_RUN_MESSAGE, applicable: false });
      expect(se.runs[0].errorMessage).toContain("the snapshot before it stays in force");

      // The same file, read again, applies whole.
      const again = await applyZoneRead(open, await readZoneFile(nextFile, "se"), { source: "file", now: startedAt });
      expect(again.run).toMatchObject({
        state: "succeeded",
        names: NAMES - 10 + 52,
        appeared: 52,
        disappeared: 10,
        nameServersChanged: 100,
      });
      expect(await storeFingerprint(open)).toMatchObject({
        delegations: NAMES + 42,
        changes: 162,
        statuses: "fangad.se:registered,tillbaka.se:renewed",
      });
    }, 180_000);
  });
}

it("the apply's test hook is called from tests only: no module of the app, the CLI or the benchmarks sets it", () => {
  const setters = [...globSync("{app,cli,bench,support,server}/**/*.{ts,tsx,js,mjs}"), "server.js"]
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.endsWith("apply-zone-read.server.ts"))
    .filter((file) => readFileSync(file, "utf8").includes("withZoneApplyHookForTests"));
  expect(setters).toEqual([]);
});
