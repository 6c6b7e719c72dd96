import type { DatabaseHandle } from "~/server/db/client.server";
import { latestCronRun } from "./cron-runs.server";
import { KEEP_RUNS_MS } from "./record-job-run.server";

/**
 * Whether this pg-boss job may run the occurrence of `cron` that `now`
 * belongs to (its latest scheduled minute): true for the first job to claim
 * it, and again for that job when pg-boss retries it; false for any other
 * job sent for the same occurrence, which another app instance's cron pass
 * can do (decision 0049). One statement decides, so two instances asking at
 * once cannot both win.
 */
export async function claimScheduledRun(
  handle: DatabaseHandle,
  claim: { job: string; cron: string; bossJobId: string; now: Date },
): Promise<boolean> {
  const scheduledFor = latestCronRun(claim.cron, claim.now);
  // An expression the reader cannot follow is pg-boss's alone to judge: its run goes ahead.
  if (!scheduledFor) return true;
  const [row] = await handle.query<{ bossJobId: string }>(
    `with claimed as (
       insert into scheduled_job_claims (job, scheduled_for, boss_job_id, claimed_at) values ($1, $2, $3, $4)
       on conflict (job, scheduled_for) do nothing
       returning boss_job_id
     )
     select boss_job_id as "bossJobId" from claimed
     union all
     select boss_job_id from scheduled_job_claims where job = $1 and scheduled_for = $2 and not exists (select 1 from claimed)`,
    [claim.job, scheduledFor, claim.bossJobId, claim.now],
  );
  // Kept as long as the runs they decided.
  await handle.query("delete from scheduled_job_claims where job = $1 and scheduled_for < $2", [
    claim.job,
    new Date(claim.now.getTime() - KEEP_RUNS_MS),
  ]);
  return row?.bossJobId === claim.bossJobId;
}
