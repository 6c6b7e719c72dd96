// npm run bench:search -- [--size 1000000] [--runs 50] [--fresh] [--only <text>] [--database-url <url>] [--database-name <name>] [--skip-admin]
// Then the backoffice list's cases (bench/support/admin-list-bench.ts, issue 8) on the same database,
// 5 runs each; --skip-admin leaves them out (`npm run bench` runs bench/admin-list.ts separately).
// Times every public list query and the substring search on PostgreSQL with
// `size` demo names and prints p50/p95 and whether each plan uses an index
// (EXPLAIN of the exact statements the app sends). Writes bench/results/search.json.
// The list totals are sums over the few rows of domain_list_counts, which
// triggers keep exact (migration 0010), so every page view reads them.
// Server: --database-url, else BENCH_DATABASE_URL or TEST_DATABASE_URL (any
// database on it; the benchmark creates its own, snart_bench_search or
// --database-name, and keeps it for the next run of the same size).
import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { readProcessOptions } from "~cli/command-line";
import { createRecordingDb, type RecordedQuery } from "./support/recording-db";
import { SEARCH_BENCH_CASES } from "./support/search-cases";
import { runAdminListBench, writeAdminBenchResults } from "./support/admin-list-bench";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";
import { percentile } from "~support/percentile";

const TARGET_P95_MS = 20;
const options = readProcessOptions("bench/search.ts", {
  size: { type: "string" },
  runs: { type: "string" },
  only: { type: "string" },
  "skip-admin": { type: "boolean" },
  fresh: { type: "boolean" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
});
const size = Number(options.size ?? 1_000_000);
const runs = Number(options.runs ?? 50);
const serverUrl =
  (typeof options["database-url"] === "string" ? options["database-url"] : undefined) ??
  (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL);
if (!serverUrl) {
  console.error("Give --database-url or set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres");
  process.exit(1);
}
if (!Number.isInteger(size) || size < 1000 || !Number.isInteger(runs) || runs < 1) {
  console.error("--size must be a whole number of at least 1000 and --runs at least 1");
  process.exit(1);
}

const name = typeof options["database-name"] === "string" ? options["database-name"] : "snart_bench_search";
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
  console.error("--database-name must be a plain lower-case identifier");
  process.exit(1);
}
const databaseUrl = await prepareSearchBenchDatabase({ serverUrl, name, size, fresh: options.fresh === true });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const { db, record } = createRecordingDb(pool);
const only = typeof options.only === "string" ? options.only : undefined;
const cases = SEARCH_BENCH_CASES.filter((benchCase) => !only || benchCase.name.includes(only));

type CaseResult = { name: string; p50: number; p95: number; max: number; usesIndex: boolean; plans: string[]; queries: RecordedQuery[] };
const results: CaseResult[] = [];
for (const benchCase of cases) {
  const queries = await record(benchCase.run);
  for (let i = 0; i < 3; i++) await benchCase.run(db); // warm the cache and the plan
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await benchCase.run(db);
    times.push(performance.now() - started);
  }
  const plans = await Promise.all(queries.map((query) => explain(query)));
  results.push({
    name: benchCase.name,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
    usesIndex: plans.every(readsByIndex),
    plans,
    queries,
  });
  const last = results[results.length - 1];
  console.log(`${pad(last.name, 34)} p50 ${ms(last.p50)}  p95 ${ms(last.p95)}  ${last.usesIndex ? "index" : "NO INDEX"}`);
}
await pool.end();

console.log(`\n${size.toLocaleString("sv-SE")} names, ${runs} runs per query, target p95 < ${TARGET_P95_MS} ms\n`);
console.log(`${pad("query", 34)} ${pad("p50 ms", 8)} ${pad("p95 ms", 8)} ${pad("index", 6)} plan (first node)`);
for (const result of results) {
  const flag = result.p95 < TARGET_P95_MS ? " " : "!";
  const firstNodes = result.plans.map((plan) => planSummary(plan)).join(" | ");
  console.log(`${pad(result.name, 34)} ${pad(ms(result.p50), 8)} ${pad(ms(result.p95), 8)}${flag}${pad(result.usesIndex ? "yes" : "NO", 6)} ${firstNodes}`);
}
console.log("\nPlans:");
for (const result of results) {
  console.log(`\n-- ${result.name}`);
  for (const plan of result.plans) console.log(plan);
}
const slow = results.filter((result) => result.p95 >= TARGET_P95_MS || !result.usesIndex);
console.log(`\n${results.length - slow.length}/${results.length} queries meet p95 < ${TARGET_P95_MS} ms with an index.`);
if (slow.length) console.log(`Not met: ${slow.map((result) => result.name).join(", ")}`);

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/search.json",
  JSON.stringify({ size, runs, targetP95Ms: TARGET_P95_MS, ranAt: new Date().toISOString(), results }, null, 2),
);
console.log("Wrote bench/results/search.json");

if (options["skip-admin"] !== true) {
  console.log("");
  writeAdminBenchResults({ size }, await runAdminListBench({ databaseUrl, runs: Math.min(runs, 5) }));
}

async function explain(query: RecordedQuery): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain (costs off) ${query.sql}`, query.params);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  } finally {
    await client.end();
  }
}

/**
 * Every table is read through an index, except domain_list_counts: the list
 * totals' few dozen rows by design (migration 0010), which are read whole.
 */
function readsByIndex(plan: string): boolean {
  const totalsScan = "Seq Scan on domain_list_counts";
  const rest = plan.replaceAll(totalsScan, "");
  return !/Seq Scan/.test(rest) && (/Index/.test(rest) || plan.includes(totalsScan));
}

/** The scan nodes of a plan, e.g. "Index Scan using domains_status_release_idx". */
function planSummary(plan: string): string {
  const scans = plan.match(/(Index Only Scan|Index Scan Backward|Index Scan|Bitmap Index Scan|Seq Scan)( using \w+| on \w+)?/g) ?? [];
  return [...new Set(scans)].join(", ");
}

function ms(value: number): string {
  return value.toFixed(2);
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}
