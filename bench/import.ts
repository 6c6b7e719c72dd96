// npm run bench:import -- [--size 500000] [--engine both|postgres|pglite] [--batch 20000] [--bare] [--through-indexes] [--database-name snart_bench_import]
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
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "~cli/command";
import { generateReleaseList, toJsonList } from "./support/generate-release-list";
import type { ImportPhaseResult } from "./support/import-bench-run";

const TARGET_ROWS_PER_SECOND = 50_000;
const TARGET_PEAK_RSS_MB = 500;

const { options } = parseArgs(process.argv.slice(2));
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

const workDir = mkdtempSync(join(tmpdir(), "snart-bench-import-"));
const file = join(workDir, "bardate_domains.json");
const results: ImportPhaseResult[] = [];
try {
  console.log(`Generating a release list of ${size.toLocaleString("sv-SE")} names...`);
  writeFileSync(file, toJsonList(generateReleaseList({ size, firstDate: "2031-01-01" })));
  for (const engine of engines) {
    const args = ["bench/support/import-bench-run.ts", "--engine", engine, "--file", file, "--work-dir", workDir];
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
      console.log(
        `${result.engine.padEnd(8)} ${result.phase.padEnd(9)} ${result.rows.toLocaleString("sv-SE").padStart(9)} rows  ` +
          `${String(result.seconds).padStart(7)} s  ${result.rowsPerSecond.toLocaleString("sv-SE").padStart(8)} rows/s  ` +
          `peak RSS ${result.peakRssMb} MB (from ${result.baselineRssMb})  (${result.inserted} new, ${result.updated} updated, ${result.failed} failed)`,
      );
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const onPostgres = results.filter((result) => result.engine === "postgres");
mkdirSync("bench/results", { recursive: true });
const report = {
  measuredAt: new Date().toISOString(),
  size,
  bare: options.bare === true,
  throughIndexes: options["through-indexes"] === true,
  batch: batch ?? "default",
  machine: { cpus: cpus().length, loadAverage: loadavg().map((value) => Number(value.toFixed(2))) },
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
