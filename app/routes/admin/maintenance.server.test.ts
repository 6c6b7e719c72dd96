import { expect, it, vi } from "vitest";
import { expectAdminsOnly, loadAs, postAs, setUpBackoffice } from "~tests/support/backoffice-routes";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./maintenance";

type MaintenancePage = Awaited<ReturnType<typeof loader>>;

describeEachEngine("/admin/maintenance", ({ handle }) => {
  it("is for admins only: visitors and users are sent home, and their posts change nothing", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    const forms: Record<string, string>[] = [{ intent: "run-job", job: "release-update" }];
    await expectAdminsOnly(handle(), { loader, action, path: "/admin/maintenance" }, { userCookie: user.cookie, adminCookie: admin.cookie }, forms);
  });

  it("shows the three jobs, each with its schedule and no run yet", async () => {
    const { admin } = await setUpBackoffice(handle());
    const jobs = (await loadAs(loader, "/admin/maintenance", admin.cookie)).body as MaintenancePage;
    expect(jobs.map((job) => [job.job, job.latest])).toEqual([
      ["release-update", null],
      ["tld-imports", null],
      ["availability-check", null],
    ]);
    expect(jobs.every((job) => job.cron !== null && job.nextRunAt instanceof Date)).toBe(true);
  });

  it("starts a job, whose run is recorded with its result; an unknown job is refused", async () => {
    const { admin } = await setUpBackoffice(handle());
    const post = (form: Record<string, string>) => postAs(action, "/admin/maintenance", admin.cookie, form);
    expect(await post({ intent: "run-job", job: "drop-tables" })).toMatchObject({ status: 404, description: "Unknown maintenance job" });
    expect(await post({ intent: "run-job", job: "release-update" })).toMatchObject({ ok: true, quiet: true, job: { name: "release-update" } });
    const run = await vi.waitFor(
      async () => {
        const [row] = await handle().query<{ state: string; result: unknown }>("select state, result from job_runs where job = 'release-update'");
        if (!row || row.state === "running") throw new Error("the job has not finished yet");
        return row;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(run).toMatchObject({ state: "succeeded", result: { updatedCount: 0 } });
    const [card] = (await loadAs(loader, "/admin/maintenance", admin.cookie)).body as MaintenancePage;
    expect(card.latest).toMatchObject({ state: "succeeded" });
  });
});
