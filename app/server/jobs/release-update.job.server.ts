import { z } from "zod";
import { updateReleasedDomains } from "../domains/update-released-domains.server";
import { defineJob } from "./job-definition.server";
import { afterDomainChange } from "../cache/domain-cache.server";

export const RELEASE_UPDATE_JOB = "release-update";

/**
 * Soon available → available once the release date's 04:00 UTC has passed;
 * daily at 06:00 UTC (spec §9), and harmless at any other time.
 */
export const releaseUpdateJob = defineJob({
  name: RELEASE_UPDATE_JOB,
  payload: z.object({ trigger: z.string().optional() }),
  cron: "0 6 * * *",
  policy: "exclusive",
  handler: async ({ handle, now }) => {
    const { updatedCount } = await afterDomainChange(updateReleasedDomains(handle, { now }));
    return {
      updatedCount,
      message: `${updatedCount} domains were updated from soon available to available`,
    };
  },
});
