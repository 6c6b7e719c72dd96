import { z } from "zod";
import { afterDomainChange } from "~/server/cache/domain-cache.server";
import { getEnv } from "~/server/env.server";
import { PARTS_AFTER, refreshStatisticsAfterJob } from "~/server/statistics/refresh-statistics.server";
import { syncZones } from "~/server/zone/sync/zone-sync.server";
import { defineJob } from "./job-definition.server";

export const ZONE_SYNC_JOB = "zone-sync";

/**
 * The registry's zone of each TLD in ZONE_TLDS (none while the demo data is
 * on), read from ZONE_SERVER every ZONE_SYNC_MINUTES with jitter, and after a
 * failure again after a backoff of 15 minutes doubling up to 6 hours. The
 * cron only looks every 10 minutes whether a TLD is due; a scheduled run with
 * nothing due does nothing. A manual run ("Run now", the CLI) syncs every
 * configured TLD at once.
 */
export const zoneSyncJob = defineJob({
  name: ZONE_SYNC_JOB,
  payload: z.object({ trigger: z.string().optional() }),
  cron: "*/10 * * * *",
  // One sync at a time; the backoff, not pg-boss, decides when to try again.
  policy: "exclusive",
  retryLimit: 0,
  // A whole .se zone read and applied; the transfer alone may take up to 2 hours (DEFAULT_ZONE_SYNC_TIMEOUTS).
  expireInSeconds: 3 * 60 * 60,
  handler: async ({ handle, now, trigger }) => {
    const env = getEnv();
    // A snapshot can mark listed names renewed or registered again (zone-list-effects), so the
    // cached pages and counts go with it, as after every job that changes names.
    const run = await afterDomainChange(
      syncZones(handle, {
        server: env.ZONE_SERVER,
        tlds: env.ZONE_TLDS,
        intervalMinutes: env.ZONE_SYNC_MINUTES,
        trigger,
        now,
        onlyDue: trigger === "schedule",
      }),
    );
    // Released names back in the zone: /statistik's catches and "Vem tar de släppta namnen?".
    if (run.results.some((result) => result.state === "succeeded")) await refreshStatisticsAfterJob(handle, { now, parts: PARTS_AFTER.zoneSync });
    return run;
  },
  // A TLD whose server or read failed counts as failed; unchanged, applied and held ones did their work.
  tally: (run) => ({
    succeeded: run.results.filter((result) => result.state !== "failed").length,
    failed: run.results.filter((result) => result.state === "failed").length,
  }),
});
