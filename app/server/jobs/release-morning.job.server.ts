import { z } from "zod";
import { MORNING_RUN_BUDGET_MS, runReleaseMorning } from "~/server/availability/release-morning-rounds.server";
import { afterDomainChange, invalidateDomainCaches } from "~/server/cache/domain-cache.server";
import { PARTS_AFTER, refreshStatisticsAfterJob } from "~/server/statistics/refresh-statistics.server";
import { defineJob } from "./job-definition.server";

export const RELEASE_MORNING_JOB = "release-morning";

/**
 * The release morning's rounds (runReleaseMorning): every minute from 04:00 to 11:59 UTC, a run
 * of at most ten minutes that carries on from the last. Exclusive, so one run at a time across
 * every instance; one that finds the morning over returns at once.
 */
export const releaseMorningJob = defineJob({
  name: RELEASE_MORNING_JOB,
  payload: z.object({ trigger: z.string().optional() }),
  cron: "* 4-11 * * *",
  policy: "exclusive",
  retryLimit: 0,
  expireInSeconds: MORNING_RUN_BUDGET_MS / 1000 + 5 * 60,
  handler: async ({ handle, now }) => {
    const result = await afterDomainChange(runReleaseMorning(handle, { now, afterRound: invalidateDomainCaches }));
    if (result.asked > 0) await refreshStatisticsAfterJob(handle, { now, parts: PARTS_AFTER.availabilityCheck });
    return result;
  },
  tally: (result) => ({ succeeded: result.asked - result.errors, failed: result.errors }),
});
