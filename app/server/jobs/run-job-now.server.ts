import { getServices } from "~/server/services.server";
import { logger } from "~/server/logger.server";
import { runRecordedJob } from "./record-job-run.server";
import { jobDefinitions } from "./registry.server";

export type RunJobNowResult =
  /** Queued on pg-boss; a worker of any app instance runs it (job_runs shows how it went). */
  | { status: "queued"; jobId: string }
  /** The same job is already queued or running; it was not started twice. */
  | { status: "already-running" }
  /** This process runs no job queue (JOBS_ENABLED=false, tests): the job runs here in the background. */
  | { status: "started-here" };

/**
 * Starts a job by hand: the backoffice's "Run Manually" (trigger
 * "admin:<user id>"). Returns at once; read the outcome with findLatestJobRuns.
 */
export async function runJobNow(name: string, trigger: string, payload: Record<string, unknown> = {}): Promise<RunJobNowResult> {
  const definition = jobDefinitions.find((candidate) => candidate.name === name);
  if (!definition) throw new Error(`Unknown job ${name}`);
  const services = await getServices();
  if (services.jobs) {
    const jobId = await services.jobs.enqueue(name, { ...payload, trigger });
    return jobId ? { status: "queued", jobId } : { status: "already-running" };
  }
  // No queue, so no queue policy either: the job's own guards (locks, conditional updates) keep a second run harmless.
  void runRecordedJob(definition, { handle: services.handle, now: new Date(), trigger }, payload).catch((error) =>
    logger.error({ err: error, job: name, trigger }, "manual job failed"),
  );
  return { status: "started-here" };
}
