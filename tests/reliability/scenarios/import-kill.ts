// SIGKILL of the server in the middle of an import (a large uploaded list),
// on the embedded database and on PostgreSQL: after a restart the data from
// before is intact (nothing half-written), the killed run is closed or
// recognisably stale, and a re-run completes with exact counts.
import { readFileSync, rmSync } from "node:fs";
import { domainsFingerprint, dropPostgresDatabase, freshPostgresDatabase, withDb, type DatabaseTarget } from "~tests/reliability/support/database";
import { signInAdmin, timedFetch } from "~tests/reliability/support/http";
import { startServer, waitFor, type RunningServer } from "~tests/reliability/support/server";
import type { ReliabilityOptions, ScenarioResult } from "~tests/reliability/support/types";

const INVALID_LINES = 100;
/** Several WAL segments' worth: the import's transaction is well under way (a 100,000-name list writes ~700 MB). */
const WRITTEN_BEFORE_KILL = 96 * 1024 * 1024;
const PREFIX = "h10k";

type RunView = { id: number; state: string; total: number; processed: number; inserted: number; updated: number; failed: number; errorMessage: string | null };

function releaseList(size: number) {
  const lines: string[] = [];
  for (let index = 0; index < size; index++) lines.push(`${PREFIX}${index}.se\t2031-01-0${1 + (index % 9)}`);
  for (let index = 0; index < INVALID_LINES; index++) lines.push(`<script>alert(${index})</script>.se\t2031-01-01`);
  return lines.join("\n") + "\n";
}

/** Uploads the list as the backoffice's "Upload JSON" does (the action alone, as its fetcher posts it); resolves to the run id. */
async function upload(server: RunningServer, cookie: string, configId: number, list: string): Promise<number> {
  const form = new FormData();
  form.set("intent", "upload-import");
  form.set("configId", String(configId));
  form.set("file", new File([list], "reliability-list.txt", { type: "text/plain" }));
  const response = await fetch(`${server.url}/admin/imports.data`, { method: "POST", headers: { cookie, origin: server.url }, body: form });
  const body = await response.text();
  const runId = /"importRunId",(\d+)/.exec(body)?.[1];
  if (response.status !== 200 || !runId) throw new Error(`upload answered ${response.status}: ${body.slice(0, 200)}`);
  return Number(runId);
}

/** The run as the backoffice polls it (on the embedded engine the answer waits while the import holds the database). */
/** Bytes a process has written (all files), from /proc. */
function bytesWritten(pid: number) {
  return Number(/wchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? 0);
}

async function readRun(server: RunningServer, cookie: string, runId: number): Promise<RunView | undefined> {
  const answer = await timedFetch(`${server.url}/api/admin/import-runs/${runId}`, { headers: { cookie }, timeoutMs: 300_000 });
  if (answer.status !== 200) return undefined;
  return (JSON.parse(answer.body) as { run: RunView }).run;
}

