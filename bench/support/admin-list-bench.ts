// Times the backoffice domain list (listAdminDomains: one page, and
// separately until its exact count is known, which for a search text's first
// view streams in after the rows) over the filter space of admin-cases.ts, on a PostgreSQL database
// that already holds the demo names. Shared by bench/admin-list.ts and
// bench/search.ts (issue 8: "add it to npm run bench:search").
import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { listAdminDomains } from "~/server/admin/list-admin-domains.server";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";
import { adminBenchCases, resolvePage, type AdminBenchCase } from "./admin-cases";
import { createRecordingDb, type RecordedQuery } from "./recording-db";
import { percentile } from "~support/percentile";

export const ADMIN_TARGET_P95_MS = 100;

export type AdminCaseResult = {
  name: string;
  group: AdminBenchCase["group"];
  page: number;
  total: number;
  /** Until the page's rows are read (what the table waits for). */
  p50: number;
  p95: number;
  /** Until the exact total is known: the same, or later for a search text's first view (it streams in). */
  countP95: number;
  usesIndex: boolean;
  /** The scan nodes of every statement, e.g. "Index Scan using domains_score_name_idx". */
  scans: string;
  plans: string[];
};

export type AdminBenchResult = {
  runs: number;
  cold: boolean;
  /** Every timed call of every case together, until the rows were read. */
  mix: { p50: number; p95: number; calls: number };
  /** The same calls until the exact total was known. */
  countMix: { p50: number; p95: number };
  /** Cases whose p95 is over the target. */
  over: string[];
  results: AdminCaseResult[];
};

/**
 * Each case is timed `runs` times after one warm-up. `cold` (the default)
 * drops the cached counts before every call, so each figure includes
 * counting, as for an admin who has just changed a filter.
 */
export async function runAdminListBench(options: {
  databaseUrl: string;
  runs: number;
  cold?: boolean;
  only?: string;
  seed?: number;
  combinations?: number;
  log?: (line: string) => void;
}): Promise<AdminBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cold = options.cold ?? true;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  const { db, record } = createRecordingDb(pool);
  const cases = adminBenchCases({ seed: options.seed, combinations: options.combinations }).filter(
    (benchCase) => !options.only || benchCase.name.includes(options.only),
  );
  const results: AdminCaseResult[] = [];
  const all: number[] = [];
  const allCounts: number[] = [];
  log(`Admin list: ${cases.length} cases × ${options.runs} runs, ${cold ? "counts not cached (cold)" : "counts cached"}; ! = p95 over ${ADMIN_TARGET_P95_MS} ms`);
  log(`${pad("case", 62)} ${pad("page", 6)} ${pad("matches", 9)} ${pad("p50", 7)} ${pad("p95", 8)} ${pad("count", 8)} plan`);
  try {
    for (const benchCase of cases) {
      const totalCount = await (await listAdminDomains(db, benchCase.query)).totalCount;
      const query = { ...benchCase.query, page: resolvePage(benchCase.page, totalCount, benchCase.query.pageSize) };
      const call = async () => {
        if (cold) invalidateDomainCaches();
        const started = performance.now();
        const list = await listAdminDomains(db, query);
        const page = performance.now() - started;
        await list.totalCount;
        return { page, count: performance.now() - started };
      };
      const statements = await record(call);
      const times: number[] = [];
      const countTimes: number[] = [];
      for (let run = 0; run < options.runs; run++) {
        // The count is awaited too, so no run's counting overlaps the next run.
        const { page, count } = await call();
        times.push(page);
        countTimes.push(count);
      }
      all.push(...times);
      allCounts.push(...countTimes);
      const plans = await explainAll(pool, statements);
      const result: AdminCaseResult = {
        name: benchCase.name,
        group: benchCase.group,
        page: query.page,
        total: totalCount,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        countP95: percentile(countTimes, 0.95),
        // Only reads of domains count: the per-status totals table and pg_class are a few rows.
        usesIndex: plans.every((plan) => !/Seq Scan on domains\b/.test(plan)),
        scans: plans.map(scanSummary).filter(Boolean).join(" | "),
        plans,
      };
      results.push(result);
      const flag = result.p95 > ADMIN_TARGET_P95_MS ? "!" : " ";
      log(
        `${pad(result.name, 62)} ${pad(String(result.page), 6)} ${pad(String(result.total), 9)} ${pad(ms(result.p50), 7)} ${pad(ms(result.p95), 7)}${flag} ${pad(ms(result.countP95), 8)} ${result.usesIndex ? "" : "NO INDEX: "}${result.scans}`,
      );
    }
  } finally {
    await pool.end();
  }
  const over = results.filter((result) => result.p95 > ADMIN_TARGET_P95_MS);
  const mix = { p50: percentile(all, 0.5), p95: percentile(all, 0.95), calls: all.length };
  const countMix = { p50: percentile(allCounts, 0.5), p95: percentile(allCounts, 0.95) };
  log(`\nAdmin list, ${results.length} cases × ${options.runs} runs: p50 ${ms(mix.p50)} ms, p95 ${ms(mix.p95)} ms over all calls (target < ${ADMIN_TARGET_P95_MS} ms).`);
  for (const group of ["filter", "sort", "combination"] as const) {
    const inGroup = results.filter((result) => result.group === group);
    if (inGroup.length) log(`  ${pad(group, 12)} ${inGroup.length} cases, worst p95 ${ms(Math.max(...inGroup.map((result) => result.p95)))} ms`);
  }
  const worst = [...results].sort((a, b) => b.p95 - a.p95).slice(0, 5);
  log(`Slowest: ${worst.map((result) => `${result.name} (${ms(result.p95)})`).join("; ")}`);
  log(over.length ? `${over.length} of ${results.length} cases over ${ADMIN_TARGET_P95_MS} ms: ${over.map((result) => result.name).join("; ")}` : `Every case under ${ADMIN_TARGET_P95_MS} ms.`);
  const lateCounts = results.filter((result) => result.countP95 > ADMIN_TARGET_P95_MS);
  if (lateCounts.length) {
    log(`${lateCounts.length} cases' totals were known after ${ADMIN_TARGET_P95_MS} ms (streamed after the rows): ${lateCounts.map((result) => `${result.name} (${ms(result.countP95)})`).join("; ")}`);
  }
  const withoutIndex = results.filter((result) => !result.usesIndex);
  if (withoutIndex.length) log(`${withoutIndex.length} cases read the table without an index: ${withoutIndex.map((result) => result.name).join("; ")}`);
  log(`Until the exact total was known: p50 ${ms(countMix.p50)} ms, p95 ${ms(countMix.p95)} ms over all calls.`);
  return { runs: options.runs, cold, mix, countMix, over: over.map((result) => result.name), results };
}

