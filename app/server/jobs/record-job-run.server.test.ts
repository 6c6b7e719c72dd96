import { expect, it, vi } from "vitest";
import { z } from "zod";
import { describeEachEngine } from "~tests/setup/test-db";
import { useDatabaseForTests } from "~/server/services.server";
import { findLatestJobRuns, MAINTENANCE_JOBS } from "./find-latest-job-runs.server";
import { defineJob } from "./job-definition.server";
import { failInterruptedJobRuns, failStaleJobRuns, INTERRUPTED_JOB_MESSAGE, runRecordedJob, STALE_JOB_MESSAGE } from "./record-job-run.server";
import { RELEASE_UPDATE_JOB } from "./release-update.job.server";
import { runJobNow } from "./run-job-now.server";

const NOW = new Date("2030-05-10T06:00:00Z");

describeEachEngine("job runs", ({ handle }) => {
  const failing = defineJob({
    name: "always-fails",
    payload: z.object({}),
    handler: async () => {
      throw new Error("the registry is down");
    },
  });

  it("records a failed run with its reason and passes the error on", async () => {
    await expect(runRecordedJob(failing, { handle: handle(), now: NOW, trigger: "cli" }, {})).rejects.toThrow("the registry is down");
    const [run] = await findLatestJobRuns(handle().db, ["always-fails"]);
    expect(run.latest).toMatchObject({ job: "always-fails", trigger: "cli", state: "failed", errorMessage: "the registry is down" });
    expect(run.latest!.finishedAt).not.toBeNull();
  });

  it("reports the latest run of each maintenance job, or none", async () => {
    await handle().query(
      `insert into job_runs (job, trigger, state, started_at, result) values
         ('release-update', 'schedule', 'succeeded', '2030-05-09T06:00:00Z', '{"updatedCount": 3}'),
         ('release-update', 'admin:u1', 'succeeded', '2030-05-10T06:00:00Z', '{"updatedCount": 1}')`,
    );
    const latest = await findLatestJobRuns(handle().db);
    expect(latest.map((entry) => entry.job)).toEqual([...MAINTENANCE_JOBS]);
    expect(latest[0].latest).toMatchObject({ trigger: "admin:u1", result: { updatedCount: 1 } });
    expect(latest[1].latest).toBeNull();
  });

  it("closes runs left running by a dead process", async () => {
    await handle().query(
      `insert into job_runs (job, trigger, state, started_at) values
         ('tld-imports', 'schedule', 'running', '2030-05-10T02:00:00Z'),
         ('availability-check', 'schedule', 'running', '2030-05-10T05:59:00Z')`,
    );
    expect(await failStaleJobRuns(handle(), { now: NOW })).toBe(1);
    const rows = await handle().query("select job, state, error_message from job_runs order by job");
    expect(rows).toEqual([
      { job: "availability-check", state: "running", error_message: null },
      { job: "tld-imports", state: "failed", error_message: STALE_JOB_MESSAGE },
    ]);
    expect(await failStaleJobRuns(handle(), { now: NOW, allRunning: true })).toBe(1);
  });

  it("at shutdown closes the runs this process still has under way, and only those", async () => {
    await handle().query("insert into job_runs (job, trigger, state, started_at) values ('tld-imports', 'schedule', 'running', $1)", [NOW]);
    let release!: () => void;
    const slow = defineJob({
      name: "slow-job",
      payload: z.object({}),
      handler: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const running = runRecordedJob(slow, { handle: handle(), now: NOW, trigger: "cli" }, {});
    await vi.waitFor(() => expect(release).toBeDefined());

    expect(await failInterruptedJobRuns(handle(), NOW)).toBe(1);
    const rows = await handle().query("select job, state, error_message from job_runs order by job");
    expect(rows).toEqual([
      { job: "slow-job", state: "failed", error_message: INTERRUPTED_JOB_MESSAGE },
      // Another instance's run (PostgreSQL) is not this process's to close.
      { job: "tld-imports", state: "running", error_message: null },
    ]);
    release();
    await running;
    expect(await failInterruptedJobRuns(handle(), NOW)).toBe(0);
  });

  it("runJobNow runs the job in this process when it has no queue, and records it", async () => {
    useDatabaseForTests(handle());
    expect(await runJobNow(RELEASE_UPDATE_JOB, "admin:u9")).toEqual({ status: "started-here" });
    let latest = (await findLatestJobRuns(handle().db, [RELEASE_UPDATE_JOB]))[0].latest;
    for (let tries = 0; latest?.state !== "succeeded" && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = (await findLatestJobRuns(handle().db, [RELEASE_UPDATE_JOB]))[0].latest;
    }
    expect(latest).toMatchObject({ trigger: "admin:u9", state: "succeeded" });
    await expect(runJobNow("no-such-job", "admin:u9")).rejects.toThrow("Unknown job no-such-job");
  });
});
