// The registry's availability service (DAS) slow, failing or talking
// nonsense while the availability check runs: no status changes, every
// failure is counted, and the job ends within its time bound. Before each
// fault the scenario makes names due for a check itself (the demo's are not,
// at most hours), and a fault that no request reached fails the scenario.
import { rmSync } from "node:fs";
import { startFakeDas, type FakeDasBehaviour } from "~tests/support/fake-das-server";
import { makeNamesDue, withDb, type DatabaseTarget } from "~tests/reliability/support/database";
import { adminPostData, signInAdmin } from "~tests/reliability/support/http";
import { startServer, waitFor } from "~tests/reliability/support/server";
import type { ReliabilityOptions, ScenarioResult } from "~tests/reliability/support/types";

const BATCH = 100;
const RATE = 50;
/** The client's own per-request timeout (das-client.server.ts). */
const DAS_TIMEOUT_MS = 5000;

type JobResult = { processed: number; errors: number; updated_to_registered: number };

export async function dasFaults(options: ReliabilityOptions): Promise<ScenarioResult> {
  const dataDir = `${options.workDir}/das-faults`;
  rmSync(dataDir, { recursive: true, force: true });
  const target: DatabaseTarget = { kind: "pglite", dataDir };
  let behaviour: FakeDasBehaviour = "free";
  // Every name gets the current behaviour; "hang" answers only after the client has given up.
  const das = await startFakeDas(new Proxy({}, { get: () => behaviour }) as Record<string, FakeDasBehaviour>, "free");
  const server = await startServer({
    port: 4316,
    buildDir: options.buildDir,
    dataDir,
    env: { DAS_SE_URL: das.url, DAS_NU_URL: das.url, AVAILABILITY_BATCH_SIZE: String(BATCH), DAS_RATE_PER_SECOND: String(RATE), SEED_DEMO_SIZE: "4000" },
  });
  const figures: Record<string, string | number> = {};
  const notes: string[] = [];
  let allOk = true;
  try {
    const cookie = await signInAdmin(server.url, target);
    const statuses = () => withDb(target, async (client) => (await client.query<{ hash: string }>("select md5(string_agg(name || ':' || status, ',' order by name)) as hash from domains")).rows[0].hash);
    const modes: [string, FakeDasBehaviour][] = [
      ["hanging", { slowMs: 60_000 }],
      ["HTTP 500", "error-500"],
      ["garbage answers", "garbage"],
    ];
    for (const [label, mode] of modes) {
      behaviour = mode;
      await withDb(target, (client) => makeNamesDue(client, BATCH));
      const before = await statuses();
      const callsBefore = das.calls.length;
      const requestedAt = new Date();
      const answer = await adminPostData(server.url, "maintenance", cookie, new URLSearchParams({ intent: "run-job", job: "availability-check" }));
      if (answer.status !== 200) throw new Error(`run-job answered ${answer.status}`);
      const run = await waitFor(
        `the availability check (${label}) to finish`,
        () =>
          withDb(target, async (client) => {
            const { rows } = await client.query<{ state: string; result: JobResult | null; error_message: string | null; ms: number }>(
              `select state, result, error_message, extract(epoch from (finished_at - started_at)) * 1000 as ms from job_runs
                where job = 'availability-check' and trigger like 'admin:%' and started_at >= $1 order by id desc limit 1`,
              [new Date(requestedAt.getTime() - 1000)],
            );
            return rows[0] && rows[0].state !== "running" ? rows[0] : undefined;
          }),
        5 * 60_000,
        500,
      );
      const after = await statuses();
      const requests = das.calls.length - callsBefore;
      const bound = (BATCH / RATE) * 1000 + DAS_TIMEOUT_MS + 10_000;
      const result = run.result;
      // The fault was met: every name the run took was asked of the fake registry, once.
      const exercised = !!result && result.processed > 0 && requests === result.processed;
      if (!exercised) notes.push(`${label}: ${requests} requests reached the fake registry for ${result?.processed ?? "?"} names checked: the fault was not exercised`);
      // Every check failed, so the run is recorded as failed (docs/product.md, "A run's outcome"), with each failure counted.
      const ok = exercised && run.state === "failed" && result.errors === result.processed && result.updated_to_registered === 0 && before === after && run.ms <= bound;
      allOk &&= ok;
      figures[label] = `${run.state}, ${result?.errors ?? "?"}/${result?.processed ?? "?"} errors counted, ${requests} requests to the registry, statuses ${before === after ? "unchanged" : "CHANGED"}, ${(run.ms / 1000).toFixed(1)} s (bound ${(bound / 1000).toFixed(0)} s)`;
    }
    figures["DAS requests"] = das.calls.length;
    return { name: "DAS slow / failing", ok: allOk, figures, notes, faults: modes.length };
  } finally {
    await server.stop();
    await das.close();
  }
}
