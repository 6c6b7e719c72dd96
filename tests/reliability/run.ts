// `npm run test:reliability` (scripts/test-reliability.js builds first and runs this):
// faults, load and hostile input against the production build in its own
// processes, with a summary table of what was held, survived and lost.
import { mkdirSync } from "node:fs";
import { readProcessOptions } from "~cli/command-line";
import { printResults, writeReports } from "./support/report";
import type { ReliabilityOptions, ScenarioResult } from "./support/types";
import { dasFaults } from "./scenarios/das-faults";
import { hostileHttp } from "./scenarios/hostile-http";
import { importKill } from "./scenarios/import-kill";
import { load } from "./scenarios/load";
import { postgresRestart } from "./scenarios/postgres-restart";
import { sigterm } from "./scenarios/sigterm";
import { smtpOutage } from "./scenarios/smtp-outage";

const args = readProcessOptions("tests/reliability/run.ts", {
  "build-dir": { type: "string" },
  "work-dir": { type: "string" },
  "database-url": { type: "string" },
  size: { type: "string" },
  seconds: { type: "string" },
  connections: { type: "string" },
  runs: { type: "string" },
  "import-size": { type: "string" },
  "import-baseline": { type: "string" },
  "hostile-requests": { type: "string" },
  "restart-shared-postgres": { type: "boolean" },
  only: { type: "string" },
  "update-readme": { type: "boolean" },
});
const options: ReliabilityOptions = {
  buildDir: String(args["build-dir"] ?? "build-h10"),
  workDir: String(args["work-dir"] ?? "/tmp/snart-h10-reliability"),
  databaseUrl: String(args["database-url"] ?? "postgres://postgres@127.0.0.1:5432/postgres"),
  size: Number(args.size ?? 1_000_000),
  seconds: Number(args.seconds ?? 60),
  connections: Number(args.connections ?? 200),
  runs: Number(args.runs ?? 3),
  importSize: Number(args["import-size"] ?? 300_000),
  importBaseline: Number(args["import-baseline"] ?? 20_000),
  hostileRequests: Number(args["hostile-requests"] ?? 3000),
  restartSharedPostgres: args["restart-shared-postgres"] === true,
};
mkdirSync(options.workDir, { recursive: true });
// Ctrl-C or a kill ends the run through process.exit, which stops the servers it started (support/server.ts).
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

const SCENARIOS: Record<string, () => Promise<ScenarioResult>> = {
  "import-kill-pglite": () => importKill("pglite", options),
  "import-kill-postgres": () => importKill("postgres", options),
  "smtp-outage": () => smtpOutage(options),
  "postgres-restart": () => postgresRestart(options),
  "das-faults": () => dasFaults(options),
  sigterm: () => sigterm(options),
  "hostile-http": () => hostileHttp(options),
  load: () => load(options),
};

/** `--only faults`: every scenario but the long load test, the run before each release (docs/reliability.md). */
const GROUPS: Record<string, string[]> = { faults: Object.keys(SCENARIOS).filter((name) => name !== "load") };
const only = typeof args.only === "string" ? args.only.split(",").flatMap((name) => GROUPS[name] ?? [name]) : Object.keys(SCENARIOS);
const unknown = only.filter((name) => !SCENARIOS[name]);
if (unknown.length) {
  console.error(`Unknown scenario(s): ${unknown.join(", ")}. Known: ${Object.keys(SCENARIOS).join(", ")}, or the group faults`);
  process.exit(2);
}

const results: ScenarioResult[] = [];
const suiteStarted = Date.now();
for (const name of only) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  try {
    const result = await SCENARIOS[name]();
    results.push(result);
    console.log(`  ${result.ok ? "pass" : "FAIL"} in ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(result.figures)}`);
  } catch (error) {
    console.log(`  FAIL: ${(error as Error).stack ?? error}`);
    results.push({ name, ok: false, figures: { error: (error as Error).message.split("\n")[0].slice(0, 200) }, notes: [] });
  }
}

const withLoad = only.includes("load");
const minutes = Math.round((Date.now() - suiteStarted) / 60_000);
const context = withLoad
  ? `${options.size.toLocaleString("en")} domains on PostgreSQL for the load, ${options.connections} connections × ${options.seconds} s × ${options.runs} runs, 2-core machine, ${minutes} min`
  : `${only.join(", ")}: ${minutes} min on a 2-core machine`;
printResults(results, context);
writeReports(results, context, args["update-readme"] === true, withLoad ? "reliability-results" : "reliability-faults");
process.exit(results.every((result) => result.ok) ? 0 : 1);
