import { afterEach, expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { startFakeDas } from "~tests/support/fake-das-server";
import { describeEachEngine } from "~tests/setup/test-db";
import { resetEnvForTests } from "~/server/env.server";
import { availabilityCheckJob } from "~/server/jobs/availability-check.job.server";
import { runRecordedJob } from "~/server/jobs/record-job-run.server";
import { checkDomainAvailabilityTunedForTests, GIVE_UP_AFTER_FAILURES_IN_A_ROW } from "./check-domain-availability.server";
import { createDasClient } from "./das-client.server";
import { jobOutcome } from "~/lib/admin-job-texts";
import { findLatestJobRuns } from "~/server/jobs/find-latest-job-runs.server";

const NOW = new Date("2030-05-10T08:00:00Z");
const MINUTE = 60_000;

describeEachEngine("checkDomainAvailability", ({ handle }) => {
  let das: Awaited<ReturnType<typeof startFakeDas>> | undefined;
  afterEach(async () => {
    await das?.close();
    das = undefined;
    for (const key of ["DAS_SE_URL", "DAS_NU_URL", "DAS_RATE_PER_SECOND"]) delete process.env[key];
    resetEnvForTests();
  });
  // Generous for a loaded machine; the slow answer below takes far longer.
  const client = (timeoutMs = 1000) => createDasClient({ seUrl: das!.url, nuUrl: das!.url, timeoutMs });
  const row = async (name: string) => {
    const [found] = await handle().query<Record<string, unknown>>(
      "select status, registration_date::text, taken_at, last_checked_at, next_check_at from domains where name = $1",
      [name],
    );
    return found;
  };

  it("turns taken names into registered ones and keeps free ones, counting every failure as an error", async () => {
    das = await startFakeDas({
      "ledig.se": "free",
      "tagen.se": "occupied",
      "tagen.nu": "occupied",
      "ogiltig.se": "not_valid",
      "seg.se": { slowMs: 4000 },
      "trasig.nu": "error-500",
      "free-occupied.se": "garbage",
    });
    await createDomains(
      handle().db,
      ["ledig.se", "tagen.se", "tagen.nu", "ogiltig.se", "seg.se", "trasig.nu", "free-occupied.se"].map((name) => ({
        name,
        status: "available" as const,
        // Released yesterday: an "occupied" answer today means taken (this morning's names: see below).
        releaseDate: name.startsWith("tagen") ? "2030-05-09" : "2030-05-10",
      })),
    );

    const result = await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: client(), ratePerSecond: 100 });
    expect(result).toMatchObject({
      processed: 7,
      se_domains: 5,
      nu_domains: 2,
      updated_to_registered: 2,
      held: 0,
      errors: 4,
      due: 7,
      stopped_early: null,
    });

    expect(await row("tagen.se")).toEqual({
      status: "registered",
      registration_date: "2030-05-10",
      taken_at: NOW,
      last_checked_at: NOW,
      next_check_at: null,
    });
    // Released today: asked again in 30 minutes.
    expect(await row("ledig.se")).toMatchObject({
      status: "available",
      last_checked_at: NOW,
      next_check_at: new Date(NOW.getTime() + 30 * MINUTE),
    });
    for (const name of ["ogiltig.se", "seg.se", "trasig.nu", "free-occupied.se"]) {
      const failed = await row(name);
      expect(failed).toMatchObject({ status: "available", registration_date: null });
      // A failed request is no answer: the name's last check stays what it was.
      expect(failed.last_checked_at).not.toEqual(NOW);
    }
    const events = await handle().query("select domain_name, type, from_status, to_status from domain_events order by domain_name");
    expect(events).toEqual([
      { domain_name: "tagen.nu", type: "taken", from_status: "available", to_status: "registered" },
      { domain_name: "tagen.se", type: "taken", from_status: "available", to_status: "registered" },
    ]);
  });

  // The release-morning rule (docs/product.md): an "occupied" answer on a name's release day means
  // registered only once the name has been seen free since 04:00 UTC, or from 12:00 UTC.
  it.each([
    // release date, last seen free, asked at → what the answer means
    ["2030-05-10", null, "2030-05-10T04:00:05Z", "held"],
    ["2030-05-10", null, "2030-05-10T08:00:00Z", "held"],
    ["2030-05-10", null, "2030-05-10T11:59:59Z", "held"],
    ["2030-05-10", null, "2030-05-10T12:00:00Z", "registered"],
    ["2030-05-10", "2030-05-10T04:20:00Z", "2030-05-10T08:00:00Z", "registered"],
    // Seen free before this release (an earlier life of the name) does not count.
    ["2030-05-10", "2030-05-09T20:00:00Z", "2030-05-10T08:00:00Z", "held"],
    ["2030-05-09", null, "2030-05-10T08:00:00Z", "registered"],
    [null, null, "2030-05-10T08:00:00Z", "registered"],
  ] as const)("an occupied answer for a name released %s, seen free %s, at %s: %s", async (releaseDate, seenFree, at, meaning) => {
    das = await startFakeDas({ "morgon.se": "occupied" });
    const lastSeenFree = seenFree ? new Date(seenFree) : null;
    await createDomains(handle().db, [{ name: "morgon.se", status: "available", releaseDate, lastCheckedAt: lastSeenFree }]);
    const now = new Date(at);

    const result = await checkDomainAvailabilityTunedForTests(handle(), { now, das: client(), ratePerSecond: 100 });

    const events = await handle().query("select type from domain_events");
    if (meaning === "held") {
      expect(result).toMatchObject({ processed: 1, updated_to_registered: 0, held: 1, errors: 0 });
      // Still available and never seen free; asked again at the next run, or when the morning ends.
      const nextCheck = new Date(Math.min(now.getTime() + 15 * MINUTE, Date.parse("2030-05-10T12:00:00Z")));
      expect(await row("morgon.se")).toEqual({
        status: "available",
        registration_date: null,
        taken_at: null,
        last_checked_at: lastSeenFree,
        next_check_at: nextCheck,
      });
      expect(events).toEqual([]);
    } else {
      expect(result).toMatchObject({ processed: 1, updated_to_registered: 1, held: 0, errors: 0 });
      expect(await row("morgon.se")).toMatchObject({ status: "registered", registration_date: "2030-05-10", taken_at: now });
      expect(events).toEqual([{ type: "taken" }]);
    }
  });

  it("asks about a held name again at the next half-hourly run, and a free answer then is its first sighting", async () => {
    das = await startFakeDas({ "morgon.se": "occupied" });
    await createDomains(handle().db, [{ name: "morgon.se", status: "available", releaseDate: "2030-05-10", lastCheckedAt: null }]);
    const first = new Date("2030-05-10T04:00:05Z");
    await checkDomainAvailabilityTunedForTests(handle(), { now: first, das: client(), ratePerSecond: 100 });
    await das.close();

    das = await startFakeDas({ "morgon.se": "free" });
    const next = new Date("2030-05-10T04:30:02Z");
    const result = await checkDomainAvailabilityTunedForTests(handle(), { now: next, das: client(), ratePerSecond: 100 });
    expect(result).toMatchObject({ processed: 1, held: 0 });
    expect(await row("morgon.se")).toMatchObject({ status: "available", last_checked_at: next });
  });

  it("takes a slot of the shared rate for every request (createSharedRateLimiter proves the spacing)", async () => {
    das = await startFakeDas({});
    await createDomains(
      handle().db,
      Array.from({ length: 8 }, (_, index) => ({ name: `takt-${index}.se`, status: "available" as const, releaseDate: "2030-05-10" })),
    );
    const before = Date.now();
    const result = await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: client(), ratePerSecond: 20 });
    expect(result.processed).toBe(8);
    // Eight slots of 50 ms taken from the shared row: the next free one is 400 ms after the first.
    const [{ next_slot_at: nextSlot }] = await handle().query<{ next_slot_at: Date }>("select next_slot_at from das_rate_limit");
    expect(nextSlot.getTime()).toBeGreaterThanOrEqual(before + 400);
    expect(das.calls).toHaveLength(8);
  });

  it("asks about never-checked names first (freshest release first), then due re-checks, at most the batch size", async () => {
    das = await startFakeDas({});
    await createDomains(handle().db, [
      { name: "gammal.se", status: "available", releaseDate: "2030-04-01" },
      { name: "farsk.se", status: "available", releaseDate: "2030-05-10" },
      { name: "forfallen.se", status: "available", releaseDate: "2030-03-01", nextCheckAt: new Date(NOW.getTime() - MINUTE) },
      { name: "inte-an.se", status: "available", releaseDate: "2030-03-01", nextCheckAt: new Date(NOW.getTime() + MINUTE) },
      { name: "snart.se", status: "soonavailable", releaseDate: "2030-06-01" },
      { name: "tagen.se", status: "registered", releaseDate: "2030-03-01" },
    ]);
    await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: client(), ratePerSecond: 100, batchSize: 2 });
    expect(das.calls.map((call) => call.name)).toEqual(["farsk.se", "gammal.se"]);
    await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: client(), ratePerSecond: 100, batchSize: 10 });
    expect(das.calls.map((call) => call.name).slice(2)).toEqual(["forfallen.se"]);
  });

  it("asks less often as a release gets older: daily in the first week, weekly after", async () => {
    das = await startFakeDas({});
    await createDomains(handle().db, [
      { name: "tre-dagar.se", status: "available", releaseDate: "2030-05-07" },
      { name: "tio-dagar.se", status: "available", releaseDate: "2030-04-30" },
    ]);
    await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: client(), ratePerSecond: 100 });
    expect((await row("tre-dagar.se")).next_check_at).toEqual(new Date(NOW.getTime() + 24 * 60 * MINUTE));
    expect((await row("tio-dagar.se")).next_check_at).toEqual(new Date(NOW.getTime() + 7 * 24 * 60 * MINUTE));
  });

  it("retries a failed check later instead of at the head of every run", async () => {
    das = await startFakeDas({ "trasig.se": "error-500" });
    await createDomains(handle().db, [{ name: "trasig.se", status: "available", releaseDate: "2030-05-10" }]);
    await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: client(), ratePerSecond: 100 });
    expect((await row("trasig.se")).next_check_at).toEqual(new Date(NOW.getTime() + 30 * MINUTE));
    const again = await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: client(), ratePerSecond: 100 });
    expect(again.processed).toBe(0);
  });

  it("gives up early when the service does not answer at all", async () => {
    das = await startFakeDas({});
    const url = das.url;
    await das.close();
    das = undefined;
    await createDomains(
      handle().db,
      Array.from({ length: 60 }, (_, index) => ({ name: `nere-${index}.se`, status: "available" as const, releaseDate: "2030-05-10" })),
    );
    const unreachable = createDasClient({ seUrl: url, nuUrl: url, timeoutMs: 1000 });
    const result = await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: unreachable, ratePerSecond: 200 });
    expect(result.errors).toBe(result.processed);
    expect(result.processed).toBeGreaterThanOrEqual(GIVE_UP_AFTER_FAILURES_IN_A_ROW);
    expect(result.processed).toBeLessThan(60);
    // It says that it stopped, after how many failures and why, and how many names it left for the next run.
    expect(result).toMatchObject({ due: 60, stopped_early: "failures", failure_reason: "connection refused" });
    expect(result.failures_in_a_row).toBe(result.processed);
  });

  it("the Maintenance tab and the job's record say what an unreachable registry did to a run: nothing checked, stopped, and why", async () => {
    das = await startFakeDas({});
    const url = das.url;
    await das.close();
    das = undefined;
    Object.assign(process.env, { DAS_SE_URL: url, DAS_NU_URL: url, DAS_RATE_PER_SECOND: "200" });
    resetEnvForTests();
    await createDomains(
      handle().db,
      Array.from({ length: 60 }, (_, index) => ({ name: `nere-${index}.se`, status: "available" as const, releaseDate: "2030-05-09" })),
    );
    const run = await runRecordedJob(availabilityCheckJob, { handle: handle(), now: NOW, trigger: "admin:x" }, {});
    expect(run.outcome).toBe("failed");
    const [latest] = await findLatestJobRuns(handle().db, ["availability-check"]);
    const asked = (latest.latest!.result as { processed: number }).processed;
    expect(jobOutcome("availability-check", latest.latest!)?.description).toBe(
      `Stopped after ${asked} failed requests in a row: connection refused. No domain was checked. ${60 - asked} of 60 due domains were not asked; the next run asks them`,
    );
  });

  it("the job's run is failed when every check failed, partly failed when some did, succeeded with nothing due", async () => {
    das = await startFakeDas({ "ledig.se": "free", "tagen.nu": "occupied" }, "error-500");
    Object.assign(process.env, { DAS_SE_URL: das.url, DAS_NU_URL: das.url, DAS_RATE_PER_SECOND: "100" });
    resetEnvForTests();
    const released = (names: string[]) =>
      createDomains(
        handle().db,
        names.map((name) => ({ name, status: "available" as const, releaseDate: "2030-05-09" })),
      );
    const context = { handle: handle(), now: NOW, trigger: "schedule" };

    await released(["trasig-1.se", "trasig-2.se", "trasig-3.nu"]);
    expect(await runRecordedJob(availabilityCheckJob, context, {})).toMatchObject({
      outcome: "failed",
      tally: { succeeded: 0, failed: 3 },
    });
    // The registry's operators can see who asks and how to reach them.
    expect(das.calls[0].userAgent).toBe("SnartLediga/1 (+http://localhost:3000; kontakt@snartlediga.se)");
    // The failed names are asked about again in 30 minutes, not in the next run.
    await released(["ledig.se", "tagen.nu", "trasig-4.se"]);
    expect(await runRecordedJob(availabilityCheckJob, context, {})).toMatchObject({
      outcome: "partly_failed",
      tally: { succeeded: 2, failed: 1 },
    });
    expect(await runRecordedJob(availabilityCheckJob, context, {})).toMatchObject({
      outcome: "succeeded",
      tally: { succeeded: 0, failed: 0 },
    });

    const runs = await handle().query("select state, succeeded_count, failed_count from job_runs order by id");
    expect(runs).toEqual([
      { state: "failed", succeeded_count: 0, failed_count: 3 },
      { state: "partly_failed", succeeded_count: 2, failed_count: 1 },
      { state: "succeeded", succeeded_count: 0, failed_count: 0 },
    ]);
  });

  it("stops starting requests when its time is up", async () => {
    das = await startFakeDas({});
    await createDomains(
      handle().db,
      Array.from({ length: 20 }, (_, index) => ({ name: `tid-${index}.se`, status: "available" as const, releaseDate: "2030-05-10", lastCheckedAt: null })),
    );
    const result = await checkDomainAvailabilityTunedForTests(handle(), { now: NOW, das: client(), ratePerSecond: 10, timeBudgetMs: 250 });
    expect(result.processed).toBeGreaterThan(0);
    expect(result.processed).toBeLessThan(20);
    const [{ unchecked }] = await handle().query<{ unchecked: number }>(
      "select count(*)::int as unchecked from domains where last_checked_at is null",
    );
    expect(unchecked).toBe(20 - result.processed);
  });
});
