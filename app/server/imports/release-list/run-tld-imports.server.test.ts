import { afterEach, beforeEach, expect, it } from "vitest";
import { jsonList, numberedEntries, serveLists, txtList } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { resetEnvForTests } from "~/server/env.server";
import { runRecordedJob } from "~/server/jobs/record-job-run.server";
import { tldImportsJob } from "~/server/jobs/tld-imports.job.server";
import { useDatabaseForTests } from "~/server/services.server";
import { getImportRun } from "./runs/get-import-run.server";
import { NO_TLD_IMPORTS_MESSAGE, type TldImportsResult } from "./run-tld-imports.server";
import { startConfiguredImport, startImportAsComplete } from "./start-import.server";
import { createDomains } from "~tests/factories/domains";

const NOW = new Date("2030-02-01T02:00:00Z");

describeEachEngine("TLD imports", ({ handle }) => {
  let lists: Awaited<ReturnType<typeof serveLists>>;
  beforeEach(async () => {
    process.env.FETCH_ALLOW_HOSTS = "127.0.0.1";
    resetEnvForTests();
    lists = await serveLists({
      "/bardate_domains.json": jsonList([
        { name: "ett.se", release_at: "2030-03-01" },
        { name: "tva.se", release_at: "2030-03-02" },
      ]),
      "/bardate_domains_nu.txt": txtList([{ name: "tre.nu", release_at: "2030-03-03" }]),
    });
  });
  afterEach(async () => {
    delete process.env.FETCH_ALLOW_HOSTS;
    resetEnvForTests();
    await lists.close();
  });
  const pointConfigsAt = async (sePath: string, nuPath: string) => {
    await handle().query("update tld_imports set url = $1 where tld = '.se'", [lists.url(sePath)]);
    await handle().query("update tld_imports set url = $1 where tld = '.nu'", [lists.url(nuPath)]);
  };

  it("the nightly job imports every configuration on its own: one failing does not stop the other", async () => {
    await pointConfigsAt("/bardate_domains.json", "/missing.json");
    const result = (await tldImportsJob.handler({ handle: handle(), now: NOW, trigger: "schedule" }, {})) as TldImportsResult;
    expect(result.message).toBe("1 imports successful, 1 failed. .nu: Failed to fetch data: HTTP 404 Not Found");
    expect(result.results.map((outcome) => (outcome.ok ? [outcome.tld, outcome.summary.inserted] : [outcome.tld, outcome.error]))).toEqual([
      [".nu", "Failed to fetch data: HTTP 404 Not Found"],
      [".se", 2],
    ]);
    const configs = await handle().query<{ tld: string; last_import: Date | null }>(
      "select tld, last_import from tld_imports order by tld",
    );
    expect(configs).toEqual([
      { tld: ".nu", last_import: null },
      { tld: ".se", last_import: NOW },
    ]);
    const runs = await handle().query("select tld, trigger, state, error_message from import_runs order by tld");
    expect(runs).toEqual([
      { tld: ".nu", trigger: "schedule", state: "failed", error_message: "Failed to fetch data: HTTP 404 Not Found" },
      { tld: ".se", trigger: "schedule", state: "succeeded", error_message: null },
    ]);
  });

  it('records the nightly run as failed when every import failed, partly failed when some did (docs/product.md, "A run\'s outcome")', async () => {
    const context = { handle: handle(), now: NOW, trigger: "schedule" };
    await pointConfigsAt("/missing.json", "/missing.txt");
    expect(await runRecordedJob(tldImportsJob, context, {})).toMatchObject({ outcome: "failed", tally: { succeeded: 0, failed: 2 } });
    await pointConfigsAt("/bardate_domains.json", "/missing.txt");
    expect(await runRecordedJob(tldImportsJob, context, {})).toMatchObject({
      outcome: "partly_failed",
      tally: { succeeded: 1, failed: 1 },
    });
    await pointConfigsAt("/bardate_domains.json", "/bardate_domains_nu.txt");
    expect(await runRecordedJob(tldImportsJob, context, {})).toMatchObject({ outcome: "succeeded", tally: { succeeded: 2, failed: 0 } });

    const runs = await handle().query(
      "select state, succeeded_count, failed_count, result->>'message' as message, error_message from job_runs order by id",
    );
    const notFound = "Failed to fetch data: HTTP 404 Not Found";
    expect(runs).toEqual([
      {
        state: "failed",
        succeeded_count: 0,
        failed_count: 2,
        message: `0 imports successful, 2 failed. .nu: ${notFound}; .se: ${notFound}`,
        error_message: null,
      },
      {
        state: "partly_failed",
        succeeded_count: 1,
        failed_count: 1,
        message: `1 imports successful, 1 failed. .nu: ${notFound}`,
        error_message: null,
      },
      { state: "succeeded", succeeded_count: 2, failed_count: 0, message: "2 imports successful, 0 failed", error_message: null },
    ]);
  });

  it("a list imported with rejected entries partly fails the nightly run, and the registry unreachable fails it with the reason", async () => {
    const context = { handle: handle(), now: NOW, trigger: "schedule" };
    // A .nu list carrying five .se names: they are rejected, its two .nu names imported.
    const mixed = [...numberedEntries(2, { tld: "nu" }), ...numberedEntries(5, { prefix: "fel", tld: "se" })];
    const sample = await serveLists({ "/sample.json": jsonList(mixed) });
    try {
      await handle().query("update tld_imports set url = $1 where tld = '.nu'", [sample.url("/sample.json")]);
      await handle().query("update tld_imports set enabled = false where tld = '.se'");
      const run = await runRecordedJob(tldImportsJob, context, {});
      expect(run).toMatchObject({ outcome: "partly_failed", tally: { succeeded: 0, failed: 0, partlyFailed: 1 } });
      expect((run.result as TldImportsResult).message).toBe(
        "0 imports successful, 1 partly failed, 0 failed; 1 with a warning (renewals not applied). .nu: 5 of 7 entries rejected",
      );
      const [importRun] = await handle().query("select state, processed, failed from import_runs");
      expect(importRun).toEqual({ state: "partly_failed", processed: 2, failed: 5 });
      const [jobRun] = await handle().query("select state, succeeded_count, failed_count, partly_failed_count from job_runs");
      expect(jobRun).toEqual({ state: "partly_failed", succeeded_count: 0, failed_count: 0, partly_failed_count: 1 });
    } finally {
      await sample.close();
    }

    // Nothing listens where the list was: refused, and the run says so.
    const unreachable = await runRecordedJob(tldImportsJob, context, {});
    expect(unreachable.outcome).toBe("failed");
    expect((unreachable.result as TldImportsResult).message).toMatch(
      /^0 imports successful, 1 failed\. \.nu: Failed to fetch data: could not reach 127\.0\.0\.1:\d+: connection refused \(ECONNREFUSED\)$/,
    );
  });

  it("a run with no configuration succeeds with nothing to import, and says so", async () => {
    await handle().query("delete from tld_imports");
    const run = await runRecordedJob(tldImportsJob, { handle: handle(), now: NOW, trigger: "schedule" }, {});
    expect(run).toMatchObject({ outcome: "succeeded", tally: { succeeded: 0, failed: 0 }, result: { message: NO_TLD_IMPORTS_MESSAGE } });
    const [row] = await handle().query("select state from job_runs");
    expect(row).toEqual({ state: "succeeded" });
  });

  it("the nightly job leaves a disabled configuration alone", async () => {
    await pointConfigsAt("/bardate_domains.json", "/bardate_domains_nu.txt");
    await handle().query("update tld_imports set enabled = false where tld = '.nu'");
    const result = (await tldImportsJob.handler({ handle: handle(), now: NOW, trigger: "schedule" }, {})) as TldImportsResult;
    expect(result.results.map((outcome) => outcome.tld)).toEqual([".se"]);
    expect(await handle().query("select tld from import_runs")).toEqual([{ tld: ".se" }]);
  });

  it("reads the registry's .txt variant too", async () => {
    await pointConfigsAt("/bardate_domains.json", "/bardate_domains_nu.txt");
    const result = (await tldImportsJob.handler({ handle: handle(), now: NOW, trigger: "schedule" }, {})) as TldImportsResult;
    expect(result.message).toBe("2 imports successful, 0 failed");
  });

  it("'Run Import' returns a run id at once; the run can be polled to its end, and a second start meanwhile is refused", async () => {
    await pointConfigsAt("/bardate_domains.json", "/bardate_domains_nu.txt");
    useDatabaseForTests(handle());
    const [config] = await handle().query<{ id: number }>("select id from tld_imports where tld = '.se'");

    const started = await startConfiguredImport(handle(), config.id, { trigger: "admin:u1", startedBy: "u1" });
    expect(started).toEqual({ ok: true, runId: expect.any(Number) });
    const again = await startConfiguredImport(handle(), config.id, { trigger: "admin:u1" });
    expect(again).toEqual({ ok: false, reason: "busy", error: "An import of .se is already running" });

    const runId = (started as { runId: number }).runId;
    let run = await getImportRun(handle().db, runId);
    for (let tries = 0; run?.state === "running" && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await getImportRun(handle().db, runId);
    }
    expect(run).toMatchObject({
      state: "succeeded",
      trigger: "admin:u1",
      startedBy: "u1",
      inserted: 2,
      percent: 100,
      tldImportId: config.id,
    });
    // The job's own record closes just after the run's.
    let jobs = await handle().query("select job, trigger, state from job_runs");
    for (let tries = 0; jobs[0]?.state !== "succeeded" && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      jobs = await handle().query("select job, trigger, state from job_runs");
    }
    expect(jobs).toEqual([{ job: "import-run", trigger: "admin:u1", state: "succeeded" }]);
  });

  it("a list that looks partial is imported with a warning; 'Apply as complete' imports it again and applies its renewals", async () => {
    await pointConfigsAt("/bardate_domains.json", "/bardate_domains_nu.txt");
    useDatabaseForTests(handle());
    // Ten .se names a month ahead, none of them on the served list (which has two others).
    await createDomains(handle().db, 10, { status: "soonavailable", releaseDate: "2030-03-10" });

    const result = (await tldImportsJob.handler({ handle: handle(), now: NOW, trigger: "schedule" }, {})) as TldImportsResult;
    expect(result).toMatchObject({ successful: 2, warnings: 1, failed: 0 });
    expect(result.message).toBe("2 imports successful, 0 failed; 1 with a warning (renewals not applied)");
    const se = result.results.find((outcome) => outcome.tld === ".se")!;
    const warned = await getImportRun(handle().db, se.ok ? se.summary.runId : 0);
    expect(warned).toMatchObject({ state: "succeeded", renewed: 0, inserted: 2, applicableAsComplete: true });
    expect(warned!.warning).toMatch(/^Renewals not applied: this list would mark 10 of the 10 soon-available \.se names/);
    const nu = result.results.find((outcome) => outcome.tld === ".nu")!;
    expect(await startImportAsComplete(handle(), nu.ok ? nu.summary.runId : 0, { trigger: "admin:u1" })).toEqual({
      ok: false,
      reason: "refused",
      error: "Only a configured list whose renewals the sanity threshold held back can be applied as complete",
    });

    const started = await startImportAsComplete(handle(), warned!.id, { trigger: "admin:u1", startedBy: "u1" });
    expect(started).toEqual({ ok: true, runId: expect.any(Number) });
    const runId = (started as { runId: number }).runId;
    let run = await getImportRun(handle().db, runId);
    for (let tries = 0; run?.state === "running" && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await getImportRun(handle().db, runId);
    }
    expect(run).toMatchObject({ state: "succeeded", renewed: 10, warning: null, forceComplete: true, applicableAsComplete: false });
    expect(await handle().query("select count(*)::int as n from domains where status = 'renewed'")).toEqual([{ n: 10 }]);
  });

  it("refuses to start an unknown configuration", async () => {
    useDatabaseForTests(handle());
    expect(await startConfiguredImport(handle(), 999, { trigger: "admin:u1" })).toEqual({
      ok: false,
      reason: "not-found",
      error: "No such import configuration",
    });
  });
});
