import { z } from "zod";
import { runTldImports } from "~/server/imports/release-list/run-tld-imports.server";
import { defineJob } from "./job-definition.server";
import { afterDomainChange } from "~/server/cache/domain-cache.server";

export const TLD_IMPORTS_JOB = "tld-imports";

/**
 * Every enabled release list, daily at 02:00 UTC, after the
 * registry's nightly update: imported whether or not it changed, so a server
 * whose validators mislead the hourly check (release-list-check) leaves the
 * site at most a day behind.
 */
export const tldImportsJob = defineJob({
  name: TLD_IMPORTS_JOB,
  payload: z.object({ trigger: z.string().optional() }),
  cron: "0 2 * * *",
  policy: "exclusive",
  // A failed list is reported in the result; tomorrow's run (or a manual one) is the retry.
  retryLimit: 0,
  expireInSeconds: 60 * 60,
  handler: ({ handle, now, trigger }) => afterDomainChange(runTldImports(handle, { trigger, now })),
  // Lists: a list imported with rejected entries partly failed, and so does the run it is part of.
  tally: (result) => ({ succeeded: result.successful, failed: result.failed, partlyFailed: result.partlyFailed }),
});
