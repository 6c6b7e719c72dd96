import { z } from "zod";
import { checkReleaseLists } from "~/server/imports/release-list/check-release-lists.server";
import { defineJob } from "./job-definition.server";

export const RELEASE_LIST_CHECK_JOB = "release-list-check";

/**
 * Every enabled release list, checked every hour with a conditional request
 * and imported when it changed (the registry does not say when it regenerates
 * them). Not at 02:00 UTC, when the nightly run imports every list anyway.
 */
export const releaseListCheckJob = defineJob({
  name: RELEASE_LIST_CHECK_JOB,
  payload: z.object({ trigger: z.string().optional() }),
  cron: "0 0-1,3-23 * * *",
  policy: "exclusive",
  // The next check is an hour away; a failed list is reported on its configuration.
  retryLimit: 0,
  expireInSeconds: 60 * 60,
  // An import it starts drops this process's cached lists itself; an unchanged list changes nothing.
  handler: ({ handle, now, trigger }) => checkReleaseLists(handle, { trigger, now }),
});
