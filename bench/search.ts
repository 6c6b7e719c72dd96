// npm run bench:search -- [--size 1000000] [--runs 50] [--fresh] [--only <text>] [--database-url <url>] [--database-name <name>] [--skip-admin]
//                          [--zone [--zone-se 1500000] [--zone-nu 200000]]
// --zone: the registry's zone at that size beside the names (bench/support/bench-zone.ts; kept in the
// database with it), and each list page whose cards carry their siblings' and twins' flags (decision 0089)
// timed without them too: what siblings and twins add to its p95.
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
import { drizzle } from "drizzle-orm/node-postgres";
import type { Db } from "~/server/db/client.server";
import * as schema from "~/server/db/schema/index.server";
import { seedBenchZone, ZONE_OPTIONS, zoneSizesOf } from "./support/bench-zone";
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
  ...ZONE_OPTIONS,
});
const zoneSizes = zoneSizesOf(options);
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
if (zoneSizes) await seedBenchZone(drizzle(pool, { schema }) as unknown as Db, zoneSizes);
const { db, record } = createRecordingDb(pool);
const only = typeof options.only === "string" ? options.only : undefined;
const cases = SEARCH_BENCH_CASES.filter((benchCase) => !only || benchCase.name.includes(only));

type CaseResult = {
  name: string;
  p50: number;
  p95: number;
  max: number;
  usesIndex: boolean;
  plans: string[];
  queries: RecordedQuery[];
  /** With --zone, a list page read without its cards' families. */
  withoutFamilies?: { p50: number; p95: number };
};
const results: CaseResult[] = [];
for (const benchCase of cases) {
  const queries = await record(benchCase.run);
  // With --zone, a list page is also read without its cards' families, each such run beside one with
  // them, so that both see the same load on a shared machine.
  const paired = zoneSizes !== null && benchCase.families === true;
  for (let i = 0; i < 3; i++) {
    await benchCase.run(db); // warm the cache and the plan
    if (paired) await benchCase.run(db, false);
  }
  const times: number[] = [];
  const alone: number[] = [];
  const timed = async (families: boolean, into: number[]) => {
    const started = performance.now();
    await benchCase.run(db, families);
    into.push(performance.now() - started);
  };
  for (let i = 0; i < runs; i++) {
    // Which of the pair goes first alternates: the second finds what the first read in the cache.
    if (paired && i % 2 === 1) await timed(false, alone);
    await timed(true, times);
    if (paired && i % 2 === 0) await timed(false, alone);
  }
  const plans = await Promise.all(queries.map((query) => explain(query)));
  const withoutFamilies = paired ? { p50: percentile(alone, 0.5), p95: percentile(alone, 0.95) } : undefined;
  results.push({
    name: benchCase.name,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
    usesIndex: plans.every(readsByIndex),
    plans,
    queries,
    withoutFamilies,
  });
  const last = results[results.length - 1];
  console.log(`${pad(last.name, 34)} p50 ${ms(last.p50)}  p95 ${ms(last.p95)}  ${last.usesIndex ? "index" : "NO INDEX"}${familiesText(last)}`);
}
await pool.end();

console.log(`\n${size.toLocaleString("sv-SE")} names, ${runs} runs per query, target p95 < ${TARGET_P95_MS} ms\n`);
console.log(`${pad("query", 34)} ${pad("p50 ms", 8)} ${pad("p95 ms", 8)} ${pad("index", 6)} plan (first node)`);
for (const result of results) {
  const flag = result.p95 < TARGET_P95_MS ? " " : "!";
  const firstNodes = result.plans.map((plan) => planSummary(plan)).join(" | ");
  console.log(`${pad(result.name, 34)} ${pad(ms(result.p50), 8)} ${pad(ms(result.p95), 8)}${flag}${pad(result.usesIndex ? "yes" : "NO", 6)} ${firstNodes}`);
}
const paired = results.filter((result) => result.withoutFamilies);
if (paired.length > 0) {
  const added = paired.map((result) => result.p95 - result.withoutFamilies!.p95).sort((a, b) => a - b);
  const addedP50 = paired.map((result) => result.p50 - result.withoutFamilies!.p50).sort((a, b) => a - b);
  console.log(
    `\nSiblings and twins (zone .se ${zoneSizes![".se"]} + .nu ${zoneSizes![".nu"]}): the cards' flags add ${ms(added[0])} to ${ms(added.at(-1)!)} ms ` +
      `to a list page's p95 (median ${ms(percentile(added, 0.5))} ms; to its p50 ${ms(percentile(addedP50, 0.5))} ms at the median) ` +
      `over ${paired.length} pages; target ≤ 2 ms.`,
  );
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
  JSON.stringify({ size, runs, zone: zoneSizes, targetP95Ms: TARGET_P95_MS, ranAt: new Date().toISOString(), results }, null, 2),
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

function familiesText(result: CaseResult): string {
  const without = result.withoutFamilies;
  return without ? `  without families p50 ${ms(without.p50)} p95 ${ms(without.p95)} (+${ms(result.p95 - without.p95)})` : "";
}

function ms(value: number): string {
  return value.toFixed(2);
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}
