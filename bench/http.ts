// npm run bench:http -- [--size 1000000] [--seconds 20] [--connections 50] [--runs 3] [--skip-build] [--build-dir build-bench]
//                        [--database-name snart_bench_search] [--pages cached|rendered|all] [--port 4390]
// --database-name: the PostgreSQL database to fill (or reuse at that size); point it at your own copy.
// --pages rendered: only the static baselines and the no-cache ("rendered") rows, at this load (bench:pages
// measures rendered pages one visitor at a time and at 10 connections, on both engines: `npm run bench` runs that).
// Throughput and latency of the public pages against the built server in
// production mode on PostgreSQL, each beside a static asset from the same
// server (the ratio holds on a noisy machine), and the JS/CSS each page sends.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import pg from "pg";
import { readProcessOptions } from "~cli/command-line";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";
import { measureBundleSize } from "~support/bundle-size";
import { median, runLoad, type LoadResult } from "./http/load-test";
import { startBuiltServer } from "~support/built-server";

const options = readProcessOptions("bench/http.ts", {
  size: { type: "string" },
  seconds: { type: "string" },
  connections: { type: "string" },
  runs: { type: "string" },
  port: { type: "string" },
  pages: { type: "string" },
  "build-dir": { type: "string" },
  "skip-build": { type: "boolean" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
});
const size = Number(options.size ?? 1_000_000);
const seconds = Number(options.seconds ?? 20);
const connections = Number(options.connections ?? 50);
const runs = Number(options.runs ?? 3);
const port = Number(options.port ?? 4390);
const buildDir = String(options["build-dir"] ?? "build-bench");
const serverUrl = String(options["database-url"] ?? "postgres://postgres@127.0.0.1:5432/postgres");
const databaseName = String(options["database-name"] ?? "snart_bench_search");
const pages = String(options.pages ?? "all");
if (!["cached", "rendered", "all"].includes(pages)) throw new Error(`--pages must be cached, rendered or all, not ${pages}`);

// The same database bench:search and bench:admin use, so `npm run bench` fills one million rows once.
const databaseUrl = await prepareSearchBenchDatabase({ serverUrl, name: databaseName, size, fresh: false });
if (!options["skip-build"]) {
  execFileSync("node_modules/.bin/react-router", ["build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { rows } = await client.query<{ unicode_name: string }>(
  "select unicode_name from domains where status = 'soonavailable' order by release_date, name limit 1",
);
await client.end();
const domainPath = `/d/${encodeURIComponent(rows[0].unicode_name)}`;

const assetsDir = `${buildDir}/client/assets`;
const largestAsset = readdirSync(assetsDir)
  .filter((file) => file.endsWith(".js"))
  .sort((a, b) => statSync(`${assetsDir}/${b}`).size - statSync(`${assetsDir}/${a}`).size)[0];

// Pages are measured twice: as visitors get them (repeat requests for one URL are
// served from the 3 s page micro-cache, app/server/cache/) and "rendered", with
// Cache-Control: no-cache so every request is rendered (a long-tail page's cost).
// The static baseline is the largest JS file (the choice); a small file
// (favicon) is measured too, as a stricter baseline.
const NO_CACHE = { "Cache-Control": "no-cache" };
type Target = { label: string; path: string; headers?: Record<string, string> };
const allTargets: Target[] = [
  { label: "static asset", path: `/assets/${largestAsset}` },
  { label: "static small (favicon)", path: "/favicon.ico" },
  { label: "/", path: "/" },
  { label: "/soon-available", path: "/soon-available" },
  { label: "/search/{q}", path: "/search/hund" },
  { label: "/d/{name}", path: domainPath },
  { label: "/ rendered", path: "/", headers: NO_CACHE },
  { label: "/soon-available rendered", path: "/soon-available", headers: NO_CACHE },
  { label: "/search/{q} rendered", path: "/search/hund", headers: NO_CACHE },
  { label: "/d/{name} rendered", path: domainPath, headers: NO_CACHE },
];
const targets = allTargets.filter(
  (target) => target.label.startsWith("static") || pages === "all" || (pages === "rendered") === Boolean(target.headers),
);

// Its stderr goes straight through: autocannon (spawnSync) holds this event loop still, so nothing could read a pipe.
const server = await startBuiltServer({
  port,
  buildDir,
  env: { DATABASE_URL: databaseUrl, SEED_DEMO: "false", JOBS_ENABLED: "false" },
  startTimeoutMs: 120_000,
  outputTo: "stderr",
});
const baseUrl = `http://127.0.0.1:${port}`;
const perTarget = new Map<string, LoadResult[]>();
try {
  // Warm caches; read each body, or undici keeps the socket busy until the server times it out.
  for (const target of targets) await (await fetch(baseUrl + target.path)).arrayBuffer();
  // Bundles first: after autocannon (spawnSync) has held this event loop still for minutes, this
  // process's pooled keep-alive sockets can be dead ones, and a fetch on one hung until undici's
  // 300 s headers timeout (seen twice); the load does not change what a page sends anyway.
  const bundles = [];
  for (const path of ["/", "/soon-available", domainPath]) bundles.push(await measureBundleSize(baseUrl, path));
  for (let run = 1; run <= runs; run++) {
    for (const target of targets) {
      console.log(`run ${run}/${runs}: ${target.label}`);
      const result = runLoad(baseUrl + target.path, { connections, seconds, label: target.label, headers: target.headers });
      perTarget.set(target.label, [...(perTarget.get(target.label) ?? []), result]);
    }
  }

  const staticRps = median(perTarget.get("static asset")!.map((result) => result.requestsPerSecond));
  const smallStaticRps = median(perTarget.get("static small (favicon)")!.map((result) => result.requestsPerSecond));
  const table = targets.map((target) => {
    const results = perTarget.get(target.label)!;
    const rps = median(results.map((result) => result.requestsPerSecond));
    return {
      target: target.label,
      "req/s": Math.round(rps),
      "p50 ms": median(results.map((result) => result.latencyP50)),
      "p99 ms": median(results.map((result) => result.latencyP99)),
      errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
      "ratio to static": Number((rps / staticRps).toFixed(2)),
      "ratio to small static": Number((rps / smallStaticRps).toFixed(2)),
    };
  });
  console.log(
    `\nHTTP, ${connections} connections × ${seconds} s, median of ${runs} runs, ${size.toLocaleString("en")} domains on PostgreSQL`,
  );
  console.table(table);
  console.log("JavaScript and CSS per page (gzip bytes)");
  console.table(bundles);
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/http.json", JSON.stringify({ size, seconds, connections, runs, table, bundles }, null, 2));
} finally {
  await server.stop();
}
