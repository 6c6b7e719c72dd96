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
    const { jobs, history } = (await loadAs(loader, "/admin/maintenance", admin.cookie)).body as MaintenancePage;
    expect(jobs.map((job) => [job.job, job.latest])).toEqual([
      ["release-update", null],
      ["tld-imports", null],
      ["availability-check", null],
    ]);
    expect(jobs.every((job) => job.cron !== null && job.nextRunAt instanceof Date)).toBe(true);
    expect(history).toEqual({ job: "release-update", runs: [], page: 1, totalPages: 1, runCount: 0 });
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
    const {
      jobs: [card],
    } = (await loadAs(loader, "/admin/maintenance", admin.cookie)).body as MaintenancePage;
    expect(card.latest).toMatchObject({ state: "succeeded" });
  });

  it("keeps a paged history of each job's runs, not only the last one", async () => {
    const { admin } = await setUpBackoffice(handle());
    const start = Date.UTC(2030, 0, 1);
    for (let index = 0; index < 45; index++) {
      const startedAt = new Date(start + index * 30 * 60_000);
      // Every third run found the registry down.
      const failed = index % 3 === 0;
      await handle().query(
        `insert into job_runs (job, trigger, state, result, succeeded_count, failed_count, started_at, finished_at)
         values ('availability-check', 'schedule', $1, $2::jsonb, $3, $4, $5, $5)`,
        [
          failed ? "failed" : "succeeded",
          JSON.stringify({ processed: failed ? 25 : 0, errors: failed ? 25 : 0, due: failed ? 25 : 0, failure_reason: failed ? "connection refused" : null }),
          0,
          failed ? 25 : 0,
          startedAt,
        ],
      );
    }
    await handle().query(
      "insert into job_runs (job, trigger, state, started_at, finished_at) values ('release-update', 'schedule', 'succeeded', $1, $1)",
      [new Date(start)],
    );
    type History = MaintenancePage["history"];
    const historyOf = async (query: string) => ((await loadAs(loader, `/admin/maintenance${query}`, admin.cookie)).body as MaintenancePage).history;
    const first: History = await historyOf("?history=availability-check");
    expect(first).toMatchObject({ job: "availability-check", page: 1, totalPages: 3, runCount: 45 });
    expect(first.runs).toHaveLength(20);
    expect(first.runs[0].startedAt).toEqual(new Date(start + 44 * 30 * 60_000));
    const last: History = await historyOf("?history=availability-check&page=3");
    expect(last.runs.map((run) => run.state)).toEqual(["succeeded", "failed", "succeeded", "succeeded", "failed"]);
    expect(last.runs.at(-1)!.startedAt).toEqual(new Date(start));
    // Another job's history is its own; an unknown job or page reads the first job's, or the last page.
    expect(await historyOf("?history=release-update")).toMatchObject({ job: "release-update", runCount: 1 });
    expect(await historyOf("?history=drop-tables")).toMatchObject({ job: "release-update" });
    expect(await historyOf("?history=availability-check&page=99")).toMatchObject({ page: 3 });
  });
});
