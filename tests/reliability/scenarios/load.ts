// Load: autocannon from a second process on 127.0.0.1, many connections over
// a mix of public pages on a PostgreSQL database with many names, several
// consecutive runs. Nothing may fail or time out, and the server's memory
// must settle (no growth from run to run).
import { spawn } from "node:child_process";
import pg from "pg";
import { prepareBenchDatabase } from "../../../bench/http/bench-database";
import { startServer, sleep, type RunningServer } from "../support/server";
import type { ReliabilityOptions, ScenarioResult } from "../support/types";

type AutocannonResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
};

/** Memory may move by this much between the first and last settled run and still count as settled. */
const MAX_GROWTH_MB = 40;
const MAX_GROWTH_RATIO = 0.15;
const SETTLE_MS = 15_000;

function runMix(url: string, paths: string[], connections: number, seconds: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/node", ["tests/reliability/support/load-mix.mjs", JSON.stringify({ url, paths, connections, seconds })], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(output) as AutocannonResult) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

/** Public pages people open, including the heavy ones; each is checked to answer 200 before the load starts. */
async function pageMix(databaseUrl: string, server: RunningServer) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pick = async (status: string) =>
    (await client.query<{ unicode_name: string }>("select unicode_name from domains where status = $1 order by name limit 1 offset 100", [status])).rows[0]?.unicode_name;
  const names = [await pick("soonavailable"), await pick("available"), await pick("premium"), await pick("registered")].filter(Boolean) as string[];
  await client.end();
  const candidates = [
    "/",
    "/soon-available",
    "/soon-available?sort=name-asc&page=3",
    "/soon-available?q=berg",
    "/available",
    "/available?sort=score-desc",
    "/featured",
    "/premium",
    "/search/sol",
    "/search/an",
    "/search/%C3%A4lg",
    ...names.map((name) => `/d/${encodeURIComponent(name)}`),
    "/how-it-works",
    "/robots.txt",
  ];
  const usable: string[] = [];
  for (const path of candidates) {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
    await response.arrayBuffer();
    if (response.status === 200) usable.push(path);
  }
  return { usable, skipped: candidates.filter((path) => !usable.includes(path)) };
}

export async function load(options: ReliabilityOptions): Promise<ScenarioResult> {
  console.log(`  preparing ${options.size.toLocaleString("en")} names on PostgreSQL (reused when already there)...`);
  const databaseUrl = await prepareBenchDatabase({ serverUrl: options.databaseUrl, name: "snart_h10_load", size: options.size });
  const server = await startServer({ port: 4319, buildDir: options.buildDir, databaseUrl, env: { SEED_DEMO: "false", JOBS_ENABLED: "false" } });
  try {
    const { usable, skipped } = await pageMix(databaseUrl, server);
    const target = "http://127.0.0.1:4319";
    // Warm-up: caches, JIT and the connection pool, not counted.
    await runMix(target, usable, 20, 5);
    const runs: { result: AutocannonResult; peakMb: number; settledMb: number }[] = [];
    for (let run = 1; run <= options.runs; run++) {
      console.log(`  run ${run}/${options.runs}: ${options.connections} connections for ${options.seconds} s over ${usable.length} pages`);
      let peakMb = 0;
      const sampler = setInterval(() => (peakMb = Math.max(peakMb, server.rssMb())), 1000);
      const result = await runMix(target, usable, options.connections, options.seconds);
      clearInterval(sampler);
      await sleep(SETTLE_MS);
      runs.push({ result, peakMb, settledMb: server.rssMb() });
    }
    const total = runs.reduce((sum, run) => sum + run.result.requests.total, 0);
    const failures = runs.reduce((sum, run) => sum + run.result.errors + run.result.timeouts + run.result.non2xx, 0);
    const settled = runs.map((run) => run.settledMb);
    const growth = settled.at(-1)! - settled[0];
    const memorySettles = growth <= Math.max(MAX_GROWTH_MB, settled[0] * MAX_GROWTH_RATIO);
    const figures: Record<string, string | number> = {
      names: options.size,
      "requests held": total,
      "req/s per run": runs.map((run) => Math.round(run.result.requests.average)).join(" / "),
      "p50 / p99 / max ms (last run)": `${runs.at(-1)!.result.latency.p50} / ${runs.at(-1)!.result.latency.p99} / ${runs.at(-1)!.result.latency.max}`,
      "errors / timeouts / non-2xx": runs.map((run) => `${run.result.errors}/${run.result.timeouts}/${run.result.non2xx}`).join(", "),
      "RSS settled per run (MB)": settled.map((mb) => Math.round(mb)).join(" → "),
      "RSS peak (MB)": Math.round(Math.max(...runs.map((run) => run.peakMb))),
    };
    const notes = skipped.length ? [`left out of the mix (not 200 before the load): ${skipped.join(", ")}`] : [];
    return {
      name: `Load: ${options.connections} connections × ${options.seconds} s × ${options.runs}`,
      ok: failures === 0 && memorySettles && total > 0,
      figures,
      notes,
      requests: total,
    };
  } finally {
    await server.stop();
  }
}