export async function importKill(engine: "pglite" | "postgres", options: ReliabilityOptions): Promise<ScenarioResult> {
  const port = engine === "pglite" ? 4311 : 4312;
  const dataDir = `${options.workDir}/import-kill-pglite`;
  const pgName = "snart_h10_import_kill";
  rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = engine === "postgres" ? await freshPostgresDatabase(options.databaseUrl, pgName) : undefined;
  const target: DatabaseTarget = engine === "pglite" ? { kind: "pglite", dataDir } : { kind: "postgres", url: databaseUrl! };
  const serverOptions = {
    port,
    buildDir: options.buildDir,
    databaseUrl,
    dataDir,
    // Demo names are the "data from before"; no scheduled job may touch them meanwhile.
    env: { SEED_DEMO: "true", SEED_DEMO_SIZE: String(options.importBaseline), JOBS_ENABLED: "false" },
  };
  const list = releaseList(options.importSize);
  const figures: Record<string, string | number> = { engine, "list entries": options.importSize + INVALID_LINES };
  const notes: string[] = [];
  let server = await startServer(serverOptions);
  try {
    const cookie = await signInAdmin(server.url, target);
    const { configId, before } = await withDb(target, async (client) => ({
      configId: (await client.query<{ id: number }>("select id from tld_imports where tld = '.se' order by id limit 1")).rows[0].id,
      before: await domainsFingerprint(client),
    }));
    figures["rows before"] = before.n;

    // 1. Upload, wait until the import is writing, SIGKILL.
    const uploadedAt = Date.now();
    const writtenBefore = bytesWritten(server.pid);
    const uploading = upload(server, cookie, configId, list);
    // The kill cuts this request off; its failure is expected.
    uploading.catch(() => undefined);
    if (engine === "postgres") {
      const runId = await uploading;
      // Progress is written on a second connection while the import's transaction is open.
      const processed = await waitFor(
        "the import to write its first batch",
        () =>
          withDb(target, async (client) => {
            const row = (await client.query<{ processed: number; state: string }>("select processed, state from import_runs where id = $1", [runId])).rows[0];
            if (row?.state !== "running") throw new Error(`the import ended before it could be killed (${row?.state})`);
            return row.processed > 0 ? row.processed : undefined;
          }),
        300_000,
        100,
      );
      figures["processed when killed"] = processed;
    } else {
      // The embedded engine runs the import on the server's own thread and holds the whole database until it
      // commits, so neither the upload's answer nor the progress arrive before the end (see the report). What
      // the process writes to disk shows it: parsing writes nothing, the transaction's log writes a lot.
      const written = await waitFor(
        "the import to write rows",
        async () => {
          const growth = bytesWritten(server.pid) - writtenBefore;
          return growth >= WRITTEN_BEFORE_KILL ? growth : undefined;
        },
        300_000,
        50,
      );
      figures["MB written when killed"] = Math.round(written / 1024 / 1024);
    }
    figures["killed after (s)"] = ((Date.now() - uploadedAt) / 1000).toFixed(1);
    await server.kill();
    await uploading.catch(() => undefined);

    // 2. Restart on the same data: it must open, hold exactly the rows from before, and say what happened to the run.
    const restartStarted = Date.now();
    server = await startServer(serverOptions);
    figures["restart (s)"] = ((Date.now() - restartStarted) / 1000).toFixed(1);
    const afterKill = await withDb(target, async (client) => ({
      fingerprint: await domainsFingerprint(client),
      run: (await client.query<{ state: string; error_message: string | null }>("select state, error_message from import_runs where source = 'upload:reliability-list.txt' order by id desc limit 1")).rows[0],
      stray: (await client.query<{ n: number }>(`select count(*)::int as n from domains where name like '${PREFIX}%'`)).rows[0].n,
    }));
    const intact = afterKill.fingerprint.n === before.n && afterKill.fingerprint.hash === before.hash && afterKill.stray === 0;
    figures["rows after kill"] = afterKill.fingerprint.n;
    figures["half-written rows"] = afterKill.stray;
    figures["killed run"] = afterKill.run?.state ?? "missing";
    if (afterKill.run?.state === "running") {
      notes.push(
        engine === "postgres"
          ? "on PostgreSQL a killed run stays 'running' until STALE_IMPORT_AFTER_MS (another instance could own it)"
          : "the killed run is still 'running' after the restart: the boot-time clean-up (closeLeftoverRuns) should have closed it",
      );
    }

    // 3. Re-run the same list to the end.
    const rerunStarted = Date.now();
    const rerunId = await upload(server, cookie, configId, list);
    const finished = await waitFor(
      "the re-run to finish",
      async () => {
        const run = await readRun(server, cookie, rerunId);
        return run && run.state !== "running" ? run : undefined;
      },
      600_000,
      500,
    );
    figures["re-run (s)"] = ((Date.now() - rerunStarted) / 1000).toFixed(1);
    const after = await withDb(target, async (client) => ({
      imported: (await client.query<{ n: number }>(`select count(*)::int as n from domains where name like '${PREFIX}%'`)).rows[0].n,
      old: (
        await client.query<{ n: number; hash: string }>(
          `select count(*)::int as n, md5(coalesce(string_agg(name || ':' || status || ':' || coalesce(release_date::text, ''), ',' order by name), '')) as hash from domains where name not like '${PREFIX}%'`,
        )
      ).rows[0],
    }));
    // The list's invalid lines are rejected: a run written with rejections is 'partly_failed' once runs
    // tell them apart (docs/product.md, "A run's outcome"), 'succeeded' before; never failed or still running.
    const countsExact =
      ["succeeded", "partly_failed"].includes(finished.state) &&
      finished.inserted === options.importSize &&
      finished.failed === INVALID_LINES &&
      finished.processed === finished.inserted + finished.updated &&
      finished.total === options.importSize + INVALID_LINES &&
      after.imported === options.importSize;
    figures["re-run counts"] = `${finished.state}: total ${finished.total}, inserted ${finished.inserted}, updated ${finished.updated}, failed ${finished.failed}`;
    const oldIntact = after.old.n === before.n && after.old.hash === before.hash;
    const lost = before.n - after.old.n + (options.importSize - after.imported);
    if (engine === "pglite") notes.push(`killed ${figures["killed after (s)"]} s into an import whose re-run took ${figures["re-run (s)"]} s`);
    return {
      name: `SIGKILL mid-import (${engine})`,
      ok: intact && countsExact && oldIntact,
      figures,
      notes,
      faults: 1,
      itemsLost: Math.max(0, lost),
      itemsChecked: before.n + options.importSize,
    };
  } finally {
    await server.stop();
    if (engine === "postgres") await dropPostgresDatabase(options.databaseUrl, pgName).catch(() => undefined);
  }
}
