import { z } from "zod";
import { markReleasedNamesAvailable } from "~/server/domains/mark-released.server";
import { defineJob } from "./job-definition.server";
import { afterDomainChange } from "~/server/cache/domain-cache.server";
import { PARTS_AFTER, refreshStatisticsAfterJob } from "~/server/statistics/refresh-statistics.server";

export const RELEASE_UPDATE_JOB = "release-update";

/**
 * Soon available → available once the release date's 04:00 UTC has passed:
 * at 04:00 UTC, the release instant, and again at 06:00 UTC as the safety net
 * (a run a moment early, a database away at 04:00). Harmless at any other
 * time. Each app process also runs the step itself before it serves the
 * first request after 04:00 (mark-released.server.ts).
 */
export const releaseUpdateJob = defineJob({
  name: RELEASE_UPDATE_JOB,
  payload: z.object({ trigger: z.string().optional() }),
  cron: "0 4,6 * * *",
  policy: "exclusive",
  handler: async ({ handle, now }) => {
    const { updatedCount } = await afterDomainChange(markReleasedNamesAvailable(handle, { now }));
    // Even when a request's own mark-released step got there first: the day's figures move at 04:00 either way.
    await refreshStatisticsAfterJob(handle, { now, parts: PARTS_AFTER.release });
    return {
      updatedCount,
      message: `${updatedCount} domains were updated from soon available to available`,
    };
  },
});
