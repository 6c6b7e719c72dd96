// npm run bench:pages -- [--engine both|postgres|embedded] [--size 1000000] [--embedded-size 100000] [--requests 200]
//                         [--seconds 20] [--connections 10] [--runs 1] [--skip-build] [--build-dir build-bench] [--port 4392]
//                         [--database-url <url>] [--database-name snart_bench_search] [--data-dir <dir>]
// Pages rendered on every request (Cache-Control: no-cache), as a long-tail page is: one a search engine or
// a visitor opens that nobody asked for in the last seconds, so the page micro-cache has no copy. Against the
// built server in production mode, on PostgreSQL (--size names) and on the embedded PGlite (--embedded-size):
// - one visitor at a time: `/`, `/soon-available`, `/d/{name}` (a different name on every request) and the
//   similar names that page fetches once their section comes near the screen, p50/p95
//   until the whole page is read, and the server's CPU time per page (from /proc);
// - under load: --connections × --seconds per page, beside the largest static JavaScript file in the same run;
// - the weight of `/soon-available`'s first page: raw and gzip bytes, and raw bytes per card;
// - the table view, `/soon-available?vy=tabell` (500 rows): one visitor at a time (target p95 < 50 ms on
//   PostgreSQL) and its weight (target ≤ 60 KB gzip).
// Writes bench/results/pages.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { readProcessOptions } from "~cli/command-line";
import { openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { seedDemoIfEmpty } from "~/server/demo/seed-demo.server";
import { startBuiltServer } from "~support/built-server";
import { median, runLoad, type LoadResult } from "./http/load-test";
import { describePostgresSettings } from "./support/database-settings";
import { percentile } from "~support/percentile";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";

const options = readProcessOptions("bench/pages.ts", {
  engine: { type: "string" },
  size: { type: "string" },
  "embedded-size": { type: "string" },
  requests: { type: "string" },
  seconds: { type: "string" },
  connections: { type: "string" },
  runs: { type: "string" },
  port: { type: "string" },
  "build-dir": { type: "string" },
  "skip-build": { type: "boolean" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
  "data-dir": { type: "string" },
});
const engineOption = String(options.engine ?? "both");
if (!["both", "postgres", "embedded"].includes(engineOption)) throw new Error(`--engine must be both, postgres or embedded, not ${engineOption}`);
const engines = engineOption === "both" ? (["postgres", "embedded"] as const) : [engineOption as "postgres" | "embedded"];
const postgresSize = Number(options.size ?? 1_000_000);
const embeddedSize = Number(options["embedded-size"] ?? 100_000);
const requests = Number(options.requests ?? 200);
const seconds = Number(options.seconds ?? 20);
const connections = Number(options.connections ?? 10);
const runs = Number(options.runs ?? 1);
const port = Number(options.port ?? 4392);
const buildDir = String(options["build-dir"] ?? "build-bench");
const serverUrl = String(options["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const databaseName = String(options["database-name"] ?? "snart_bench_search");
/** The same folder bench:filters and bench:statistics fill, so the 100,000 embedded names are seeded once. */
const dataDir = String(options["data-dir"] ?? `/tmp/snart-bench-filters-${embeddedSize}`);

/** The targets of one visitor's page (server time p50, ms) and of the load (p99 ms; throughput as a ratio to the static file). */
const TARGETS = {
  postgres: { "/": 15, "/soon-available": 25, "/d/{name}": 15 } as Record<string, number>,
  embedded: { "/": 30, "/d/{name}": 30 } as Record<string, number>,
  loadP99Ms: 1000,
  loadRatio: { "/": 0.15, "/d/{name}": 0.15 } as Record<string, number>,
  /** The table view's page of 500 rows: p95 (ms) one at a time on PostgreSQL, and its gzip bytes. */
  tableP95Ms: 50,
  tableGzipBytes: 60 * 1024,
};
/** A list's table view, a page of 500 rows (docs/product.md, "A table view"). */
const TABLE_PAGE = "/soon-available?vy=tabell";
/** The similar names' data a name page fetches; reported, without a target of its own. */
const SIMILAR_PAGE = "/d/{name}/liknande.data";
/** Names per engine for /d/{name}: each request of a run opens a different one. */
const NAMES = 2000;
const WARM_UP = 100;

if (!options["skip-build"]) {
  execFileSync("node_modules/.bin/react-router", ["build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}
const assetsDir = `${buildDir}/client/assets`;
const largestAsset = readdirSync(assetsDir)
  .filter((file) => file.endsWith(".js"))
  .sort((a, b) => statSync(`${assetsDir}/${b}`).size - statSync(`${assetsDir}/${a}`).size)[0];

type PageTimes = { page: string; p50: number; p95: number; cpuMsPerPage: number; bytes: number };
type LoadRow = LoadResult & { ratioToStatic: number | null };
type EngineResult = {
  engine: "postgres" | "embedded";
  size: number;
  settings: string;
  oneAtATime: PageTimes[];
  load: LoadRow[];
  weight: { rawBytes: number; gzipBytes: number; cards: number; rawBytesPerCard: number };
  tableWeight: { rawBytes: number; gzipBytes: number; rows: number };
};
const results: EngineResult[] = [];
/** bench/results/pages.json, as `npm run bench` reads it. */
export type PagesResult = { requests: number; seconds: number; connections: number; runs: number; targets: typeof TARGETS; results: EngineResult[] };

for (const engine of engines) {
  const size = engine === "postgres" ? postgresSize : embeddedSize;
  const databaseUrl =
    engine === "postgres" ? await prepareSearchBenchDatabase({ serverUrl, name: databaseName, size, fresh: false }) : undefined;
  const handle = await openDatabase({ databaseUrl, dataDir });
  let names: string[];
  try {
    if (engine === "embedded") {
      await migrateDatabase(handle);
      await seedDemoIfEmpty(handle, { size, now: new Date() });
    }
    // Names of every status, in an order unrelated to any list's, as links from elsewhere reach them.
    const rows = await handle.query<{ unicode_name: string }>(`select unicode_name from domains order by md5(name) limit ${NAMES}`);
    names = rows.map((row) => row.unicode_name);
  } finally {
    // The embedded database belongs to one process: the server opens it once this one has let go.
    await handle.close();
  }
  const settings = databaseUrl ? await describePostgresSettings(databaseUrl) : "PGlite (embedded), its defaults";
  const domainPaths = names.map((name) => `/d/${encodeURIComponent(name)}`);
  // What the name page's "Liknande domäner" fetches when it comes near the screen (decision 0035).
  const similarPaths = domainPaths.map((path) => `${path}/liknande.data?_routes=${encodeURIComponent("routes/public/similar-domains")}`);

  const server = await startBuiltServer({
    port,
    buildDir,
    env: { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }), JOBS_ENABLED: "false", SEED_DEMO: "false", LOG_LEVEL: "silent" },
    startTimeoutMs: 180_000,
    outputTo: "stderr",
  });
  const cpuMs = () => {
    // /proc/<pid>/stat: utime and stime (fields 14 and 15) in clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const NO_CACHE = { "Cache-Control": "no-cache" };
  const get = async (path: string) => {
    const response = await fetch(server.url + path, { headers: NO_CACHE });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return body.byteLength;
  };
  try {
    console.log(`\n${engine}: ${size.toLocaleString("en")} names (${settings})`);
    // Warm-up, on other names than those measured below: the modules' first use, the first plans, and
    // V8's optimised code, which takes a page from ~25 to ~11 ms over its first 50 renders. A server
    // that has run for a while has all three, whichever page a visitor opens.
    for (let index = 0; index < WARM_UP; index++) {
      for (const path of ["/", "/soon-available", TABLE_PAGE, domainPaths[NAMES - 1 - index], similarPaths[NAMES - 1 - index]]) await get(path);
    }

    const oneAtATime: PageTimes[] = [];
    const pages: { page: string; path: (request: number) => string }[] = [
      { page: "/", path: () => "/" },
      { page: "/soon-available", path: () => "/soon-available" },
      { page: TABLE_PAGE, path: () => TABLE_PAGE },
      { page: "/d/{name}", path: (request) => domainPaths[request % (NAMES - WARM_UP)] },
      { page: SIMILAR_PAGE, path: (request) => similarPaths[request % (NAMES - WARM_UP)] },
    ];
    for (const { page, path } of pages) {
      const times: number[] = [];
      let bytes = 0;
      const cpuBefore = cpuMs();
      for (let request = 0; request < requests; request++) {
        const started = performance.now();
        bytes += await get(path(request));
        times.push(performance.now() - started);
      }
      const cpuMsPerPage = (cpuMs() - cpuBefore) / requests;
      oneAtATime.push({ page, p50: percentile(times, 0.5), p95: percentile(times, 0.95), cpuMsPerPage, bytes: Math.round(bytes / requests) });
      console.log(`  one at a time ${page}: p50 ${percentile(times, 0.5).toFixed(1)} / p95 ${percentile(times, 0.95).toFixed(1)} ms, ${cpuMsPerPage.toFixed(1)} ms CPU`);
    }

    const html = Buffer.from(await (await fetch(`${server.url}/soon-available`, { headers: NO_CACHE })).arrayBuffer()).toString("utf8");
    const weight = htmlWeight(html);
    console.log(`  /soon-available: ${weight.rawBytes} bytes raw, ${weight.gzipBytes} gzip, ${weight.cards} cards of ${weight.rawBytesPerCard} bytes`);
    const tableHtml = Buffer.from(await (await fetch(`${server.url}${TABLE_PAGE}`, { headers: NO_CACHE })).arrayBuffer()).toString("utf8");
    const tableWeight = {
      rawBytes: Buffer.byteLength(tableHtml),
      gzipBytes: gzipSync(tableHtml).byteLength,
      rows: tableHtml.match(/<th scope="row">/g)?.length ?? 0,
    };
    console.log(
      `  ${TABLE_PAGE}: ${tableWeight.rawBytes} bytes raw, ${tableWeight.gzipBytes} gzip (target ≤ ${TARGETS.tableGzipBytes}), ${tableWeight.rows} rows`,
    );

    const loads = new Map<string, LoadResult[]>();
    const targets = [
      { label: "static asset", options: { paths: undefined, headers: undefined }, url: `${server.url}/assets/${largestAsset}` },
      { label: "/", options: { headers: NO_CACHE }, url: `${server.url}/` },
      { label: "/soon-available", options: { headers: NO_CACHE }, url: `${server.url}/soon-available` },
      { label: "/d/{name}", options: { headers: NO_CACHE, paths: domainPaths }, url: server.url },
      { label: SIMILAR_PAGE, options: { headers: NO_CACHE, paths: similarPaths }, url: server.url },
    ];
    for (let run = 1; run <= runs; run++) {
      for (const target of targets) {
        console.log(`  load run ${run}/${runs}: ${target.label}`);
        const result = runLoad(target.url, { connections, seconds, label: target.label, ...target.options });
        loads.set(target.label, [...(loads.get(target.label) ?? []), result]);
      }
    }
    const staticRps = median(loads.get("static asset")!.map((result) => result.requestsPerSecond));
    const load = targets.map(({ label }): LoadRow => {
      const all = loads.get(label)!;
      const rps = median(all.map((result) => result.requestsPerSecond));
      return {
        target: label,
        requestsPerSecond: rps,
        latencyP50: median(all.map((result) => result.latencyP50)),
        latencyP99: median(all.map((result) => result.latencyP99)),
        errors: all.reduce((sum, result) => sum + result.errors, 0),
        non2xx: all.reduce((sum, result) => sum + result.non2xx, 0),
        ratioToStatic: label === "static asset" ? null : Number((rps / staticRps).toFixed(3)),
      };
    });
    results.push({ engine, size, settings, oneAtATime, load, weight, tableWeight });
  } finally {
    await server.stop();
  }
}

/** The raw and gzip bytes of a list page, and the raw bytes of its cards (the grid's items). */
function htmlWeight(html: string) {
  const grid = html.indexOf('data-testid="domain-grid"');
  const gridEnd = html.indexOf("</ul>", grid);
  const cards = grid < 0 ? [] : html.slice(html.indexOf(">", grid) + 1, gridEnd).split(/(?=<li[ >])/).filter((part) => part.startsWith("<li"));
  const cardBytes = cards.reduce((sum, card) => sum + Buffer.byteLength(card), 0);
  return {
    rawBytes: Buffer.byteLength(html),
    gzipBytes: gzipSync(html).byteLength,
    cards: cards.length,
    rawBytesPerCard: cards.length ? Math.round(cardBytes / cards.length) : 0,
  };
}

for (const result of results) {
  console.log(`\nPages rendered on every request, ${result.engine}, ${result.size.toLocaleString("en")} names (${result.settings})`);
  console.table(
    result.oneAtATime.map((row) => ({
      page: row.page,
      "p50 ms": Number(row.p50.toFixed(1)),
      "p95 ms": Number(row.p95.toFixed(1)),
      "CPU ms/page": Number(row.cpuMsPerPage.toFixed(1)),
      "KB": Number((row.bytes / 1024).toFixed(1)),
      target: TARGETS[result.engine][row.page]
        ? `p50 ≤ ${TARGETS[result.engine][row.page]}`
        : row.page === TABLE_PAGE && result.engine === "postgres"
          ? `p95 < ${TARGETS.tableP95Ms}`
          : "–",
    })),
  );
  console.log(`${connections} connections × ${seconds} s, median of ${runs} run(s)`);
  console.table(
    result.load.map((row) => ({
      target: row.target,
      "req/s": Math.round(row.requestsPerSecond),
      "p50 ms": row.latencyP50,
      "p99 ms": row.latencyP99,
      errors: row.errors + row.non2xx,
      "ratio to static": row.ratioToStatic ?? "",
    })),
  );
}
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/pages.json",
  JSON.stringify({ ranAt: new Date().toISOString(), requests, seconds, connections, runs, targets: TARGETS, results }, null, 2),
);
