// npm run bench:statistics -- [--size 1000000] [--runs 5] [--requests 200] [--embedded] [--data-dir <dir>]
//                             [--database-url <url>] [--database-name <name>] [--skip-build] [--build-dir build-bench] [--port 4391]
//                             [--skip-page]
// The statistics (issue 27): how long the jobs' aggregation takes (refreshStatistics, every part,
// over the release history and the names still to be released: target < 2 s for a 60,000-name
// list day; its "taken-by" part, the released names back in the zone, timed on its own too, and so
// are the catch-risk forecast's daily recomputation, "catch-risk" (the cells and the judgement of the
// last 90 days) and "catch-risk-names" (each soon-available name's stored risk): target < 30 s on
// PostgreSQL, within 3× embedded; --skip-page leaves out the page over HTTP), how long /statistik's read of the aggregates takes, and the page rendered on every
// request (Cache-Control: no-cache, one request at a time against the built server: target p95
// < 50 ms on PostgreSQL at 1,000,000 names, < 100 ms on the embedded database at 100,000). The
// history is the demo seed's (120 days). Writes bench/results/statistics.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { readProcessOptions } from "~cli/command-line";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { seedDemoIfEmpty } from "~/server/demo/seed-demo.server";
import { loadStatistics } from "~/server/statistics/load-statistics.server";
import { refreshStatistics } from "~/server/statistics/refresh-statistics.server";
import { startBuiltServer } from "~support/built-server";
import { median } from "./http/load-test";
import { percentile } from "~support/percentile";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";

const options = readProcessOptions("bench/statistics.ts", {
  size: { type: "string" },
  runs: { type: "string" },
  requests: { type: "string" },
  embedded: { type: "boolean" },
  "data-dir": { type: "string" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
  port: { type: "string" },
  "build-dir": { type: "string" },
  "skip-build": { type: "boolean" },
  "skip-page": { type: "boolean" },
});
const embedded = options.embedded === true;
const size = Number(options.size ?? (embedded ? 100_000 : 1_000_000));
const runs = Number(options.runs ?? 5);
const requests = Number(options.requests ?? 200);
const buildDir = String(options["build-dir"] ?? "build-bench");
const port = Number(options.port ?? 4391);
const dataDir = String(options["data-dir"] ?? `/tmp/snart-bench-filters-${size}`);

const databaseUrl = embedded
  ? undefined
  : await prepareSearchBenchDatabase({
      serverUrl: String(options["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"),
      name: String(options["database-name"] ?? "snart_bench_search"),
      size,
      fresh: false,
    });
const handle: DatabaseHandle = await openDatabase({ databaseUrl, dataDir });
await migrateDatabase(handle);
if (embedded) await seedDemoIfEmpty(handle, { size, now: new Date() });

const [shape] = await handle.query<{ outcomes: number; days: number; soon: number }>(
  `select (select count(*)::int from release_outcomes) as outcomes,
          (select count(distinct release_date)::int from release_outcomes where released_at is not null) as days,
          (select count(*)::int from domains where status = 'soonavailable') as soon`,
);
console.log(
  `${size.toLocaleString("en")} names on ${embedded ? "PGlite" : "PostgreSQL"}: ${shape.outcomes.toLocaleString("en")} releases in the history over ${shape.days} release days, ${shape.soon.toLocaleString("en")} names soon available`,
);

const refreshMs: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  await refreshStatistics(handle, { now: new Date() });
  refreshMs.push(performance.now() - started);
}
// "Vem tar de släppta namnen?" alone: the released names of 90 days, each one's first comeback in the zone, matched to operators.
const takenByMs: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  await refreshStatistics(handle, { now: new Date(), parts: ["taken-by"] });
  takenByMs.push(performance.now() - started);
}
// The forecast's daily recomputation (decisions 0078, 0085): each part alone, then the two together as the release job runs them.
const catchRiskMs: number[] = [];
const catchRiskNamesMs: number[] = [];
const forecastMs: number[] = [];
for (let run = 0; run < runs; run++) {
  let started = performance.now();
  await refreshStatistics(handle, { now: new Date(), parts: ["catch-risk"] });
  catchRiskMs.push(performance.now() - started);
  started = performance.now();
  await refreshStatistics(handle, { now: new Date(), parts: ["catch-risk-names"] });
  catchRiskNamesMs.push(performance.now() - started);
  started = performance.now();
  await refreshStatistics(handle, { now: new Date(), parts: ["catch-risk", "catch-risk-names"] });
  forecastMs.push(performance.now() - started);
}
const [forecastShape] = await handle.query<{ released: number; rated: number }>(
  `select (select count(*)::int from release_outcomes where released_at is not null and release_date > current_date - 90) as released,
          (select count(*)::int from domains where catch_risk is not null) as rated`,
);
const [takenBy] = await handle.query<{ released: number; taken: number }>(
  "select released, taken from stats_taken_by_groups where window_days = 90 and grouping = 'all'",
);
const readMs: number[] = [];
for (let run = 0; run < 100; run++) {
  const started = performance.now();
  await loadStatistics(handle, new Date());
  readMs.push(performance.now() - started);
}
console.log(
  `aggregation (every part): median ${median(refreshMs).toFixed(0)} ms, slowest ${Math.max(...refreshMs).toFixed(0)} ms (target < 2,000)`,
);
console.log(
  `of which "taken-by" (${(takenBy?.released ?? 0).toLocaleString("en")} names released in 90 days, ${(takenBy?.taken ?? 0).toLocaleString("en")} back in the zone): median ${median(takenByMs).toFixed(0)} ms, slowest ${Math.max(...takenByMs).toFixed(0)} ms`,
);
const forecastTarget = embedded ? 90_000 : 30_000;
console.log(
  `the forecast (${(forecastShape?.released ?? 0).toLocaleString("en")} names released in 90 days, ${(forecastShape?.rated ?? 0).toLocaleString("en")} names given a risk): "catch-risk" median ${median(catchRiskMs).toFixed(0)} ms, "catch-risk-names" median ${median(catchRiskNamesMs).toFixed(0)} ms, both median ${median(forecastMs).toFixed(0)} ms, slowest ${Math.max(...forecastMs).toFixed(0)} ms (target < ${forecastTarget.toLocaleString("en")})`,
);
console.log(`reading the aggregates: p50 ${percentile(readMs, 0.5).toFixed(1)} / p95 ${percentile(readMs, 0.95).toFixed(1)} ms`);

