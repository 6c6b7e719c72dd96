// SIGTERM while requests are in flight and a job is running: the requests
// already accepted are answered, the job is stopped, the process exits
// within 10 s, and the next start finds a clean database. On PostgreSQL, the
// production setup: the embedded engine runs its queries on the server's own
// thread, so there a long query can hold up any deadline (see the report).
// The scenario makes names due for a check itself (the demo's are not, at most
// hours) and fails when the job was not running or the registry was not being
// asked at the signal: then it tested nothing.
import { startFakeDas } from "~tests/support/fake-das-server";
import { dropPostgresDatabase, freshPostgresDatabase, makeNamesDue, withDb, type DatabaseTarget } from "~tests/reliability/support/database";
import { adminPostData, signInAdmin, timedFetch } from "~tests/reliability/support/http";
import { notYetReadByServer, sleep, startServer, waitFor } from "~tests/reliability/support/server";
import type { ReliabilityOptions, ScenarioResult } from "~tests/reliability/support/types";

const IN_FLIGHT = 60;
/** Names due for the availability check: at 20 a second and 3 s an answer, a run of minutes. */
const DUE_NAMES = 3000;
/** Within the client's own 5 s timeout, so no request fails and the run does not stop early. */
const DAS_ANSWER_MS = 3000;
const HEAVY_PATHS = ["/sitemaps/domains-1.xml", "/soon-available?sort=score-desc&after=40_m.se", "/search/an", "/available?sort=name-desc&after=m_m.se", "/", "/search/sol", "/soon-available?q=ab&sort=name-asc"];

export async function sigterm(options: ReliabilityOptions): Promise<ScenarioResult> {
  const databaseUrl = await freshPostgresDatabase(options.databaseUrl, "snart_h10_sigterm");
  const target: DatabaseTarget = { kind: "postgres", url: databaseUrl };
  // A slow registry that does answer keeps the availability job busy for minutes (one that never
  // answered would fail 25 requests in a row within seconds, and the run would stop early).
  const das = await startFakeDas({}, { slowMs: DAS_ANSWER_MS });
  const serverOptions = {
    port: 4317,
    buildDir: options.buildDir,
    databaseUrl,
    env: { DAS_SE_URL: das.url, DAS_NU_URL: das.url, AVAILABILITY_BATCH_SIZE: String(DUE_NAMES), DAS_RATE_PER_SECOND: "20", SEED_DEMO_SIZE: "30000", LOG_LEVEL: "info" },
  };
  let server = await startServer(serverOptions);
  try {
    const cookie = await signInAdmin(server.url, target);
    await withDb(target, (client) => makeNamesDue(client, DUE_NAMES));
    await adminPostData(server.url, "maintenance", cookie, new URLSearchParams({ intent: "run-job", job: "availability-check" }));
    await waitFor(
      "the availability job to be running",
      () => withDb(target, async (client) => ((await client.query("select 1 from job_runs where job = 'availability-check' and state = 'running'")).rowCount ? true : undefined)),
      60_000,
      250,
    );
    await sleep(2000);

    // How long the same batch takes without a signal: it must fit the drain window for the check to be fair.
    const batch = () => Promise.all(Array.from({ length: IN_FLIGHT }, (_, index) => timedFetch(`${server.url}${HEAVY_PATHS[index % HEAVY_PATHS.length]}`, { timeoutMs: 30_000 })));
    await batch();
    const warmStarted = Date.now();
    await batch();
    const batchMs = Date.now() - warmStarted;
    // Read just before the last batch (a run of minutes is still running a second later), not between it and the signal.
    const jobRunningAtSignal = await withDb(target, async (client) => (await client.query("select 1 from job_runs where job = 'availability-check' and state = 'running'")).rowCount === 1);
    const outputBefore = server.output.length;
    const requests = batch();
    // Late enough that every request was sent and the server has read each one (a busy server reads
    // late; one it has not read, a shutdown may rightly refuse), early enough that most answers are still being made.
    await sleep(Math.max(20, Math.min(300, batchMs / 4)));
    await waitFor("the server to have read every request", async () => (notYetReadByServer(serverOptions.port) === 0 ? true : undefined), 30_000, 5);
    const registryAskedAtSignal = das.calls.length;
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const answers = (await requests).map((answer, index) => ({ ...answer, path: HEAVY_PATHS[index % HEAVY_PATHS.length] }));
    const exit = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
    const exitMs = exit ? exit.at - signalledAt : Infinity;
    const answeredAfterSignal = answers.filter((answer) => answer.status !== 0 && answer.at + answer.ms > signalledAt).length;
    const dropped = answers.filter((answer) => answer.status === 0 || answer.status >= 500);
    if (!exit) await server.kill();
    // The stopped server's own lines (its variable holds the next start below).
    const shutdownLog = server.output.slice(outputBefore);

    // The next start: the folder opens, the interrupted job run is closed, pages answer.
    server = await startServer(serverOptions);
    const after = await withDb(target, async (client) => (await client.query<{ state: string; error_message: string | null }>("select state, error_message from job_runs where job = 'availability-check' order by id desc limit 1")).rows[0]);
    const page = await timedFetch(`${server.url}/soon-available`);
    const figures = {
      "requests in flight": IN_FLIGHT,
      "job running at SIGTERM": jobRunningAtSignal ? "yes" : "NO",
      "registry requests by then": registryAskedAtSignal,
      "same batch without a signal (s)": (batchMs / 1000).toFixed(1),
      "answered after SIGTERM": answeredAfterSignal,
      "dropped / 5xx": dropped.length,
      "exit (s)": exit ? (exitMs / 1000).toFixed(1) : "did not exit",
      "exit code": exit ? String(exit.code ?? exit.signal) : "-",
      "job run after restart": after ? `${after.state}${after.error_message ? ` (${after.error_message.slice(0, 60)})` : ""}` : "none",
      "page after restart": page.status,
    };
    return {
      name: "SIGTERM with requests and a job in flight",
      ok:
        jobRunningAtSignal &&
        registryAskedAtSignal > 0 &&
        dropped.length === 0 &&
        answeredAfterSignal > 0 &&
        exitMs <= 10_000 &&
        exit?.code === 0 &&
        after?.state === "failed" &&
        page.status === 200,
      figures,
      notes: [
        ...(answeredAfterSignal === 0 ? ["no request was still in flight at SIGTERM: the check proved nothing"] : []),
        ...(!jobRunningAtSignal || registryAskedAtSignal === 0 ? ["the availability job was not asking the registry at SIGTERM: the check proved nothing"] : []),
        ...(after?.state === "running"
          ? ["the interrupted job's job_runs row is still 'running': the job runner should have recorded it as interrupted at shutdown (failInterruptedJobRuns)"]
          : []),
        ...(dropped.length
          ? [`dropped: ${dropped.slice(0, 5).map((answer) => `${answer.path} → ${answer.status || answer.error} after ${((answer.at + answer.ms - signalledAt) / 1000).toFixed(1)} s`).join(", ")}`]
          : []),
        ...(dropped.length || exitMs > 10_000 ? [`shutdown log: ${shutdownLog.slice(0, 8).join(" | ").slice(0, 600)}`] : []),
      ],
      faults: 1,
      requests: IN_FLIGHT,
    };
  } finally {
    await server.stop();
    await das.close();
    await dropPostgresDatabase(options.databaseUrl, "snart_h10_sigterm").catch(() => undefined);
  }
}
