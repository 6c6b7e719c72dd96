// npm run bench:exports -- [--size 1000000] [--rows 100000] [--runs 3] [--sort <sort>] [--embedded] [--data-dir <dir>]
//                          [--first-batch <n>] [--database-url <url>] [--database-name <name>]
// A list view downloaded as a file (app/server/exports/list-export.server.ts),
// read as the /export route reads it (a batch a query) and written as CSV
// into a sink: rows per second (target ≥ 100,000 for 100,000 rows on
// PostgreSQL at a million names), how much the process's memory grows while
// it runs (target < 50 MB), and the longest single batch (its query and rows,
// the longest the embedded database's one connection and the thread are held
// from other pages; target ≤ 100 ms) and the first, on a database just opened
// the slowest (the batches are sized by time: nextExportBatchSize). The view
// is the soon list in --sort (its default, release date first, unless given:
// every sort reads its own index, each batch after the last row of the one
// before), whose first --rows names the export reads (the limit a download
// has, set lower). Writes bench/results/exports.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { readProcessOptions } from "~cli/command-line";
import { LIST_DATABASE_OPTIONS, openListBenchDatabase } from "./support/list-bench-database";
import { NO_FILTERS } from "~/domain/public-filters";
import { parseSoonSort } from "~/lib/listing-params";
import { exportBatches, exportChunk, exportHead } from "~/server/exports/list-export.server";

const options = readProcessOptions("bench/exports.ts", {
  size: { type: "string" },
  rows: { type: "string" },
  runs: { type: "string" },
  "first-batch": { type: "string" },
  sort: { type: "string" },
  ...LIST_DATABASE_OPTIONS,
});
const embedded = options.embedded === true;
const size = Number(options.size ?? (embedded ? 100_000 : 1_000_000));
const rows = Number(options.rows ?? (embedded ? 50_000 : 100_000));
const runs = Number(options.runs ?? 3);
// --first-batch 2000: the first batch as large as the rest, as before the batches were sized by time.
const firstBatchSize = options["first-batch"] === undefined ? undefined : Number(options["first-batch"]);
const sort = parseSoonSort(typeof options.sort === "string" ? options.sort : null);

const { db, close } = await openListBenchDatabase(options, size);
type Run = {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
  rssGrowthMb: number;
  batches: number;
  firstBatchMs: number;
  longestBatchMs: number;
};
const results: Run[] = [];
for (let run = 0; run < runs; run++) results.push(await exportOnce());
await close();

results.sort((a, b) => a.rowsPerSecond - b.rowsPerSecond);
const median = results[Math.floor(results.length / 2)];
// Over every run: the first run's first batch is read from a database just opened, the slowest moment.
const longestBatchMs = Math.max(...results.map((result) => result.longestBatchMs));
console.log(
  `\n${size.toLocaleString("sv-SE")} names on ${embedded ? "PGlite" : "PostgreSQL"}: exporting ${rows.toLocaleString("sv-SE")} rows of the soon list by ${sort} as CSV, ${runs} runs`,
);
for (const result of results) {
  console.log(
    `  ${result.rows} rows in ${result.seconds.toFixed(2)} s: ${Math.round(result.rowsPerSecond).toLocaleString("sv-SE")} rows/s, ${(result.bytes / 1e6).toFixed(1)} MB written, memory +${result.rssGrowthMb.toFixed(1)} MB, ${result.batches} batches, first ${result.firstBatchMs.toFixed(1)} ms, longest ${result.longestBatchMs.toFixed(1)} ms`,
  );
}
console.log(
  `median: ${Math.round(median.rowsPerSecond).toLocaleString("sv-SE")} rows/s (target ≥ 100 000), memory +${median.rssGrowthMb.toFixed(1)} MB (target < 50), longest batch ${median.longestBatchMs.toFixed(1)} ms; the longest of every run ${longestBatchMs.toFixed(1)} ms (embedded target ≤ 100)`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/exports.json",
  JSON.stringify(
    { size, rows, sort, engine: embedded ? "pglite" : "postgres", ranAt: new Date().toISOString(), median, longestBatchMs, results },
    null,
    2,
  ),
);

async function exportOnce(): Promise<Run> {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  let bytes = exportHead("csv").length;
  let count = 0;
  let longestBatchMs = 0;
  let firstBatchMs = 0;
  let batches = 0;
  let batchStarted = performance.now();
  const view = { list: "soon-available" as const, filters: NO_FILTERS, includeFeatured: true, sort };
  for await (const batch of exportBatches(db, view, { siteUrl: "https://snartlediga.se", now: new Date(), limit: rows, firstBatchSize })) {
    const batchMs = performance.now() - batchStarted;
    if (batches++ === 0) firstBatchMs = batchMs;
    longestBatchMs = Math.max(longestBatchMs, batchMs);
    // What the route hands the response: the batch as text, then bytes.
    bytes += Buffer.byteLength(exportChunk("csv", batch, count === 0));
    count += batch.length;
    batchStarted = performance.now();
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    rows: count,
    seconds,
    rowsPerSecond: count / seconds,
    bytes,
    rssGrowthMb: (peak - rssBefore) / 1e6,
    batches,
    firstBatchMs,
    longestBatchMs,
  };
}