// The page over HTTP: the embedded database is one process's, so the server opens it instead of us.
await handle.close();
const pageMs: number[] = [];
if (!options["skip-page"]) {
  if (!options["skip-build"]) {
    execFileSync("node_modules/.bin/react-router", ["build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  }
  const server = await startBuiltServer({
    port,
    buildDir,
    env: {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
      JOBS_ENABLED: "false",
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
    },
    startTimeoutMs: 120_000,
  });
  try {
    for (let request = 0; request < requests + 10; request++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/statistik`, { headers: { "Cache-Control": "no-cache" } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`/statistik answered ${response.status}`);
      // The first ten warm the server (module loading, the first plans).
      if (request >= 10) pageMs.push(performance.now() - started);
    }
  } finally {
    await server.stop();
  }
}
const target = embedded ? 100 : 50;
if (pageMs.length > 0) {
  console.log(
    `/statistik rendered, one request at a time: p50 ${percentile(pageMs, 0.5).toFixed(1)} / p95 ${percentile(pageMs, 0.95).toFixed(1)} ms (target p95 < ${target})`,
  );
}

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/statistics.json",
  JSON.stringify(
    {
      size,
      engine: embedded ? "pglite" : "postgres",
      ranAt: new Date().toISOString(),
      history: shape,
      aggregationMs: { median: median(refreshMs), slowest: Math.max(...refreshMs) },
      takenByMs: {
        median: median(takenByMs),
        slowest: Math.max(...takenByMs),
        released: takenBy?.released ?? 0,
        taken: takenBy?.taken ?? 0,
      },
      forecastMs: {
        catchRisk: median(catchRiskMs),
        catchRiskNames: median(catchRiskNamesMs),
        both: { median: median(forecastMs), slowest: Math.max(...forecastMs) },
        target: forecastTarget,
        ...forecastShape,
      },
      readMs: { p50: percentile(readMs, 0.5), p95: percentile(readMs, 0.95) },
      pageMs: pageMs.length > 0 ? { p50: percentile(pageMs, 0.5), p95: percentile(pageMs, 0.95), target } : null,
    },
    null,
    2,
  ),
);
