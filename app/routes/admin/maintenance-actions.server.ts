// The Maintenance tab's action: a job started by hand. It is only queued here
// and the answer comes at once; the tab follows its run in job_runs.
import { runJobNow } from "~/server/jobs/run-job-now.server";
import { fail, field, ok, type ActionContext, type AdminActions } from "./admin-action.server";
import { MAINTENANCE_CARDS } from "./pipeline-data.server";

/** "Run Manually" / "Check Manually": queues the job. */
async function runMaintenanceJob({ form, admin }: ActionContext) {
  const intent = "run-job";
  const job = MAINTENANCE_CARDS.find((candidate) => candidate.name === field(form, "job"));
  if (!job) return fail(intent, 404, "Error", "Unknown maintenance job");
  const requestedAt = new Date().toISOString();
  const started = await runJobNow(job.name, `admin:${admin.id}`);
  return ok(intent, "Job started", undefined, {
    quiet: true,
    job: { name: job.name, requestedAt, alreadyRunning: started.status === "already-running" },
  });
}

export const MAINTENANCE_ACTIONS: AdminActions = { "run-job": runMaintenanceJob };
