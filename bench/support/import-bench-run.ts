// One engine's part of `npm run bench:import`, in its own process so that its
// peak memory is its own: imports the list file into an empty database, then
// again (all names stored), and prints one JSON line with both phases.
import { parseArgs } from "~cli/command";
import { importReleaseList } from "~/server/imports/import-release-list.server";
import { withImportWritesTunedForTests } from "~/server/imports/write-release-list.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { openBenchDatabase, type BenchEngine } from "./import-bench-database";
import { measurePeakRss } from "./peak-rss";

export type ImportPhaseResult = {
  engine: BenchEngine;
  phase: "new" | "re-import";
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  /** Resident memory just before the phase (the process with the app's modules and the word list loaded). */
  baselineRssMb: number;
  inserted: number;
  updated: number;
  failed: number;
};

const { options } = parseArgs(process.argv.slice(2));
const engine = options.engine as BenchEngine;
const batchSize = options.batch === undefined ? undefined : Number(options.batch);
// The benchmark's own settings go through the write path's test seam: --batch, and --through-indexes (never a bulk load).
const tuning = {
  ...(batchSize ? { batchSize } : {}),
  ...(options["through-indexes"] === true ? { bulkLoadFrom: Number.POSITIVE_INFINITY } : {}),
};
const database = await openBenchDatabase(engine, {
  serverUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
  workDir: String(options["work-dir"]),
  bare: options.bare === true,
  databaseName: typeof options["database-name"] === "string" ? options["database-name"] : undefined,
});
const results: ImportPhaseResult[] = [];
// Loaded and prepared once per process in the app too; kept out of the first phase's growth.
loadSwedishWordIndex();
try {
  for (const phase of ["new", "re-import"] as const) {
    const started = performance.now();
    const {
      value: summary,
      peakRssMb,
      baselineMb,
    } = await measurePeakRss(() =>
      withImportWritesTunedForTests(tuning, () =>
        importReleaseList(database.handle, { source: { kind: "file", path: String(options.file) }, trigger: "cli" }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    results.push({
      engine,
      phase,
      rows: summary.total,
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(summary.total / seconds),
      peakRssMb,
      baselineRssMb: baselineMb,
      inserted: summary.inserted,
      updated: summary.updated,
      failed: summary.failed,
    });
  }
} finally {
  await database.close();
}
console.log(JSON.stringify(results));
