// npm run bench -- [--size 1000000] [--quick] [--runs N] [--skip-build] [--skip-import] [--skip-zone] [--database-url <url>] [--database-name <name>]
// The whole benchmark suite in one command: builds the app, then runs the
// import, search/list, admin-list, public-filter, export, API, statistics, HTTP, embedded-memory, zone and bulk-watch benchmarks (each in its own
// process, so one's memory and caches do not colour the next), prints ONE
// table with every figure as the median of several runs and writes
// bench/results/all.json. --skip-import leaves the import out, --skip-zone the zone (bench:zone: a generated
// 1.5-million-name .se zone on PostgreSQL and a 200,000-name .nu zone on PGlite, once, ~10 minutes with its pages).
// --quick: 100,000 names, a 50,000-name import, 200,000-name zones and fewer/shorter runs, for a check in a few minutes.
// `npm test` does not run it.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { readProcessOptions } from "~cli/command-line";
import { median } from "./http/load-test";
import { describePostgresSettings } from "./support/database-settings";
import type { PagesResult } from "./pages";
import type { WatchImportResult } from "./watch-import";
import type { ZoneResult } from "./zone";

const options = readProcessOptions("bench/index.ts", {
  quick: { type: "boolean" },
  size: { type: "string" },
  "import-size": { type: "string" },
  runs: { type: "string" },
  seconds: { type: "string" },
  "skip-build": { type: "boolean" },
  "skip-import": { type: "boolean" },
  "skip-zone": { type: "boolean" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
});
const quick = options.quick === true;
const size = Number(options.size ?? (quick ? 100_000 : 1_000_000));
const importSize = Number(options["import-size"] ?? (quick ? 50_000 : 500_000));
const runs = Number(options.runs ?? (quick ? 2 : 3));
const httpSeconds = Number(options.seconds ?? (quick ? 5 : 20));
const serverUrl = String(options["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const buildDir = "build-bench";
const TARGETS = {
  importRowsPerSecond: 50_000,
  peakRssMb: 500,
  queryP95Ms: 20,
  adminP95Ms: 100,
  ratioToStatic: 0.25,
  p99Ms: 250,
  jsForHomeKb: 150,
};
const started = new Date();
const loadAtStart = loadavg();
// Printed first and under the table, and kept in all.json: figures from other machines or settings are told apart by it.
const databaseSettings = await describePostgresSettings(serverUrl).catch((error: Error) => `PostgreSQL settings unreadable: ${error.message}`);
console.log(`${cpus().length} cores; ${databaseSettings}`);

const env = { ...process.env, BENCH_DATABASE_URL: serverUrl, LOG_LEVEL: "silent" };
const failures: string[] = [];
/** Runs one benchmark in its own process; a failure is reported under the table instead of ending the suite. */
function step(title: string, script: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  try {
    execFileSync("node_modules/.bin/tsx", [script, ...args], { stdio: "inherit", env });
    return true;
  } catch (error) {
    console.error(`✗ ${title} failed: ${(error as Error).message.split("\n")[0]}`);
    failures.push(title);
    return false;
  }
}
const readJson = (file: string) => JSON.parse(readFileSync(`bench/results/${file}`, "utf8"));

if (!options["skip-build"]) {
  console.log("▶ build");
  execFileSync("node_modules/.bin/react-router", ["build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}

// Import: rows/s and peak RSS per engine and phase, median over runs.
const importRuns: { engine: string; phase: string; rowsPerSecond: number; peakRssMb: number }[][] = [];
for (let run = 1; run <= runs && !options["skip-import"]; run++) {
  const title = `import ${importSize.toLocaleString("en")} names, run ${run}/${runs}`;
  if (step(title, "bench/import.ts", ["--size", String(importSize)])) importRuns.push(readJson("import.json").results);
}
// The night's list into a site holding the night before's (bench:import --scenario nightly): seconds and RSS growth per engine.
const nightlyRuns: { engine: string; seconds: number; peakRssMb: number; baselineRssMb: number }[][] = [];
for (let run = 1; run <= runs && !options["skip-import"]; run++) {
  if (step(`import of a night's 60,000-name list, run ${run}/${runs}`, "bench/import.ts", ["--scenario", "nightly"]))
    nightlyRuns.push(readJson("import-nightly.json").results);
}
// Search, public lists and the admin list, on one database of `size` names.
const searchRuns: { name: string; p50: number; p95: number; usesIndex: boolean }[][] = [];
const adminRuns: { mix: { p50: number; p95: number }; countMix?: { p50: number; p95: number } }[] = [];
const filterRuns: {
  targetMs: number;
  results: { p95: number }[];
  allCalls: { p50: number; p95: number };
  facets: { withoutTextFilter: { p95: number }; withTextFilter: { p95: number } };
}[] = [];
const exportRuns: { median: { rowsPerSecond: number; rssGrowthMb: number }; longestBatchMs: number }[] = [];
const statisticsRuns: { aggregationMs: { median: number }; pageMs: { p50: number; p95: number }; history: { outcomes: number; days: number } }[] = [];
const apiRuns: { settings: string; overall: { p50: number; p95: number }; results: { p95: number }[] }[] = [];
// --database-name: the million-name database the query and HTTP steps share (default snart_bench_search).
const databaseName = String(options["database-name"] ?? "snart_bench_search");
const sized = (queryRuns: number) => [
  "--size",
  String(size),
  "--runs",
  String(queryRuns),
  "--database-url",
  serverUrl,
  "--database-name",
  databaseName,
];
/** For the steps that start the server built above instead of building their own. */
const builtServer = ["--skip-build", "--build-dir", buildDir];
for (let run = 1; run <= runs; run++) {
  if (step(`search and lists, run ${run}/${runs}`, "bench/search.ts", [...sized(quick ? 20 : 50), "--skip-admin"]))
    searchRuns.push(readJson("search.json").results);
  // About 200 filter/sort/page cases (bench/support/admin-cases.ts), each timed a few times.
  if (step(`admin list, run ${run}/${runs}`, "bench/admin-list.ts", sized(quick ? 3 : 5))) adminRuns.push(readJson("admin-list.json"));
  // 200 filter sets of the public lists (bench/public-filters.ts), first page and count as the loaders read them.
  if (step(`public filters, run ${run}/${runs}`, "bench/public-filters.ts", sized(quick ? 3 : 5))) filterRuns.push(readJson("public-filters.json"));
  // A list view downloaded as CSV (bench/exports.ts): 100,000 rows, its own three runs.
  if (step(`exports, run ${run}/${runs}`, "bench/exports.ts", [...sized(3), "--rows", String(quick ? 50_000 : 100_000)])) exportRuns.push(readJson("exports.json"));
  // The API's first pages (bench/api.ts): a few typical requests of /api/v1/domains as its route answers them.
  if (step(`API first pages, run ${run}/${runs}`, "bench/api.ts", sized(quick ? 15 : 30))) apiRuns.push(readJson("api.json"));
  // /statistik (bench/statistics.ts): the jobs' aggregation and the page rendered on every request, against the built server.
  const statisticsArgs = [...sized(3), "--requests", String(quick ? 50 : 200), ...builtServer];
  if (step(`statistics, run ${run}/${runs}`, "bench/statistics.ts", statisticsArgs)) statisticsRuns.push(readJson("statistics.json"));
}
// HTTP: every run of every target in one server process (bench/http.ts takes the medians itself). Pages as
// visitors get them, through the page micro-cache; bench/pages.ts below measures them rendered on every request.
step(`HTTP, ${runs} runs × ${httpSeconds} s per target`, "bench/http.ts", [
  ...sized(runs),
  "--pages",
  "cached",
  "--seconds",
  String(httpSeconds),
  ...builtServer,
]);
// Pages rendered on every request (a long-tail page), on PostgreSQL at `size` and on the embedded database.
const pagesOk = step(`pages rendered on every request, both engines`, "bench/pages.ts", [
  ...sized(quick ? 1 : runs),
  "--embedded-size",
  String(Math.min(size, 100_000)),
  "--requests",
  String(quick ? 60 : 200),
  "--seconds",
  String(httpSeconds),
  ...builtServer,
]);
const pages = pagesOk ? (readJson("pages.json") as PagesResult) : null;
// The embedded default's memory (bench/memory.ts): the built server on PGlite, as `npm start` runs it on a new machine.
const memoryOk = step("memory of the embedded default", "bench/memory.ts", builtServer);
const memoryPhases: { phase: string; rssMb: number; peakMb: number }[] = memoryOk ? readJson("memory.json").phases : [];
// The registry's zone (bench/zone.ts), once: its syncs on both engines, then name pages over the whole zone on PostgreSQL.
const zoneArgs = ["--database-url", serverUrl, ...builtServer, "--requests", String(quick ? 60 : 200)];
if (quick) zoneArgs.push("--names", "200000", "--embedded-names", "200000");
const zoneOk = !options["skip-zone"] && step("the registry's zone: syncs and name pages", "bench/zone.ts", zoneArgs);
const zone = zoneOk ? (readJson("zone.json") as ZoneResult) : null;
// Watching 1,000 names in bulk (bench/watch-import.ts): check and save on both engines; reads no zone.
const watchesOk = step("watching 1,000 names in bulk, both engines", "bench/watch-import.ts", ["--database-url", serverUrl, "--runs", String(quick ? 3 : 10)]);
const watchImports = (watchesOk ? readJson("watch-import.json").results : []) as WatchImportResult[];
const httpOk = !failures.some((title) => title.startsWith("HTTP"));
const http = (httpOk ? readJson("http.json") : { table: [], bundles: [] }) as {
  table: {
    target: string;
    "req/s": number;
    "p50 ms": number;
    "p99 ms": number;
    errors: number;
    "ratio to static": number;
    "ratio to small static": number;
  }[];
  bundles: { page: string; jsGzipBytes: number; cssGzipBytes: number }[];
};

type Row = { area: string; measure: string; value: string; target: string; met: string };
const rows: Row[] = [];
const mark = (ok: boolean | null) => (ok === null ? "" : ok ? "yes" : "NO");
const add = (area: string, measure: string, value: string, target = "", ok: boolean | null = null) =>
  rows.push({ area, measure, value, target, met: mark(ok) });

for (const { engine, phase } of importRuns[0] ?? []) {
  const pick = (key: "rowsPerSecond" | "peakRssMb") =>
    median(importRuns.map((results) => results.find((r) => r.engine === engine && r.phase === phase)![key]));
  const rps = pick("rowsPerSecond");
  const rss = pick("peakRssMb");
  const onPg = engine === "postgres";
  add(
    `import ${engine}`,
    `${phase}: rows/s`,
    Math.round(rps).toLocaleString("en"),
    onPg ? "≥ 50,000" : "",
    onPg ? rps >= TARGETS.importRowsPerSecond : null,
  );
  add(`import ${engine}`, `${phase}: peak MB`, String(Math.round(rss)), onPg ? "< 500" : "", onPg ? rss < TARGETS.peakRssMb : null);
}
for (const { engine } of nightlyRuns[0] ?? []) {
  const results = nightlyRuns.map((run) => run.find((result) => result.engine === engine)!);
  const seconds = median(results.map((result) => result.seconds));
  const growth = median(results.map((result) => result.peakRssMb - result.baselineRssMb));
  const limit = engine === "postgres" ? 2 : 5;
  add(`import ${engine}`, "a night's list: 60,000 names, 5,000 new", `${seconds.toFixed(2)} s, RSS +${growth} MB`, `< ${limit} s, < 150 MB`, seconds < limit && growth < 150);
}
for (const { name } of searchRuns[0] ?? []) {
  const results = searchRuns.map((run) => run.find((r) => r.name === name)!);
  const p50 = median(results.map((r) => r.p50));
  const p95 = median(results.map((r) => r.p95));
  const usesIndex = results.every((r) => r.usesIndex);
  add(
    "query",
    name,
    `p50 ${p50.toFixed(1)} / p95 ${p95.toFixed(1)} ms${usesIndex ? ", index" : ", NO INDEX"}`,
    "p95 < 20 ms",
    p95 < TARGETS.queryP95Ms && usesIndex,
  );
}
const adminP95 = adminRuns.length ? median(adminRuns.map((run) => run.mix.p95)) : NaN;
if (adminRuns.length)
  add(
    "query",
    "admin list, filter mix",
    `p50 ${median(adminRuns.map((run) => run.mix.p50)).toFixed(1)} / p95 ${adminP95.toFixed(1)} ms`,
    "p95 < 100 ms",
    adminP95 < TARGETS.adminP95Ms,
  );
if (filterRuns.length) {
  const over = median(filterRuns.map((run) => run.results.filter((result) => result.p95 >= run.targetMs).length));
  const sets = filterRuns[0].results.length;
  add(
    "query",
    `public lists, ${sets} filter sets (first page + count)`,
    `p50 ${median(filterRuns.map((run) => run.allCalls.p50)).toFixed(1)} / p95 ${median(filterRuns.map((run) => run.allCalls.p95)).toFixed(1)} ms; ${over} sets over ${TARGETS.queryP95Ms} ms`,
    "every set p95 < 20 ms",
    over === 0,
  );
  const plain = median(filterRuns.map((run) => run.facets.withoutTextFilter.p95));
  const text = median(filterRuns.map((run) => run.facets.withTextFilter.p95));
  add("query", "counts beside the filter choices, without / with a text filter", `p95 ${plain.toFixed(1)} / ${text.toFixed(1)} ms`, "p95 < 50 / 150 ms", plain < 50 && text < 150);
}
if (exportRuns.length) {
  const rate = median(exportRuns.map((run) => run.median.rowsPerSecond));
  const growth = median(exportRuns.map((run) => run.median.rssGrowthMb));
  add(
    "export",
    "a list view as CSV",
    `${Math.round(rate).toLocaleString("en")} rows/s, memory +${growth.toFixed(1)} MB, longest batch ${Math.max(...exportRuns.map((run) => run.longestBatchMs)).toFixed(1)} ms`,
    "≥ 100,000 rows/s, < 50 MB",
    rate >= 100_000 && growth < 50,
  );
}
if (statisticsRuns.length) {
  const aggregation = median(statisticsRuns.map((run) => run.aggregationMs.median));
  const page = median(statisticsRuns.map((run) => run.pageMs.p95));
  const { outcomes, days } = statisticsRuns[0].history;
  add(
    "statistics",
    `aggregation over ${outcomes.toLocaleString("en")} releases (${days} days) / /statistik rendered`,
    `${aggregation.toFixed(0)} ms / p50 ${median(statisticsRuns.map((run) => run.pageMs.p50)).toFixed(1)}, p95 ${page.toFixed(1)} ms`,
    "< 2,000 ms / p95 < 50 ms",
    aggregation < 2000 && page < 50,
  );
}
if (apiRuns.length) {
  const p95 = median(apiRuns.map((run) => run.overall.p95));
  add(
    "api",
    `/api/v1/domains first pages of 100, ${apiRuns[0].results.length - 1} typical requests`,
    `p50 ${median(apiRuns.map((run) => run.overall.p50)).toFixed(1)} / p95 ${p95.toFixed(1)} ms (${apiRuns[0].settings})`,
    "p95 < 20 ms",
    p95 < TARGETS.queryP95Ms,
  );
}
const countRuns = adminRuns.flatMap((run) => (run.countMix ? [run.countMix] : []));
if (countRuns.length)
  add(
    "query",
    "admin list, until the exact total is known (a search text's streams in after the rows)",
    `p50 ${median(countRuns.map((run) => run.p50)).toFixed(1)} / p95 ${median(countRuns.map((run) => run.p95)).toFixed(1)} ms`,
    "–",
    null,
  );
for (const row of http.table) {
  const isStatic = row.target.startsWith("static");
  const ok = isStatic ? null : row["ratio to static"] >= TARGETS.ratioToStatic && row["p99 ms"] < TARGETS.p99Ms && row.errors === 0;
  add(
    "http",
    row.target,
    `${row["req/s"]} req/s, p50 ${row["p50 ms"]} / p99 ${row["p99 ms"]} ms, ${row.errors} err, ratio ${row["ratio to static"]} (small ${row["ratio to small static"]})`,
    isStatic ? "" : "≥ 0.25, p99 < 250, 0 err",
    ok,
  );
}
for (const result of pages?.results ?? []) {
  const engine = result.engine === "postgres" ? "PostgreSQL" : "embedded";
  for (const page of result.oneAtATime) {
    const target = pages!.targets[result.engine][page.page];
    add(
      `rendered, ${engine}`,
      `${page.page}, one visitor at a time (${result.size.toLocaleString("en")} names)`,
      `p50 ${page.p50.toFixed(1)} / p95 ${page.p95.toFixed(1)} ms, ${page.cpuMsPerPage.toFixed(1)} ms CPU, ${(page.bytes / 1024).toFixed(0)} KB`,
      target ? `p50 ≤ ${target} ms` : "",
      target ? page.p50 <= target : null,
    );
  }
  for (const load of result.load) {
    const ratioTarget = result.engine === "postgres" ? pages!.targets.loadRatio[load.target] : undefined;
    const isStatic = load.ratioToStatic === null;
    const errors = load.errors + load.non2xx;
    add(
      `rendered, ${engine}`,
      `${load.target}, ${pages!.connections} connections`,
      `${Math.round(load.requestsPerSecond)} req/s, p50 ${load.latencyP50} / p99 ${load.latencyP99} ms, ${errors} err${isStatic ? "" : `, ratio ${load.ratioToStatic}`}`,
      isStatic ? "" : `${ratioTarget ? `≥ ${ratioTarget}, ` : ""}p99 < 1,000, 0 err`,
      isStatic ? null : (ratioTarget === undefined || load.ratioToStatic! >= ratioTarget) && load.latencyP99 < pages!.targets.loadP99Ms && errors === 0,
    );
  }
  if (result.engine === "postgres") {
    const { rawBytes, gzipBytes, cards, rawBytesPerCard } = result.weight;
    add(
      "html",
      `/soon-available, first page (${cards} cards)`,
      `${(rawBytes / 1024).toFixed(0)} KB raw, ${(gzipBytes / 1024).toFixed(1)} KB gzip, ${rawBytesPerCard} bytes per card`,
      "card ≤ 979 bytes (half of 1,959)",
      rawBytesPerCard <= 979,
    );
  }
}
for (const bundle of http.bundles) {
  const isHome = bundle.page === "/";
  const kb = bundle.jsGzipBytes / 1024;
  add(
    "bundle",
    bundle.page.startsWith("/d/") ? "/d/{name}" : bundle.page,
    `JS ${kb.toFixed(1)} KB, CSS ${(bundle.cssGzipBytes / 1024).toFixed(1)} KB gzip`,
    isHome ? "JS ≤ 150 KB" : "",
    isHome ? kb <= TARGETS.jsForHomeKb : null,
  );
}

for (const phase of memoryPhases) add("memory, embedded", phase.phase, `RSS ${phase.rssMb} MB, peak ${phase.peakMb} MB`);
for (const row of zone?.results ?? []) {
  const limit =
    row.phase === "first full read" ? zone!.targets.firstSyncSeconds[row.engine] : row.phase.startsWith("same serial") ? zone!.targets.unchangedSeconds : zone!.targets.changedSeconds;
  add(
    `zone ${row.engine}`,
    `${row.tld}, ${row.names.toLocaleString("en")} names: ${row.phase}`,
    `${row.seconds} s, ${row.recordsPerSecond.toLocaleString("en")} records/s, RSS +${row.rssGrowthMb} MB, zone tables ${row.zoneTablesMb} MB`,
    `< ${limit} s, < ${zone!.targets.rssGrowthMb} MB`,
    row.seconds < limit && row.rssGrowthMb < zone!.targets.rssGrowthMb,
  );
}
const namePages = zone?.pages?.find((row) => row.kind === "all");
if (namePages) {
  const kinds = zone!.pages!.filter((row) => row.kind !== "all").map((row) => `${row.kind} ${row.p95.toFixed(1)}`);
  add(
    "zone postgres",
    `/d/{name} one at a time over the zone (p95 by kind: ${kinds.join(", ")} ms)`,
    `p50 ${namePages.p50.toFixed(1)} / p95 ${namePages.p95.toFixed(1)} ms, ${namePages.cpuMsPerPage.toFixed(1)} ms CPU`,
    `p95 < ${zone!.targets.pageP95Ms} ms`,
    namePages.p95 < zone!.targets.pageP95Ms,
  );
}
for (const row of watchImports) {
  add(
    `watches ${row.engine}`,
    "1,000 names in bulk: check + save",
    `p50 ${row.totalP50Ms.toFixed(0)} ms (check ${row.checkP50Ms.toFixed(0)}, save ${row.saveP50Ms.toFixed(0)}), max ${row.totalMaxMs.toFixed(0)} ms`,
    `< ${row.targetMs.toLocaleString("en")} ms`,
    row.totalMaxMs < row.targetMs,
  );
}

console.log(
  `\nBenchmarks: ${size.toLocaleString("en")} names on PostgreSQL, ${options["skip-import"] ? "no import" : `import of ${importSize.toLocaleString("en")} names`}, median of ${runs} runs` +
    `${quick ? " (--quick)" : ""}; ${cpus().length} cores, load average ${loadAtStart.map((value) => value.toFixed(1)).join(" ")} at start`,
);
console.log(databaseSettings);
console.table(rows);
for (const title of failures) console.log(`FAILED: ${title} (its figures are missing above; see its output)`);
const missed = rows.filter((row) => row.met === "NO");
console.log(missed.length ? `${missed.length} of ${rows.filter((row) => row.met).length} targets missed.` : "Every target met.");
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/all.json",
  JSON.stringify(
    {
      startedAt: started.toISOString(),
      finishedAt: new Date().toISOString(),
      quick,
      size,
      importSize,
      runs,
      httpSeconds,
      machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg(), databaseSettings },
      targets: TARGETS,
      rows,
      failures,
      raw: { import: importRuns, importNightly: nightlyRuns, search: searchRuns, admin: adminRuns, filters: filterRuns, exports: exportRuns, api: apiRuns, statistics: statisticsRuns, http, pages, memory: memoryPhases, zone, watchImports },
    },
    null,
    2,
  ) + "\n",
);
console.log("Wrote bench/results/all.json");
