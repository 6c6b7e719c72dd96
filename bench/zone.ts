// npm run bench:zone -- [--names 1500000] [--embedded-names 200000] [--engine both|postgres|pglite] [--requests 200]
//                        [--skip-pages] [--skip-build] [--build-dir build-bench] [--port 4393]
//                        [--database-url <url>] [--database-name snart_bench_zone]
// What a zone sync costs: a generated signed zone (support/signed-zone.ts, cached in the temp folder)
// served by NSD on 127.0.0.1 and read by the zone-sync code into an empty database (the first, full
// read), then a second version of it with 1 % of the names changed, 1 % gone and 1 % new (NSD answers
// the IXFR with the whole zone), and the same serial again (SOA only). On PostgreSQL the .se zone's
// size (--names, 1.5 million); on the embedded PGlite the .nu zone's (--embedded-names, 200,000).
// Prints seconds, records per second, the process's peak memory and the zone tables' size per engine.
// Then, unless --skip-pages, on PostgreSQL with the zone in place: `/d/{name}` rendered on every request
// by the built server (built into --build-dir unless --skip-build), one visitor at a time, for names in
// the zone, gone from it, never seen and listed (bench/support/zone-name-pages.ts), --requests of each.
// Targets: a first sync < 180 s on PostgreSQL at 1.5 million and < 60 s on PGlite at 200,000; 1 %
// changed < 90 s; the same serial < 1 s; RSS growth < 200 MB; the page p95 < 15 ms.
// Writes bench/results/zone.json. Run it under `flock /tmp/snart-bench.lock`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { readProcessOptions } from "~cli/command-line";
import { syncZone, type ZoneSyncResult } from "~/server/zone/sync/zone-sync.server";
import { startNsd, type NsdServer } from "~support/nsd-server";
import { ensureSignedZone } from "~support/signed-zone";
import { describePostgresSettings } from "./support/database-settings";
import { openBenchDatabase, type BenchEngine } from "./support/import-bench-database";
import { measurePeakRss } from "./support/peak-rss";
import { timeNamePages, type NamePageTimes } from "./support/zone-name-pages";

