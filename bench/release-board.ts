// npm run bench:board -- [--names 2000] [--connections 500] [--runs 50] [--updates 3] [--skip-build]
//                        [--build-dir build-board] [--port 4552] [--database-url <url>] [--database-name snart_bench_board]
// The release board (/slapps-idag, docs/product.md "The release morning, measured") against the
// built server in production mode on PostgreSQL, with --names names released today (a third seen
// free, some taken again):
// - render: the page one request at a time with Cache-Control: no-cache (every request rendered),
//   p50/p95 over --runs after a warm-up (target p95 < 50 ms at 2,000 names);
// - live: --connections open /slapps-idag/events streams, then a name is marked seen free in the
//   database (as the rounds do) and the time to the last stream receiving it is taken, --updates
//   times (target < 5 s at 500 connections). These are figures, not tests: nothing here asserts.
// Writes bench/results/release-board.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { readProcessOptions } from "~cli/command-line";
import { todayUtc } from "~/domain/utc-dates";
import { openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { createDomains } from "~tests/factories/domains";
import { startBuiltServer } from "~support/built-server";
import { percentile } from "~support/percentile";

const options = readProcessOptions("bench/release-board.ts", {
  names: { type: "string" },
  connections: { type: "string" },
  runs: { type: "string" },
  updates: { type: "string" },
  port: { type: "string" },
  "build-dir": { type: "string" },
  "skip-build": { type: "boolean" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
});
const nameCount = Number(options.names ?? 2000);
const connections = Number(options.connections ?? 500);
const runs = Number(options.runs ?? 50);
const updates = Number(options.updates ?? 3);
const port = Number(options.port ?? 4552);
const buildDir = String(options["build-dir"] ?? "build-board");
const serverUrl = String(options["database-url"] ?? "postgres://postgres@127.0.0.1:5432/postgres");
const databaseName = String(options["database-name"] ?? "snart_bench_board");
const RENDER_TARGET_P95_MS = 50;
const LIVE_TARGET_MS = 5000;

const round = (value: number) => Math.round(value * 10) / 10;

/** A fresh database with `nameCount` of today's names: a third seen free, every fifth of those taken again. */
async function prepareDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName}`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  try {
    await migrateDatabase(handle);
    const today = todayUtc(new Date());
    const names = Array.from({ length: nameCount }, (_, index) => ({
      name: `slapp${index.toString(36)}x.se`,
      status: "available" as const,
      releaseDate: today,
    }));
    for (let from = 0; from < names.length; from += 1000) await createDomains(handle.db, names.slice(from, from + 1000));
    await handle.query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
       select name, release_date, tld, length, name_chars, release_date, r.at,
              case when n % 3 = 0 then r.at + (n % 240) * interval '1 minute' end,
              case when n % 3 = 0 then r.at + (n % 240) * interval '1 minute' end,
              case when n % 15 = 0 then r.at + (n % 240 + 2) * interval '1 minute' end
         from (select d.*, row_number() over (order by d.name) as n from domains d) d,
              lateral (select (d.release_date + time '04:00') at time zone 'UTC' as at) r`,
    );
    await handle.query("vacuum analyze");
  } finally {
    await handle.close();
  }
  return url.toString();
}

/** An open event stream; `waitFor(text)` resolves when a later chunk holds `text`. */
/** One viewer's stream; `viewer` numbers the visitor, who comes from an address of their own (one address may hold only 20 streams). */
function openStream(base: string, viewer: number): Promise<{ waitFor(text: string): Promise<number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const waiting: { text: string; done: (at: number) => void }[] = [];
    let ready = false;
    const address = `10.${(viewer >> 16) & 255}.${(viewer >> 8) & 255}.${viewer & 255}`;
    const request = http.get(`${base}/slapps-idag/events`, { agent: false, headers: { "X-Forwarded-For": address } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`/slapps-idag/events answered ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const at = performance.now();
        if (!ready && chunk.includes("event: board")) {
          ready = true;
          resolve({
            waitFor: (text) => new Promise((done) => waiting.push({ text, done })),
            close: () => request.destroy(),
          });
        }
        for (const wait of waiting.splice(0)) {
          if (chunk.includes(wait.text)) wait.done(at);
          else waiting.push(wait);
        }
      });
    });
    request.on("error", reject);
  });
}

const databaseUrl = await prepareDatabase();
if (!options["skip-build"]) {
  execFileSync("node_modules/.bin/react-router", ["build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}
const server = await startBuiltServer({
  port,
  buildDir,
  // Behind a proxy, as in production: each viewer's address comes in X-Forwarded-For.
  env: { DATABASE_URL: databaseUrl, SEED_DEMO: "false", JOBS_ENABLED: "false", TRUST_PROXY: "true" },
  startTimeoutMs: 120_000,
  outputTo: "stderr",
});
const base = `http://127.0.0.1:${port}`;
const loadAtStart = loadavg();
try {
  // Render, one request at a time.
  let bytes = 0;
  const timings: number[] = [];
  for (let run = -5; run < runs; run++) {
    const started = performance.now();
    const response = await fetch(`${base}/slapps-idag`, { headers: { "Cache-Control": "no-cache", "Accept-Encoding": "identity" } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`/slapps-idag answered ${response.status}`);
    bytes = Buffer.byteLength(body);
    if (run >= 0) timings.push(ms);
  }
  const render = { runs, p50Ms: round(percentile(timings, 0.5)), p95Ms: round(percentile(timings, 0.95)), htmlKb: round(bytes / 1024) };
  console.log(
    `/slapps-idag with ${nameCount} names, rendered: p50 ${render.p50Ms} ms, p95 ${render.p95Ms} ms (target < ${RENDER_TARGET_P95_MS}), ${render.htmlKb} kB`,
  );

  // Live: every stream open and subscribed (its first "board" event), then a change in the database.
  const openStarted = performance.now();
  const streams = [];
  for (let from = 0; from < connections; from += 50) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(50, connections - from) }, (_, index) => openStream(base, from + index)))));
  }
  console.log(`${streams.length} streams open and subscribed in ${Math.round(performance.now() - openStarted)} ms`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ domain_name: string }>(
    `select domain_name from release_outcomes where first_free_at is null order by domain_name limit $1`,
    [updates],
  );
  const live: { lastMs: number; p50Ms: number }[] = [];
  for (const { domain_name: name } of rows) {
    const received = Promise.all(streams.map((stream) => stream.waitFor(`"${name}"`)));
    const changed = performance.now();
    await client.query("update release_outcomes set first_free_at = now(), last_free_at = now() where domain_name = $1", [name]);
    await client.query("update domains set last_checked_at = now() where name = $1", [name]);
    const times = (await received).map((at) => at - changed);
    live.push({ lastMs: Math.round(Math.max(...times)), p50Ms: Math.round(percentile(times, 0.5)) });
    console.log(
      `update of ${name}: reached all ${streams.length} streams in ${live.at(-1)!.lastMs} ms (p50 ${live.at(-1)!.p50Ms} ms; target < ${LIVE_TARGET_MS})`,
    );
  }
  await client.end();
  for (const stream of streams) stream.close();

  const result = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAtStart, loadAtEnd: loadavg() },
    names: nameCount,
    render,
    live: { connections: streams.length, updates: live },
  };
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/release-board.json", `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await server.stop();
}
