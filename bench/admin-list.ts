// npm run bench:admin -- [--size 1000000] [--runs 5] [--only <text>] [--combinations 80] [--seed 8] [--warm]
//                        [--database-url <url>] [--database-name <name>]   (also run by `npm run bench` and `npm run bench:search`)
// Times the backoffice domain list (listAdminDomains: one page + its exact
// count) on PostgreSQL with `size` demo names over the filter space
// (bench/support/admin-cases.ts): every filter alone, every sort column both
// ways (first, 100th and last page), and a seeded random sample of filter
// combinations with and without search text, first or 100th page. Prints
// p50/p95 per case, the scans of every statement's plan (EXPLAIN of what the
// call sent), and flags p95 over 100 ms (issue 8/9 target). Counts are not
// cached between timed calls unless --warm. Writes bench/results/admin-list.json.
// Server: --database-url, else BENCH_DATABASE_URL or TEST_DATABASE_URL; the
// database is snart_bench_search or --database-name, filled by bench:search's
// preparation when missing and kept for the next run of the same size.
import { readProcessOptions } from "~cli/command-line";
import { runAdminListBench, writeAdminBenchResults } from "./support/admin-list-bench";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";

const options = readProcessOptions("bench/admin-list.ts", {
  size: { type: "string" },
  runs: { type: "string" },
  combinations: { type: "string" },
  seed: { type: "string" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
  warm: { type: "boolean" },
  only: { type: "string" },
});
const size = Number(options.size ?? 1_000_000);
const runs = Number(options.runs ?? 5);
const combinations = Number(options.combinations ?? 80);
const seed = Number(options.seed ?? 8);
const serverUrl =
  (typeof options["database-url"] === "string" ? options["database-url"] : undefined) ??
  (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres");
const name = typeof options["database-name"] === "string" ? options["database-name"] : "snart_bench_search";
if (!Number.isInteger(size) || size < 1000 || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(combinations) || !Number.isInteger(seed)) {
  console.error("--size must be a whole number of at least 1000, --runs at least 1, --combinations and --seed whole numbers");
  process.exit(1);
}
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
  console.error("--database-name must be a plain lower-case identifier");
  process.exit(1);
}

const databaseUrl = await prepareSearchBenchDatabase({ serverUrl, name, size, fresh: false });
const result = await runAdminListBench({
  databaseUrl,
  runs,
  cold: options.warm !== true,
  only: typeof options.only === "string" ? options.only : undefined,
  seed,
  combinations,
});
writeAdminBenchResults({ size, seed, combinations }, result);
