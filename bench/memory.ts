// npm run bench:memory -- [--import-size 60000] [--requests 20] [--settle 5] [--skip-build] [--build-dir build-bench] [--port 4392]
// The embedded default's memory (issue 28): the built server started as `npm start` starts it on a
// new machine (PGlite in a new data folder, 3,000 demo names seeded), and its resident memory
// (VmRSS of /proc/<pid>/status) read after the start, after rendering the public pages, after an
// import of a generated `--import-size` list through `npm run cli -- import <file>` (with the server
// running, the CLI hands the list to the server's job queue, which imports it), and after the pages
// again, and once more after a restart on the same folder (every start after the first). Each row also gives the phase's peak (VmHWM, reset between phases) and PGlite's WebAssembly
// memory: its size (it only grows) and how much of it is resident. Each reading waits `--settle`
// seconds first, for V8's compilation of PGlite's code and the start's background work to end.
// Writes bench/results/memory.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { readProcessOptions } from "~cli/command-line";
import { startBuiltServer } from "~support/built-server";
import { generateReleaseList, toJsonList } from "./support/generate-release-list";
import { readProcessMemory, resetPeakRss, type ProcessMemory } from "./support/process-memory";

const options = readProcessOptions("bench/memory.ts", {
  "import-size": { type: "string" },
  requests: { type: "string" },
  settle: { type: "string" },
  port: { type: "string" },
  "build-dir": { type: "string" },
  "skip-build": { type: "boolean" },
});
const importSize = Number(options["import-size"] ?? 60_000);
const requests = Number(options.requests ?? 20);
const settleSeconds = Number(options.settle ?? 5);
const buildDir = String(options["build-dir"] ?? "build-bench");
const port = Number(options.port ?? 4392);
if (![importSize, requests].every((value) => Number.isInteger(value) && value >= 1) || !(settleSeconds >= 0)) {
  console.error("--import-size and --requests must be whole numbers of at least 1, --settle a number of seconds");
  process.exit(2);
}

if (!options["skip-build"]) {
  execFileSync("node_modules/.bin/react-router", ["build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}

type Phase = { phase: string; seconds: number } & ProcessMemory;
const phases: Phase[] = [];
const workDir = mkdtempSync(join(tmpdir(), "snart-bench-memory-"));
const dataDir = join(workDir, "data");
const listFile = join(workDir, "bardate_domains.json");
writeFileSync(listFile, toJsonList(generateReleaseList({ size: importSize, firstDate: "2031-01-01" })));

let settings: Record<string, string> | undefined;
let started = performance.now();
// SEED_DEMO and JOBS_ENABLED stay at their defaults (on), as with `npm start`: the import runs in the server's job queue.
const start = () => startBuiltServer({ port, buildDir, env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" }, startTimeoutMs: 300_000 });
let server = await start();
const record = async (phase: string) => {
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    throw new Error(
      `the server exited (${server.child.exitCode ?? server.child.signalCode}) before "${phase}":\n${server.output.slice(-20).join("\n")}`,
    );
  phases.push({ phase, seconds: Number(seconds.toFixed(1)), ...readProcessMemory(server.pid) });
  resetPeakRss(server.pid);
  started = performance.now();
};
try {
  await record("started on a new folder (3,000 demo names seeded)");

  settings = await readSettings(dataDir);
  const soon = await (await fetch(`${server.url}/soon-available`)).text();
  const namePath = /href="(\/d\/[^"]+)"/.exec(soon)?.[1];
  if (!namePath) throw new Error("/soon-available links to no /d/ page");
  const pages = ["/", "/soon-available", "/search/hund", namePath, "/statistik", "/slapps-idag"];
  const renderPages = async () => {
    for (const path of pages) {
      for (let request = 0; request < requests; request++) {
        // no-cache: each request rendered, not served from the page micro-cache.
        const response = await fetch(server.url + path, { headers: { "Cache-Control": "no-cache" } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      }
    }
  };
  started = performance.now();
  await renderPages();
  await record(`${pages.length} pages rendered ${requests} times each`);

  execFileSync("node_modules/.bin/tsx", ["cli/index.ts", "import", listFile], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
  await record(`import of ${importSize.toLocaleString("en")} new names (npm run cli -- import)`);

  await renderPages();
  await record("the pages again");

  await server.stop();
  started = performance.now();
  server = await start();
  await record("restarted on that folder");
} finally {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}

console.log(
  `The built server on the embedded database (${Object.entries(settings ?? {})
    .map(([name, value]) => `${name} ${value}`)
    .join(", ")}); ${cpus().length} cores, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`,
);
console.table(
  phases.map((phase) => ({
    phase: phase.phase,
    seconds: phase.seconds,
    "RSS MB": phase.rssMb,
    "peak MB": phase.peakMb,
    "PGlite heap MB (resident)": phase.wasm ? `${phase.wasm.sizeMb} (${phase.wasm.residentMb})` : "–",
  })),
);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/memory.json",
  JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      importSize,
      requests,
      settleSeconds,
      settings,
      machine: { cpus: cpus().length, loadAverage: loadavg().map((value) => Number(value.toFixed(2))) },
      phases,
    },
    null,
    2,
  ) + "\n",
);
console.log("Wrote bench/results/memory.json");

/** PGlite's memory settings as the server runs them, read through its socket (one client at a time, as the CLI). */
async function readSettings(folder: string): Promise<Record<string, string>> {
  const client = new pg.Client({ host: folder, port: 5432, user: "postgres", database: "template1" });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from unnest(array['shared_buffers', 'work_mem', 'maintenance_work_mem']) as name`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  } finally {
    await client.end();
  }
}
