// npm run bench:import -- [--scenario first-list|nightly] [--size 500000] [--engine both|postgres|pglite] [--batch 20000] [--bare] [--through-indexes] [--database-name snart_bench_import]
// Imports a generated release list of `size` names into an empty database, then
// the same list again (every name already stored: all "updated"), on PostgreSQL
// and on the embedded PGlite, through the same code path as a real import (a
// JSON file read from disk, parsed, validated, scored and written). Each engine
// runs in its own process; prints rows per second and that process's peak
// memory, and writes bench/results/import.json.
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (the benchmark creates and
// drops its own database, snart_bench_import or --database-name). Target: 50,000 rows/s on
// PostgreSQL, peak RSS under 500 MB. --bare drops the domains table's secondary
// indexes first, to show the pipeline's own speed apart from what each index costs.
// --through-indexes writes the first list as every later list is written, never
// bulk-loaded (decision 0025 compares the two).
// --scenario nightly: a night's list into a site that holds the night before's
// (bench/support/nightly-release-lists.ts): 55,300 .se names stored (untimed),
// then the complete .se list of 60,000 timed, 55,000 of them stored, 5,000 new
// and 300 stored ones gone (renewed, or releasing within two days). Targets:
// under 2 s on PostgreSQL, under 5 s on PGlite, peak RSS growth under 150 MB;
// writes bench/results/import-nightly.json. --size is not used there.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { readProcessOptions } from "~cli/command-line";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { describePostgresSettings } from "./support/database-settings";
import { generateReleaseList, toJsonList } from "./support/generate-release-list";
import type { ImportPhaseResult } from "./support/import-bench-run";
import { nightlyReleaseLists } from "./support/nightly-release-lists";

const TARGET_ROWS_PER_SECOND = 50_000;
const TARGET_PEAK_RSS_MB = 500;
/** The nightly list's targets (issue 28): seconds per engine, and the import's own memory. */
const NIGHTLY_TARGETS = { postgresSeconds: 2, pgliteSeconds: 5, rssGrowthMb: 150 };

const options = readProcessOptions("bench/import.ts", {
  scenario: { type: "string" },
  size: { type: "string" },
  engine: { type: "string" },
  batch: { type: "string" },
  bare: { type: "boolean" },
  "through-indexes": { type: "boolean" },
  "database-name": { type: "string" },
});
const scenario = String(options.scenario ?? "first-list");
if (scenario !== "first-list" && scenario !== "nightly") {
  console.error("--scenario must be first-list or nightly");
  process.exit(2);
}
const size = Number(options.size ?? 500_000);
const batch = options.batch === undefined ? undefined : Number(options.batch);
const engineOption = String(options.engine ?? "both");
const engines = engineOption === "both" ? ["postgres", "pglite"] : [engineOption];
if (!Number.isInteger(size) || size < 1 || (batch !== undefined && (!Number.isInteger(batch) || batch < 1))) {
  console.error("--size and --batch must be whole numbers of at least 1");
  process.exit(2);
}
if (engines.some((engine) => engine !== "postgres" && engine !== "pglite")) {
  console.error("--engine must be both, postgres or pglite");
  process.exit(2);
}
if (engines.includes("postgres") && !(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)) {
  console.error("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, or pass --engine pglite");
  process.exit(2);
}

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const workDir = mkdtempSync(join(tmpdir(), "snart-bench-import-"));
const file = join(workDir, "bardate_domains.json");
const results: ImportPhaseResult[] = [];
const loadAtStart = loadavg();
const databaseSettings = engines.includes("postgres") ? await describePostgresSettings(serverUrl!) : null;
if (databaseSettings) console.log(databaseSettings);
// Tonight's list is read at 02:30 UTC, before the morning's release (04:00): its first date is today's.
const tonight = new Date(`${todayUtc(new Date())}T02:30:00Z`);
try {
  const runArgs = ["--file", file];
  if (scenario === "nightly") {
    const previousFile = join(workDir, "bardate_domains_previous.json");
    const lists = nightlyReleaseLists({ firstDate: todayUtc(tonight) });
    console.log(
      `Generating two nights of the .se list: ${lists.previous.length.toLocaleString("sv-SE")} names stored, ` +
        `then ${lists.next.length.toLocaleString("sv-SE")} (${lists.vanished.length} of the stored gone), releasing ${todayUtc(tonight)}–${addDays(todayUtc(tonight), 59)}...`,
    );
    writeFileSync(previousFile, toJsonList(lists.previous));
    writeFileSync(file, toJsonList(lists.next));
    runArgs.push("--scenario", "nightly", "--previous-file", previousFile, "--clock", tonight.toISOString());
  } else {
    console.log(`Generating a release list of ${size.toLocaleString("sv-SE")} names...`);
    writeFileSync(file, toJsonList(generateReleaseList({ size, firstDate: "2031-01-01" })));
  }
  for (const engine of engines) {
    const args = ["bench/support/import-bench-run.ts", "--engine", engine, ...runArgs, "--work-dir", workDir];
    if (batch) args.push("--batch", String(batch));
    if (options.bare === true) args.push("--bare");
    if (options["through-indexes"] === true) args.push("--through-indexes");
    if (typeof options["database-name"] === "string") args.push("--database-name", options["database-name"]);
    // --expose-gc: each phase starts from a collected heap, as in a server that has been up for a while.
    const output = execFileSync("node_modules/.bin/node", ["--expose-gc", "--import", "tsx", ...args], {
      encoding: "utf8",
      env: { ...process.env, LOG_LEVEL: "silent" },
    });
    const phases = JSON.parse(output.trim().split("\n").at(-1)!) as ImportPhaseResult[];
    for (const result of phases) {
      results.push(result);
      const counts =
        result.phase === "nightly"
          ? `(${result.inserted} new, ${result.updated} stored, ${result.vanished} vanished of which ${result.renewed} renewed, ${result.failed} failed)`
          : `(${result.inserted} new, ${result.updated} updated, ${result.failed} failed)`;
      console.log(
        `${result.engine.padEnd(8)} ${result.phase.padEnd(9)} ${result.rows.toLocaleString("sv-SE").padStart(9)} rows  ` +
          `${String(result.seconds).padStart(7)} s  ${result.rowsPerSecond.toLocaleString("sv-SE").padStart(8)} rows/s  ` +
          `peak RSS ${result.peakRssMb} MB (from ${result.baselineRssMb}, +${result.peakRssMb - result.baselineRssMb})  ${counts}`,
      );
      const phases = Object.entries(result.phaseMs).map(([phase, ms]) => `${phase} ${ms}`);
      console.log(`${" ".repeat(18)}ms: ${phases.join(", ")}`);
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const rounded = (load: number[]) => load.map((value) => Number(value.toFixed(2)));
const machine = { cpus: cpus().length, loadAverageAtStart: rounded(loadAtStart), loadAverageAtEnd: rounded(loadavg()) };
console.log(
  `${machine.cpus} cores, load average ${machine.loadAverageAtStart.join(" ")} at start, ${machine.loadAverageAtEnd.join(" ")} at end`,
);
const onPostgres = results.filter((result) => result.engine === "postgres");
mkdirSync("bench/results", { recursive: true });
if (scenario === "nightly") {
  const met = results.map((result) => {
    const seconds = result.engine === "postgres" ? NIGHTLY_TARGETS.postgresSeconds : NIGHTLY_TARGETS.pgliteSeconds;
    const growth = result.peakRssMb - result.baselineRssMb;
    const ok = { seconds: result.seconds < seconds, rssGrowth: growth < NIGHTLY_TARGETS.rssGrowthMb };
    console.log(
      `${result.engine}: ${result.seconds} s against < ${seconds} s ${ok.seconds ? "met" : "MISSED"}; ` +
        `RSS growth ${growth} MB against < ${NIGHTLY_TARGETS.rssGrowthMb} MB ${ok.rssGrowth ? "met" : "MISSED"}`,
    );
    return { engine: result.engine, ...ok };
  });
  const report = { measuredAt: new Date().toISOString(), scenario, machine, databaseSettings, targets: NIGHTLY_TARGETS, met, results };
  writeFileSync("bench/results/import-nightly.json", JSON.stringify(report, null, 2) + "\n");
  console.log("Wrote bench/results/import-nightly.json");
} else {
  const report = {
    measuredAt: new Date().toISOString(),
    size,
    bare: options.bare === true,
    throughIndexes: options["through-indexes"] === true,
    batch: batch ?? "default",
    machine,
    databaseSettings,
    targets: { postgresRowsPerSecond: TARGET_ROWS_PER_SECOND, peakRssMb: TARGET_PEAK_RSS_MB },
    met: {
      postgresRowsPerSecond: onPostgres.length
        ? Object.fromEntries(onPostgres.map((r) => [r.phase, r.rowsPerSecond >= TARGET_ROWS_PER_SECOND]))
        : null,
      postgresPeakRss: onPostgres.length ? onPostgres.every((result) => result.peakRssMb < TARGET_PEAK_RSS_MB) : null,
    },
    results,
  };
  writeFileSync("bench/results/import.json", JSON.stringify(report, null, 2) + "\n");
  console.log("Wrote bench/results/import.json");
}