const options = readProcessOptions("bench/zone.ts", {
  names: { type: "string" },
  "embedded-names": { type: "string" },
  engine: { type: "string" },
  requests: { type: "string" },
  "skip-pages": { type: "boolean" },
  "skip-build": { type: "boolean" },
  "build-dir": { type: "string" },
  port: { type: "string" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
});
const sizes: Record<BenchEngine, number> = {
  postgres: Number(options.names ?? 1_500_000),
  pglite: Number(options["embedded-names"] ?? 200_000),
};
/** The zone each engine reads: .se's size on the server, .nu's on the embedded database. */
const TLD_OF: Record<BenchEngine, "se" | "nu"> = { postgres: "se", pglite: "nu" };
const engineOption = String(options.engine ?? "both");
const engines = (engineOption === "both" ? ["postgres", "pglite"] : [engineOption]) as BenchEngine[];
const requests = Number(options.requests ?? 200);
const buildDir = String(options["build-dir"] ?? "build-bench");
const port = Number(options.port ?? 4393);
const pages = options["skip-pages"] !== true && engines.includes("postgres");
if (
  Object.values(sizes).some((size) => !Number.isInteger(size) || size < 1) ||
  !Number.isInteger(requests) ||
  requests < 1 ||
  engines.some((engine) => engine !== "postgres" && engine !== "pglite")
) {
  console.error("--names, --embedded-names and --requests must be whole numbers of at least 1, --engine both, postgres or pglite");
  process.exit(2);
}
const serverUrl =
  (typeof options["database-url"] === "string" ? options["database-url"] : undefined) ??
  (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL);
if (engines.includes("postgres") && !serverUrl) {
  console.error("Give --database-url or set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, or pass --engine pglite");
  process.exit(2);
}
const ZONE_TARGETS = {
  firstSyncSeconds: { postgres: 180, pglite: 60 },
  changedSeconds: 90,
  unchangedSeconds: 1,
  rssGrowthMb: 200,
  pageP95Ms: 15,
};
export type ZoneSyncRow = {
  engine: BenchEngine;
  tld: string;
  phase: string;
  names: number;
  records: number;
  seconds: number;
  recordsPerSecond: number;
  peakRssMb: number;
  rssGrowthMb: number;
  zoneTablesMb: number;
  state: string;
};
/** bench/results/zone.json, as `npm run bench` reads it. */
export type ZoneResult = {
  machine: Record<string, unknown>;
  settings: string;
  targets: typeof ZONE_TARGETS;
  results: ZoneSyncRow[];
  pages: NamePageTimes[] | null;
};

if (pages && !options["skip-build"]) {
  execFileSync("node_modules/.bin/react-router", ["build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}
const zoneDir = join(tmpdir(), "snart-bench-zone");
mkdirSync(zoneDir, { recursive: true });
const results: ZoneSyncRow[] = [];
let pageTimes: NamePageTimes[] | null = null;
const loadAtStart = loadavg();
for (const engine of engines) {
  const names = sizes[engine];
  const tld = TLD_OF[engine];
  const zoneFile = (version: number) => join(zoneDir, `${tld}-${names}-${version}.zone`);
  const first = await ensureSignedZone({ path: zoneFile(1), tld, names, serial: 2026120401, seed: 11 });
  const second = await ensureSignedZone({ path: zoneFile(2), tld, names, serial: 2026120402, seed: 11, changedShare: 0.01 });
  const servers: NsdServer[] = [];
  const workDir = mkdtempSync(join(tmpdir(), "snart-bench-zone-db-"));
  try {
    for (const zone of [first, second]) servers.push(await startNsd([{ tld, zoneFile: zone.path }], { startTimeoutMs: 600_000 }));
    const database = await openBenchDatabase(engine, {
      serverUrl,
      workDir,
      databaseName: String(options["database-name"] ?? "snart_bench_zone"),
    });
    try {
      const phase = async (label: string, server: NsdServer, records: number) => {
        const started = performance.now();
        const { value, peakRssMb, baselineMb } = await measurePeakRss(() =>
          syncZone(database.handle, { server: server.server, tld, trigger: "bench", now: new Date(), intervalMinutes: 360 }),
        );
        const seconds = (performance.now() - started) / 1000;
        const result: ZoneSyncResult = value;
        if (result.state !== "succeeded" && result.state !== "unchanged") throw new Error(`${label}: ${result.state}: ${result.message}`);
        const [size] = await database.handle.query<{ bytes: string }>(
          "select (pg_total_relation_size('zone_delegations') + pg_total_relation_size('zone_changes') + pg_total_relation_size('zone_snapshots'))::text as bytes",
        );
        const row: ZoneSyncRow = {
          engine,
          tld: `.${tld}`,
          phase: label,
          names,
          records,
          seconds: Math.round(seconds * 100) / 100,
          recordsPerSecond: Math.round(records / seconds),
          peakRssMb,
          rssGrowthMb: peakRssMb - baselineMb,
          zoneTablesMb: Math.round(Number(size.bytes) / 1024 / 1024),
          state: result.state,
        };
        console.log(JSON.stringify(row));
        results.push(row);
      };
      await phase("first full read", servers[0], first.nsRecords + first.dsRecords);
      await phase("full read, 1 % changed", servers[1], second.nsRecords + second.dsRecords);
      await phase("same serial (SOA only)", servers[1], 0);
      if (engine === "postgres" && pages) {
        await database.handle.query("vacuum analyze zone_delegations, zone_changes, zone_snapshots");
        pageTimes = await timeNamePages(database.handle, { databaseUrl: database.databaseUrl!, tld, buildDir, port, requests });
        for (const row of pageTimes) console.log(JSON.stringify({ page: "/d/{name}", ...row }));
      }
    } finally {
      await database.close();
    }
  } finally {
    for (const server of servers) await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
const settings = serverUrl && engines.includes("postgres") ? await describePostgresSettings(serverUrl) : "PGlite only";
const machine = { cpus: cpus().length, model: cpus()[0]?.model, loadAtStart, loadAtEnd: loadavg() };
console.log(JSON.stringify({ machine, settings }));
mkdirSync("bench/results", { recursive: true });
const output: ZoneResult = { machine, settings, targets: ZONE_TARGETS, results, pages: pageTimes };
writeFileSync("bench/results/zone.json", JSON.stringify(output, null, 2));
