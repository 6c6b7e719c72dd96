// One engine's part of `npm run bench:import`, in its own process so that its
// peak memory is its own, and prints one JSON line with its timed phases.
// The first-list scenario imports the list file into an empty database, then
// again (all names stored). The nightly one stores last night's list
// (--previous-file, untimed) and times tonight's (--file), both as the
// schedule imports a configured list: the complete list of .se, read at
// --clock (tonight) and a day before it.
import { readProcessOptions } from "~cli/command-line";
import { importReleaseList, type ImportRequest } from "~/server/imports/release-list/import-release-list.server";
import type { ImportPhaseTimes } from "~/server/imports/release-list/runs/import-phases.server";
import { withImportWritesTunedForTests } from "~/server/imports/release-list/write/write-release-list.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { openBenchDatabase, type BenchEngine } from "./import-bench-database";
import { measurePeakRss } from "./peak-rss";

export type ImportPhaseResult = {
  engine: BenchEngine;
  phase: "new" | "re-import" | "nightly";
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  /** Resident memory just before the phase (the process with the app's modules and the word list loaded). */
  baselineRssMb: number;
  inserted: number;
  updated: number;
  failed: number;
  /** Where the time went (import-phases.server.ts), the work after the commit included. */
  phaseMs: ImportPhaseTimes;
  /** Nightly: stored names missing from the list, and how many of them were marked renewed. */
  vanished?: number;
  renewed?: number;
};

const options = readProcessOptions("bench/support/import-bench-run.ts", {
  engine: { type: "string" },
  file: { type: "string" },
  "work-dir": { type: "string" },
  batch: { type: "string" },
  bare: { type: "boolean" },
  "through-indexes": { type: "boolean" },
  "database-name": { type: "string" },
  scenario: { type: "string" },
  "previous-file": { type: "string" },
  clock: { type: "string" },
});
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
const fromFile = (path: unknown): ImportRequest["source"] => ({ kind: "file", path: String(path) });

/** One import, timed from opening its run to the end of the jobs after it (importReleaseList's whole work). */
async function timedImport(phase: ImportPhaseResult["phase"], request: ImportRequest, now?: Date) {
  let phaseMs: ImportPhaseTimes = {};
  const onPhaseTimes = (times: ImportPhaseTimes) => (phaseMs = times);
  const started = performance.now();
  const {
    value: summary,
    peakRssMb,
    baselineMb,
  } = await measurePeakRss(() =>
    withImportWritesTunedForTests(tuning, () => importReleaseList(database.handle, request, { now, onPhaseTimes })),
  );
  const seconds = (performance.now() - started) / 1000;
  const result: ImportPhaseResult = {
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
    phaseMs,
  };
  return { summary, result };
}

// Loaded and prepared once per process in the app too; kept out of the first phase's growth.
loadSwedishWordIndex();
try {
  if (options.scenario === "nightly") {
    const tonight = new Date(String(options.clock));
    // What the schedule imports: the configured complete list of .se (configuredListRequest).
    const nightly = (path: unknown): ImportRequest => ({ source: fromFile(path), tld: ".se", completeList: true, trigger: "schedule" });
    await importReleaseList(database.handle, nightly(options["previous-file"]), { now: new Date(tonight.getTime() - 86_400_000) });
    // The day between two nights: PostgreSQL's autovacuum would have vacuumed and analyzed what last night wrote
    // (the benchmark's server may run without it). PGlite runs no autovacuum: there the import's own analyze is all.
    if (engine === "postgres") await database.handle.query("vacuum analyze");
    const [{ stored }] = await database.handle.query<{ stored: number }>("select count(*)::int as stored from domains");
    const { summary, result } = await timedImport("nightly", nightly(options.file), tonight);
    // Every stored name the list holds counts as updated (changed or not); the others vanished from it.
    results.push({ ...result, vanished: stored - summary.updated, renewed: summary.renewed });
  } else {
    for (const phase of ["new", "re-import"] as const) {
      results.push((await timedImport(phase, { source: fromFile(options.file), trigger: "cli" })).result);
    }
  }
} finally {
  await database.close();
}
console.log(JSON.stringify(results));
