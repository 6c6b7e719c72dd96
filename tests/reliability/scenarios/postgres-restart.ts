// PostgreSQL goes away while requests flow, then comes back: requests during
// the outage get a Swedish 503 quickly (no hang, no 500), and the app serves
// pages again by itself once the database is back — no restart of the app.
import { freshPostgresDatabase } from "~tests/reliability/support/database";
import { timedFetch, type Timed } from "~tests/reliability/support/http";
import { percentile } from "~support/percentile";
import { createPrivatePostgres, restartSharedPostgres } from "~tests/reliability/support/private-postgres";
import { sleep, startServer, waitFor } from "~tests/reliability/support/server";
import type { ReliabilityOptions, ScenarioResult } from "~tests/reliability/support/types";

const PATHS = ["/", "/soon-available", "/available", "/search/sol", "/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se", "/premium", "/readyz"];
const SWEDISH_503 = /Tjänsten är tillfälligt otillgänglig|inte nå databasen|Kunde inte hämta|inte tillgänglig just nu|Försök igen/;
const OUTAGE_MS = 10_000;
const WORKERS = 8;

function statusCounts(samples: Timed[]) {
  const counts = new Map<number, number>();
  for (const sample of samples) counts.set(sample.status, (counts.get(sample.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
}

export async function postgresRestart(options: ReliabilityOptions): Promise<ScenarioResult> {
  const privateCluster = options.restartSharedPostgres ? null : createPrivatePostgres({ dir: `${options.workDir}/private-postgres`, port: 4318 });
  privateCluster?.init();
  const serverUrl = privateCluster?.url ?? options.databaseUrl;
  const databaseUrl = await freshPostgresDatabase(serverUrl, "snart_h10_restart");
  const server = await startServer({ port: 4315, buildDir: options.buildDir, databaseUrl, env: { SEED_DEMO_SIZE: "5000" } });
  const samples: (Timed & { path: string })[] = [];
  let running = true;
  try {
    const workers = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let index = worker; running; index++) {
        const path = PATHS[index % PATHS.length];
        samples.push({ ...(await timedFetch(`${server.url}${path}`, { timeoutMs: 30_000, headers: { accept: "text/html" } })), path });
      }
    });
    await sleep(5000);
    const down = Date.now();
    if (privateCluster) privateCluster.stop();
    else restartSharedPostgres();
    const stopped = Date.now();
    if (privateCluster) {
      await sleep(OUTAGE_MS);
      privateCluster.start();
    }
    const up = Date.now();
    // Recovery: the first page from the database after it is back.
    const recovered = await waitFor(
      "a page from the database again",
      async () => samples.find((sample) => sample.at >= up && sample.status === 200 && sample.path !== "/readyz")?.at,
      60_000,
      200,
    );
    await sleep(10_000);
    running = false;
    await Promise.all(workers);

    const during = samples.filter((sample) => sample.at >= stopped && sample.at < up);
    const after = samples.filter((sample) => sample.at >= recovered + 2000);
    const server500s = samples.filter((sample) => sample.status >= 500 && sample.status !== 503);
    const hangs = samples.filter((sample) => sample.status === 0);
    const unavailable = during.filter((sample) => sample.status === 503);
    const notSwedish = unavailable.filter((sample) => sample.path !== "/readyz" && !SWEDISH_503.test(sample.body));
    const afterFailures = after.filter((sample) => sample.status !== 200);
    const duringLatency = during.map((sample) => sample.ms);
    const figures = {
      requests: samples.length,
      "outage (s)": ((up - down) / 1000).toFixed(1),
      "requests during outage": during.length,
      "answers during outage": statusCounts(during),
      "p99 / max ms during outage": `${duringLatency.length ? percentile(duringLatency, 0.99) : 0} / ${Math.max(0, ...duringLatency)}`,
      "500s": server500s.length,
      "timeouts/network errors": hangs.length,
      "first page after DB back (s)": ((recovered - up) / 1000).toFixed(1),
      "failures after recovery": afterFailures.length,
    };
    const notes = notSwedish.length ? [`503 without the Swedish text on ${[...new Set(notSwedish.map((sample) => sample.path))].join(", ")}`] : [];
    if (server500s.length) notes.push(`500 on ${[...new Set(server500s.map((sample) => `${sample.path} ${sample.body.slice(0, 80)}`))].slice(0, 3).join(" | ")}`);
    return {
      name: `PostgreSQL ${privateCluster ? "stopped for 10 s" : "restarted"} under traffic`,
      ok: during.length > 0 && server500s.length === 0 && hangs.length === 0 && notSwedish.length === 0 && Math.max(0, ...duringLatency) <= 6000 && afterFailures.length === 0,
      figures,
      notes,
      faults: 1,
      requests: samples.length,
    };
  } finally {
    running = false;
    await server.stop();
    privateCluster?.destroy();
  }
}
