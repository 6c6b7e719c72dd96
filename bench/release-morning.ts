// npm run bench:morning -- [--names 2000] [--rate 20] [--release-minutes 3] [--database-url <url>] [--database-name snart_bench_morning]
// The release morning's rounds (runReleaseMorning, decision 0031) against a registry on 127.0.0.1
// (the tests' fake DAS, over HTTP) on PostgreSQL: --names of today's names, released by the fake
// at random moments within the first --release-minutes, checked at --rate requests a second with
// the real clock, while the regular availability check runs beside them on the same shared rate.
// Reports how long the first full round took (target: 2,000 names at 20 a second within 5 minutes;
// 100 s is the floor), whether every name was then seen free, and the most requests any second
// held, both checks together (target: never more than the rate). A figure, not a test.
// Writes bench/results/release-morning.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { readProcessOptions } from "~cli/command-line";
import { todayUtc } from "~/domain/utc-dates";
import { checkDomainAvailabilityTunedForTests } from "~/server/availability/check-domain-availability.server";
import { createDasClient } from "~/server/availability/das-client.server";
import { runReleaseMorning } from "~/server/availability/release-morning-rounds.server";
import { systemClock } from "~/server/availability/shared-rate-limiter.server";
import { openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { createDomains } from "~tests/factories/domains";
import { startHttpFixtureServer } from "~support/http-fixture-server";

const options = readProcessOptions("bench/release-morning.ts", {
  names: { type: "string" },
  rate: { type: "string" },
  "release-minutes": { type: "string" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
});
const nameCount = Number(options.names ?? 2000);
const rate = Number(options.rate ?? 20);
const releaseMinutes = Number(options["release-minutes"] ?? 3);
const serverUrl = String(options["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const databaseName = String(options["database-name"] ?? "snart_bench_morning");

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${databaseName} with (force)`);
await admin.query(`create database ${databaseName}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${databaseName}`;
const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
await migrateDatabase(handle);

// The rounds run on a release morning: their clock reads today's 04:01 UTC when the bench starts and
// runs at the real pace from there, so the bench gives the same figures at any hour.
const now = new Date();
const releaseDate = todayUtc(now);
const shiftMs = now.getTime() - (Date.parse(`${releaseDate}T04:00:00Z`) + 60_000);
const morningClock = { now: () => Date.now() - shiftMs, sleep: systemClock.sleep };
const names = Array.from({ length: nameCount }, (_, index) => `morgon-bench-${index}.se`);
await createDomains(
  handle.db,
  names.map((name) => ({ name, status: "soonavailable" as const, releaseDate })),
);
// Names the regular check asks about meanwhile: released last week, all due.
await createDomains(
  handle.db,
  Array.from({ length: 500 }, (_, index) => ({ name: `vecka-bench-${index}.se`, status: "available" as const, releaseDate: "2026-01-01" })),
);

// The registry: "occupied" until a name's random release moment, "free" after it.
const started = Date.now();
const releaseAt = new Map(names.map((name) => [name, started + Math.random() * releaseMinutes * 60_000]));
const requests: number[] = [];
const registry = await startHttpFixtureServer({
  "/free": (request, response) => {
    const name = new URL(request.url ?? "/", "http://das").searchParams.get("q") ?? "";
    requests.push(Date.now());
    const released = (releaseAt.get(name) ?? 0) <= Date.now();
    response.writeHead(200, { "content-type": "text/plain" }).end(`${released ? "free" : "occupied"} ${name}\n`);
  },
});
const das = createDasClient({ seUrl: registry.url("/free"), nuUrl: registry.url("/free") });

// The rounds until every name is seen free, and the regular check beside them on the same rate.
const morning = runReleaseMorning(handle, {
  now: new Date(morningClock.now()),
  clock: morningClock,
  das,
  ratePerSecond: rate,
  budgetMs: 15 * 60_000,
});
const regular = checkDomainAvailabilityTunedForTests(handle, { now, das, ratePerSecond: rate, batchSize: 500, clock: morningClock });
const [result, regularResult] = await Promise.all([morning, regular]);
const finishedAt = Date.now();

const [runs] = await handle.query<{ first_round_ms: number | null; seen_free: number }>(
  `select (select extract(epoch from max(first_at) - min(first_at)) * 1000 from (
            select domain_name, min(first_at) as first_at from das_answer_runs where release_date = $1 group by domain_name) as first
          )::float as first_round_ms,
          (select count(*)::int from release_outcomes where release_date = $1 and first_free_at is not null) as seen_free`,
  [releaseDate],
);
await registry.close();
await handle.close();

// The busiest second, over every request both checks made.
requests.sort((a, b) => a - b);
let busiest = 0;
for (let start = 0, end = 0; end < requests.length; end++) {
  while (requests[end] - requests[start] >= 1000) start++;
  busiest = Math.max(busiest, end - start + 1);
}
const firstRoundSeconds = (runs.first_round_ms ?? 0) / 1000;
const summary = {
  names: nameCount,
  rate,
  machine: { cpus: cpus().length, loadAverage: loadavg() },
  rounds: result.rounds,
  finished: result.finished,
  seenFree: runs.seen_free,
  firstRoundSeconds,
  totalSeconds: (finishedAt - started) / 1000,
  regularCheckProcessed: regularResult.processed,
  requests: requests.length,
  busiestSecond: busiest,
};
console.log(
  `${nameCount} names at ${rate} requests/s (${cpus().length} cores, load ${loadavg()[0].toFixed(1)}): first full round ${firstRoundSeconds.toFixed(1)} s (target < 300 s), ` +
    `${result.rounds} rounds, every name seen free: ${runs.seen_free === nameCount ? "yes" : `no (${runs.seen_free})`}, ` +
    `the regular check asked ${regularResult.processed} meanwhile, busiest second ${busiest} requests (cap ${rate})`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/release-morning.json", JSON.stringify(summary, null, 2));
