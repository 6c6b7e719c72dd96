import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { AVAILABILITY_CHECK_JOB } from "./availability-check.job.server";
import { findLatestJobRuns } from "./find-latest-job-runs.server";
import { IMPORT_RUN_JOB } from "./import-run.job.server";
import { startJobRunner } from "./job-runner.server";
import { jobDefinitions } from "./registry.server";
import { RELEASE_UPDATE_JOB } from "./release-update.job.server";
import { RELEASE_LIST_CHECK_JOB } from "./release-list-check.job.server";
import { TLD_IMPORTS_JOB } from "./tld-imports.job.server";
import { ZONE_SYNC_JOB } from "./zone-sync.job.server";

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("waited in vain");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeEachEngine("startJobRunner", ({ handle }) => {
  it("schedules the data jobs in UTC at docs/product.md's times, each queue allowing one run at a time", async () => {
    const runner = await startJobRunner(handle(), jobDefinitions, {});
    try {
      const schedules = Object.fromEntries((await runner.boss.getSchedules()).map((schedule) => [schedule.name, schedule]));
      expect(schedules[TLD_IMPORTS_JOB]).toMatchObject({ cron: "0 2 * * *", timezone: "UTC" });
      // At the release instant, and at 06:00 as the safety net.
      expect(schedules[RELEASE_UPDATE_JOB]).toMatchObject({ cron: "0 4,6 * * *", timezone: "UTC" });
      expect(schedules[AVAILABILITY_CHECK_JOB]).toMatchObject({ cron: "*/30 * * * *", timezone: "UTC" });
      // Every hour but 02:00, when the nightly run imports every list.
      expect(schedules[RELEASE_LIST_CHECK_JOB]).toMatchObject({ cron: "0 0-1,3-23 * * *", timezone: "UTC" });
      // Every 10 minutes it looks whether a TLD's zone is due (ZONE_SYNC_MINUTES, or the backoff).
      expect(schedules[ZONE_SYNC_JOB]).toMatchObject({ cron: "*/10 * * * *", timezone: "UTC" });
      expect(schedules[IMPORT_RUN_JOB]).toBeUndefined();
      for (const name of [TLD_IMPORTS_JOB, RELEASE_UPDATE_JOB, AVAILABILITY_CHECK_JOB, RELEASE_LIST_CHECK_JOB, ZONE_SYNC_JOB]) {
        expect((await runner.boss.getQueue(name))?.policy).toBe("exclusive");
      }
    } finally {
      await runner.stop();
    }
  });

  it("runs a job started by hand once, refuses a second one meanwhile, and records the run", async () => {
    const runner = await startJobRunner(handle(), jobDefinitions, {});
    try {
      const first = await runner.enqueue(RELEASE_UPDATE_JOB, { trigger: "admin:u1" });
      const second = await runner.enqueue(RELEASE_UPDATE_JOB, { trigger: "admin:u2" });
      expect(first).toEqual(expect.any(String));
      expect(second).toBeNull();

      const latest = await waitFor(async () => {
        const [entry] = await findLatestJobRuns(handle().db, [RELEASE_UPDATE_JOB]);
        return entry.latest?.state === "succeeded" ? entry.latest : undefined;
      });
      expect(latest).toMatchObject({
        job: RELEASE_UPDATE_JOB,
        trigger: "admin:u1",
        result: { updatedCount: 0, message: "0 domains were updated from soon available to available" },
      });
    } finally {
      await runner.stop();
    }
  });

  it("runs one job per scheduled occurrence: a second job sent for it does nothing, a run by hand still runs", async () => {
    const runner = await startJobRunner(handle(), jobDefinitions, {});
    const scheduledRuns = () =>
      handle().query<{ trigger: string }>("select trigger from job_runs where job = $1 order by id", [RELEASE_UPDATE_JOB]);
    const finished = (id: string) =>
      waitFor(async () => {
        const job = await runner.boss.getJobById(RELEASE_UPDATE_JOB, id);
        return job?.state === "completed" || job?.state === "failed" ? job.state : undefined;
      });
    try {
      // Sent as pg-boss sends a schedule's occurrence (no trigger): twice, one after the other.
      for (const _ of [1, 2]) expect(await finished((await runner.enqueue(RELEASE_UPDATE_JOB, {}))!)).toBe("completed");
      expect(await scheduledRuns()).toEqual([{ trigger: "schedule" }]);

      expect(await finished((await runner.enqueue(RELEASE_UPDATE_JOB, { trigger: "admin:u1" }))!)).toBe("completed");
      expect(await scheduledRuns()).toEqual([{ trigger: "schedule" }, { trigger: "admin:u1" }]);
    } finally {
      await runner.stop();
    }
  });
});
