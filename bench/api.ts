// npm run bench:api -- [--size 1000000] [--runs 30] [--embedded] [--data-dir <dir>]
//                      [--database-url <url>] [--database-name <name>]
// The public API's first pages (GET /api/v1/domains, docs/api.md) as its
// route answers them, less the rate limit: the query parsed, the page read
// (readApiDomainPage: the list's page query, then its names' rows by key)
// and the answer written as JSON with its ETag (apiJson). A few typical
// requests, each timed --runs times after one warm-up call: p50/p95 per
// request and over the calls of the default page size, 100 names (target p95
// < 20 ms on PostgreSQL at a million names); the largest page (1,000 names)
// is timed beside them, without a target. The same database as bench:filters and bench:exports
// (bench/support/list-bench-database.ts). Writes bench/results/api.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { readProcessOptions } from "~cli/command-line";
import { LIST_DATABASE_OPTIONS, openListBenchDatabase } from "./support/list-bench-database";
import { parseApiListQuery, readApiDomainPage } from "~/server/api/domains-v1.server";
import { apiJson } from "~/server/api/v1.server";
import { percentile } from "~support/percentile";

const options = readProcessOptions("bench/api.ts", {
  size: { type: "string" },
  runs: { type: "string" },
  ...LIST_DATABASE_OPTIONS,
});
const embedded = options.embedded === true;
const size = Number(options.size ?? (embedded ? 100_000 : 1_000_000));
const runs = Number(options.runs ?? 30);
const TARGET_P95_MS = 20;
const SITE_URL = "https://snartlediga.se";

/** What a script typically asks first: each list's default page, the largest page, and the filters people use most. */
const REQUESTS = [
  "list=soon-available",
  "list=soon-available&tld=se&min=4&max=4&sort=name-asc",
  "list=soon-available&kvalitet=70&sort=score-desc",
  "list=soon-available&q=bil",
  "list=soon-available&slapps=7d&tecken=letters",
  "list=available&limit=1000",
  "list=available&tld=nu&sort=length-asc",
  "list=featured",
  "list=premium",
];

const loadAtStart = loadavg();
const { db, close } = await openListBenchDatabase(options, size);
const settings = await databaseSettings();
const results: { request: string; rows: number; p50: number; p95: number }[] = [];
/** The calls for pages of the default size, which the target is about. */
const all: number[] = [];
for (const request of REQUESTS) {
  await answer(request); // the plan and the cache warm, as on a server that has run for a while
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    rows = await answer(request);
    times.push(performance.now() - started);
  }
  if (!request.includes("limit=")) all.push(...times);
  results.push({ request, rows, p50: percentile(times, 0.5), p95: percentile(times, 0.95) });
}
await close();
const overall = { p50: percentile(all, 0.5), p95: percentile(all, 0.95) };

console.log(
  `\n${size.toLocaleString("sv-SE")} names on ${embedded ? "PGlite" : "PostgreSQL"} (${settings}); ${cpus().length} cores, load average ${loadAtStart.map((value) => value.toFixed(1)).join(" ")} at start; ${runs} calls per request`,
);
for (const result of results) {
  console.log(
    `  p50 ${result.p50.toFixed(2).padStart(7)} / p95 ${result.p95.toFixed(2).padStart(7)} ms  ${result.rows} rows  /api/v1/domains?${result.request}`,
  );
}
console.log(
  `first pages of 100 names: p50 ${overall.p50.toFixed(2)} ms, p95 ${overall.p95.toFixed(2)} ms (target p95 < ${TARGET_P95_MS} ms on PostgreSQL)`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/api.json",
  JSON.stringify(
    {
      size,
      engine: embedded ? "pglite" : "postgres",
      settings,
      machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart },
      runs,
      targetP95Ms: TARGET_P95_MS,
      ranAt: new Date().toISOString(),
      overall,
      results,
    },
    null,
    2,
  ) + "\n",
);

/** One request as the route answers it (app/routes/api/v1/domains.ts), the body read to the end; the rows it gave. */
async function answer(query: string): Promise<number> {
  const parsed = parseApiListQuery(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`${query}: ${parsed.detail}`);
  const page = await readApiDomainPage(db, parsed.query, SITE_URL, new Date());
  const response = apiJson(new Request(`${SITE_URL}/api/v1/domains?${query}`), page);
  await response.text();
  return page.data.length;
}

/** The database's version and the settings that move these figures most. */
async function databaseSettings(): Promise<string> {
  const read = async (statement: string) => {
    const result = (await db.execute(sql.raw(statement))) as unknown as { rows: Record<string, string>[] };
    return Object.values(result.rows[0])[0];
  };
  const version = (await read("show server_version")).split(" ")[0];
  return `PostgreSQL ${version}, shared_buffers ${await read("show shared_buffers")}, work_mem ${await read("show work_mem")}`;
}
