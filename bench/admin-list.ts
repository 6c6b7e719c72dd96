// npx tsx bench/admin-list.ts [--size 1000000] [--runs 30] [--database-url <url>]  (also run by `npm run bench`)
// Times the backoffice domain list (listAdminDomains: one page + capped count)
// with a mix of filters and sorts on PostgreSQL with `size` demo names, in the
// database bench:search fills (snart_bench_search). Target p95 < 100 ms.
// Writes bench/results/admin-list.json.
import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { parseArgs } from "../cli/command";
import type { AdminDomainListQuery } from "../app/lib/admin-list-params";
import { listAdminDomains } from "../app/server/admin/list-admin-domains.server";
import { createRecordingDb } from "./support/recording-db";
import { prepareSearchBenchDatabase } from "./support/search-bench-database";

const TARGET_P95_MS = 100;
const { options } = parseArgs(process.argv.slice(2));
const size = Number(options.size ?? 1_000_000);
const runs = Number(options.runs ?? 30);
const serverUrl =
  (typeof options["database-url"] === "string" ? options["database-url"] : undefined) ??
  (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres");

const base: AdminDomainListQuery = {
  page: 1,
  pageSize: 30,
  sortField: "release_date",
  sortDirection: "asc",
  filter: "",
  status: null,
  releaseFrom: null,
  releaseTo: null,
  lengthFrom: null,
  lengthTo: null,
  tlds: [],
  characters: {},
};

/** What admins do: the default view, status/TLD/date/length filters, a name filter, character classes, other sorts, deep pages. */
const CASES: { name: string; query: AdminDomainListQuery }[] = [
  { name: "default (release date asc)", query: base },
  { name: "status soonavailable", query: { ...base, status: "soonavailable" } },
  { name: "status premium, name desc", query: { ...base, status: "premium", sortField: "name", sortDirection: "desc" } },
  { name: "tld .nu, sort score desc", query: { ...base, tlds: [".nu"], sortField: "score", sortDirection: "desc" } },
  { name: "filter 'hund'", query: { ...base, filter: "hund" } },
  { name: "filter 'ab' + status available", query: { ...base, filter: "ab", status: "available" } },
  { name: "length 3–5, sort length", query: { ...base, lengthFrom: 3, lengthTo: 5, sortField: "length" } },
  { name: "release next 30 days", query: { ...base, releaseFrom: isoDay(0), releaseTo: isoDay(30) } },
  { name: "digits + special, .se", query: { ...base, characters: { digits: true, special: true }, tlds: [".se"] } },
  { name: "non-Latin, sort name", query: { ...base, characters: { nonLatin: true }, sortField: "name" } },
  { name: "page 50, sort status", query: { ...base, page: 50, sortField: "status" } },
  {
    name: "all filters",
    query: {
      ...base,
      filter: "a",
      status: "soonavailable",
      tlds: [".se"],
      lengthFrom: 4,
      lengthTo: 10,
      releaseFrom: isoDay(0),
      releaseTo: isoDay(60),
      characters: { letters: true },
    },
  },
];

const databaseUrl = await prepareSearchBenchDatabase({ serverUrl, name: "snart_bench_search", size, fresh: false });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const { db, record } = createRecordingDb(pool);
const results: { name: string; p50: number; p95: number; usesIndex: boolean; plans: string[] }[] = [];
const all: number[] = [];
for (const benchCase of CASES) {
  const queries = await record((db) => listAdminDomains(db, benchCase.query));
  for (let i = 0; i < 2; i++) await listAdminDomains(db, benchCase.query);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await listAdminDomains(db, benchCase.query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  const plans: string[] = [];
  for (const query of queries) {
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (costs off) ${query.sql}`, query.params);
    plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
  const result = {
    name: benchCase.name,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    usesIndex: plans.every((plan) => !/Seq Scan/.test(plan)),
    plans,
  };
  results.push(result);
  console.log(
    `${benchCase.name.padEnd(34)} p50 ${result.p50.toFixed(1).padStart(7)}  p95 ${result.p95.toFixed(1).padStart(7)}  ${result.usesIndex ? "index" : "SEQ SCAN"}`,
  );
}
await pool.end();
all.sort((a, b) => a - b);
const mix = { p50: percentile(all, 0.5), p95: percentile(all, 0.95) };
console.log(
  `\nAdmin list, mix of ${CASES.length} filter sets × ${runs} runs: p50 ${mix.p50.toFixed(1)} ms, p95 ${mix.p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms)`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/admin-list.json",
  JSON.stringify({ size, runs, targetP95Ms: TARGET_P95_MS, ranAt: new Date().toISOString(), mix, results }, null, 2) + "\n",
);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function isoDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}
