// npm run bench:watches -- [--engine both|postgres|pglite] [--runs 10] [--others 500] [--database-url <url>]
// Watching names in bulk (docs/product.md, "Watching names in bulk"): a list of 1,000 names (a few of
// them IDN, one in three already watched by other accounts) checked against an empty account
// (previewWatchImport) and saved (saveWatchImport with the preview's print), as the page's two
// posts do, on PostgreSQL and on the embedded PGlite. The check reads the account's own watches
// and nothing of the zone or the lists, so the zone's size does not enter; the bookmarks table
// holds --others accounts of 200 watches each around it. Target: < 2 s on PostgreSQL, the
// embedded database within 3× that. Writes bench/results/watch-import.json.
// Run it under `flock /tmp/snart-bench.lock`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { readProcessOptions } from "~cli/command-line";
import { previewWatchImport, saveWatchImport } from "~/server/bookmarks/import-watches.server";
import { MAX_BOOKMARKS_PER_USER } from "~/server/bookmarks/set-bookmark.server";
import { percentile } from "~support/percentile";
import { openBenchDatabase, type BenchEngine } from "./support/import-bench-database";

const options = readProcessOptions("bench/watch-import.ts", {
  engine: { type: "string" },
  runs: { type: "string" },
  others: { type: "string" },
  "database-url": { type: "string" },
});
const engineOption = String(options.engine ?? "both");
const engines = (engineOption === "both" ? ["postgres", "pglite"] : [engineOption]) as BenchEngine[];
const runs = Number(options.runs ?? 10);
const others = Number(options.others ?? 500);
const serverUrl = String(options["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const TARGET_MS = { postgres: 2000, pglite: 6000 };
const OTHERS_WATCH = 200;

export type WatchImportResult = { engine: BenchEngine; runs: number; checkP50Ms: number; saveP50Ms: number; totalP50Ms: number; totalMaxMs: number; targetMs: number };

/** 1,000 names as a person's list: mostly plain, every tenth an IDN name, in the Unicode form. */
function list(run: number) {
  return Array.from({ length: MAX_BOOKMARKS_PER_USER }, (_, index) => (index % 10 === 0 ? `bevakning${index}-${run}-åäö.se` : `bevakning${index}-${run}.nu`)).join("\n");
}

async function addUser(handle: { query: (sql: string, params?: unknown[]) => Promise<unknown> }, id: string) {
  await handle.query(`insert into "user" (id, name, email, email_verified) values ($1, $1, $1 || '@example.se', true)`, [id]);
}

const workDir = mkdtempSync(join(tmpdir(), "snart-bench-watches-"));
const results: WatchImportResult[] = [];
const loadAtStart = loadavg();
try {
  for (const engine of engines) {
    const database = await openBenchDatabase(engine, { serverUrl, workDir, databaseName: "snart_bench_watches" });
    try {
      const { handle } = database;
      for (let other = 0; other < others; other++) {
        await addUser(handle, `annan${other}`);
        await handle.query(
          `insert into bookmarks (user_id, domain_name) select $1, 'bevakning' || n || '-' || ($2::int % 3) || '.nu' from generate_series(0, ${OTHERS_WATCH - 1}) n`,
          [`annan${other}`, other],
        );
      }
      await handle.query("analyze");
      const check: number[] = [];
      const save: number[] = [];
      // One run to warm up, not counted.
      for (let run = 0; run <= runs; run++) {
        const userId = `bench${run}`;
        await addUser(handle, userId);
        const text = list(run);
        const started = performance.now();
        const preview = await previewWatchImport(handle.db, userId, text);
        if (!preview.ok || preview.plan.toAdd.length !== MAX_BOOKMARKS_PER_USER) throw new Error(`run ${run}: the preview is not 1,000 names to add`);
        const checked = performance.now();
        const saved = await saveWatchImport(handle.db, userId, text, preview.fingerprint);
        if (!saved.ok || saved.added !== MAX_BOOKMARKS_PER_USER) throw new Error(`run ${run}: ${JSON.stringify(saved).slice(0, 200)}`);
        if (run === 0) continue;
        check.push(checked - started);
        save.push(performance.now() - checked);
      }
      const totals = check.map((ms, index) => ms + save[index]);
      const round = (ms: number) => Number(ms.toFixed(1));
      results.push({
        engine,
        runs,
        checkP50Ms: round(percentile(check, 0.5)),
        saveP50Ms: round(percentile(save, 0.5)),
        totalP50Ms: round(percentile(totals, 0.5)),
        totalMaxMs: round(Math.max(...totals)),
        targetMs: TARGET_MS[engine],
      });
    } finally {
      await database.close();
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const load = `${cpus().length} cores, load average ${loadAtStart.map((value) => value.toFixed(1)).join(" ")} at start, ${loadavg()
  .map((value) => value.toFixed(1))
  .join(" ")} at end`;
console.log(`\nWatching 1,000 names in bulk: check (preview) + save, ${runs} runs each, ${others} other accounts × ${OTHERS_WATCH} watches; ${load}`);
console.table(results.map((row) => ({ ...row, met: row.totalMaxMs < row.targetMs ? "yes" : "NO" })));
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/watch-import.json", JSON.stringify({ finishedAt: new Date().toISOString(), load, results }, null, 2) + "\n");