/** bench/results/admin-list.json, which `npm run bench` reads. */
export function writeAdminBenchResults(settings: Record<string, unknown>, result: AdminBenchResult): void {
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/admin-list.json",
    JSON.stringify({ ...settings, targetP95Ms: ADMIN_TARGET_P95_MS, ranAt: new Date().toISOString(), ...result }, null, 2) + "\n",
  );
  console.log("Wrote bench/results/admin-list.json");
}

/**
 * EXPLAIN of what a call sent, replayed in order in a transaction that is
 * rolled back: settings it changed (SET LOCAL) apply to the plans as they
 * did to the call.
 */
async function explainAll(pool: pg.Pool, statements: RecordedQuery[]): Promise<string[]> {
  const client = await pool.connect();
  const plans: string[] = [];
  try {
    await client.query("begin");
    for (const statement of statements) {
      if (/^\s*(begin|commit|rollback)\b/i.test(statement.sql)) continue;
      if (/^\s*(select|with)\b/i.test(statement.sql)) {
        const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain (costs off) ${statement.sql}`, statement.params);
        plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
      } else {
        await client.query(statement.sql, statement.params);
      }
    }
  } finally {
    await client.query("rollback");
    client.release();
  }
  return plans;
}

/** The scan nodes of a plan, e.g. "Bitmap Index Scan on domains_name_chars_release_idx". */
function scanSummary(plan: string): string {
  const scans = plan.match(/(Index Only Scan Backward|Index Only Scan|Index Scan Backward|Index Scan|Bitmap Index Scan|Seq Scan)( using \w+| on \w+)?/g) ?? [];
  const ofDomains = scans.filter((scan) => / (using|on) domains(_|$)/.test(scan) && !/domain_list_counts/.test(scan));
  return [...new Set(ofDomains.map((scan) => scan.replace(/ (using|on) domains_/, " ").replace(/ on domains$/, "")))].join(", ");
}

function ms(value: number): string {
  return value.toFixed(1);
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}
