import { z } from "zod";
import { AVAILABILITY_TIME_BUDGET_MS, checkDomainAvailability } from "~/server/availability/check-domain-availability.server";
import { defineJob } from "./job-definition.server";
import { afterDomainChange } from "~/server/cache/domain-cache.server";
import { PARTS_AFTER, refreshStatisticsAfterJob } from "~/server/statistics/refresh-statistics.server";

export const AVAILABILITY_CHECK_JOB = "availability-check";

/**
 * Released names checked against the registry every 30 minutes (docs/product.md, "Jobs and their
 * schedule"); a run stops starting requests after 20.
 */
export const availabilityCheckJob = defineJob({
  name: AVAILABILITY_CHECK_JOB,
  payload: z.object({ trigger: z.string().optional() }),
  cron: "*/30 * * * *",
  policy: "exclusive",
  // The next run is at most 30 minutes away; retrying would only overlap with it.
  retryLimit: 0,
  expireInSeconds: AVAILABILITY_TIME_BUDGET_MS / 1000 + 5 * 60,
  // Statuses change: this process's cached public sections and counts are dropped (others expire within seconds),
  // and the catch chart's figures are computed again.
  handler: async ({ handle, now }) => {
    const result = await afterDomainChange(checkDomainAvailability(handle, { now }));
    if (result.processed > 0) await refreshStatisticsAfterJob(handle, { now, parts: PARTS_AFTER.availabilityCheck });
    return result;
  },
  // Names checked against errors (timeouts, HTTP errors, not_valid); a run with no names due did its work.
  tally: (result) => ({ succeeded: result.processed - result.errors, failed: result.errors }),
});
