// Load: autocannon from a second process on 127.0.0.1, many connections over
// a mix of public pages on a PostgreSQL database with many names, several
// consecutive runs. Nothing may fail or time out, and the server's memory
// must settle (no growth from run to run).
import { spawn } from "node:child_process";
import pg from "pg";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";
import { startServer, sleep, type RunningServer } from "~tests/reliability/support/server";
import type { ReliabilityOptions, ScenarioResult } from "~tests/reliability/support/types";

type AutocannonResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
};

/**
 * A leak shows as memory that keeps climbing run after run. The first run fills the page cache and lets V8
 * size its heap, so it may rise; after that the last run may not end more than 10% (+20 MB) above the one
 * before it, and the runs may not rise at every step.
 */
function memorySettles(settledMb: number[]) {
  const steps = settledMb.slice(1).map((mb, index) => mb - settledMb[index]);
  const risingEveryRun = steps.length > 1 && steps.every((step, index) => step > settledMb[index] * 0.05);
  const last = settledMb.at(-1)!;
  const previous = settledMb.at(-2) ?? last;
  return !risingEveryRun && last <= previous * 1.1 + 20;
}
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
    "/soon-available?sort=name-asc&after=m_m.se",
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

/**
 * Public pages come from a 3 s page cache (decisions 0007 and 0038, on both engines): each answer must still carry its
 * own nonce, the same in the header and in the page, or the policy would block the scripts (or be guessable).
 */
async function cachedPagesKeepTheirNonce(server: RunningServer) {
  const nonces: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await fetch(`${server.url}/soon-available`);
    const html = await response.text();
    const header = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const inPage = [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1]);
    if (!header || inPage.length === 0 || inPage.some((nonce) => nonce !== header)) return false;
    nonces.push(header);
  }
  return new Set(nonces).size === nonces.length;
}

export async function load(options: ReliabilityOptions): Promise<ScenarioResult> {
  console.log(`  preparing ${options.size.toLocaleString("en")} names on PostgreSQL (reused when already there)...`);
  const databaseUrl = await prepareSearchBenchDatabase({ serverUrl: options.databaseUrl, name: "snart_h10_load", size: options.size, fresh: false });
  const server = await startServer({ port: 4319, buildDir: options.buildDir, databaseUrl, env: { SEED_DEMO: "false", JOBS_ENABLED: "false" } });
  try {
    const { usable, skipped } = await pageMix(databaseUrl, server);
    const noncesOk = await cachedPagesKeepTheirNonce(server);
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
    const memoryOk = memorySettles(settled);
    const figures: Record<string, string | number> = {
      names: options.size,
      "requests held": total,
      "req/s per run": runs.map((run) => Math.round(run.result.requests.average)).join(" / "),
      "p50 / p99 / max ms (last run)": `${runs.at(-1)!.result.latency.p50} / ${runs.at(-1)!.result.latency.p99} / ${runs.at(-1)!.result.latency.max}`,
      "errors / timeouts / non-2xx": runs.map((run) => `${run.result.errors}/${run.result.timeouts}/${run.result.non2xx}`).join(", "),
      "RSS settled per run (MB)": settled.map((mb) => Math.round(mb)).join(" → "),
      "RSS peak (MB)": Math.round(Math.max(...runs.map((run) => run.peakMb))),
      "cached pages keep a fresh nonce": noncesOk ? "yes" : "NO",
    };
    const notes = skipped.length ? [`left out of the mix (not 200 before the load): ${skipped.join(", ")}`] : [];
    return {
      name: `Load: ${options.connections} connections × ${options.seconds} s × ${options.runs}`,
      ok: failures === 0 && memoryOk && total > 0 && noncesOk,
      figures,
      notes,
      requests: total,
    };
  } finally {
    await server.stop();
  }
}
