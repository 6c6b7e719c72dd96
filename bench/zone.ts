// npm run bench:zone -- [--names 200000] [--engine both|postgres|pglite] [--database-name snart_bench_zone]
// What a zone sync costs: a generated signed .se zone of `names` delegated names
// (support/signed-zone.ts, cached in the temp folder) served by NSD on 127.0.0.1,
// read by the zone-sync code into an empty database (the first, full read), then a
// second version of it with 1 % of the names changed, 1 % gone and 1 % new (NSD
// answers the IXFR with the whole zone), and the same serial again (SOA only).
// Prints seconds, records per second, the process's peak memory and the zone
// tables' size per engine; writes bench/results/zone.json. Run it under
// `flock /tmp/snart-bench.lock` and say the machine and its load with the figures.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { readProcessOptions } from "~cli/command-line";
import { syncZone, type ZoneSyncResult } from "~/server/zone/sync/zone-sync.server";
import { startNsd, type NsdServer } from "~support/nsd-server";
import { ensureSignedZone } from "~support/signed-zone";
import { openBenchDatabase, type BenchEngine } from "./support/import-bench-database";
import { measurePeakRss } from "./support/peak-rss";

const options = readProcessOptions("bench/zone.ts", {
  names: { type: "string" },
  engine: { type: "string" },
  "database-name": { type: "string" },
});
const names = Number(options.names ?? 200_000);
const engineOption = String(options.engine ?? "both");
const engines = (engineOption === "both" ? ["postgres", "pglite"] : [engineOption]) as BenchEngine[];
if (!Number.isInteger(names) || names < 1 || engines.some((engine) => engine !== "postgres" && engine !== "pglite")) {
  console.error("--names must be a whole number of at least 1, --engine both, postgres or pglite");
  process.exit(2);
}
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (engines.includes("postgres") && !serverUrl) {
  console.error("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, or pass --engine pglite");
  process.exit(2);
}

const zoneDir = join(tmpdir(), "snart-bench-zone");
mkdirSync(zoneDir, { recursive: true });
const first = await ensureSignedZone({ path: join(zoneDir, `se-${names}-1.zone`), tld: "se", names, serial: 2026120401, seed: 11 });
const second = await ensureSignedZone({
  path: join(zoneDir, `se-${names}-2.zone`),
  tld: "se",
  names,
  serial: 2026120402,
  seed: 11,
  changedShare: 0.01,
});
const servers: NsdServer[] = [];
const results: Record<string, unknown>[] = [];
const loadAtStart = loadavg();
try {
  for (const zone of [first, second]) servers.push(await startNsd([{ tld: "se", zoneFile: zone.path }], { startTimeoutMs: 600_000 }));
  for (const engine of engines) {
    const workDir = mkdtempSync(join(tmpdir(), "snart-bench-zone-db-"));
    const database = await openBenchDatabase(engine, {
      serverUrl,
      workDir,
      databaseName: String(options["database-name"] ?? "snart_bench_zone"),
    });
    try {
      const phase = async (label: string, server: NsdServer, records: number) => {
        const started = performance.now();
        const { value, peakRssMb, baselineMb } = await measurePeakRss(() =>
          syncZone(database.handle, { server: server.server, tld: "se", trigger: "bench", now: new Date(), intervalMinutes: 360 }),
        );
        const seconds = (performance.now() - started) / 1000;
        const result: ZoneSyncResult = value;
        if (result.state !== "succeeded" && result.state !== "unchanged") throw new Error(`${label}: ${result.state}: ${result.message}`);
        const [size] = await database.handle.query<{ bytes: string }>(
          "select (pg_total_relation_size('zone_delegations') + pg_total_relation_size('zone_changes') + pg_total_relation_size('zone_snapshots'))::text as bytes",
        );
        const row = {
          engine,
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
    } finally {
      await database.close();
      rmSync(workDir, { recursive: true, force: true });
    }
  }
} finally {
  for (const server of servers) await server.stop();
}
const machine = { cpus: cpus().length, model: cpus()[0]?.model, loadAtStart, loadAtEnd: loadavg() };
console.log(JSON.stringify(machine));
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/zone.json", JSON.stringify({ machine, results }, null, 2));
