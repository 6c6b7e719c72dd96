import { nextCronRun } from "~/server/jobs/cron-runs.server";
import type { Db } from "~/server/db/client.server";
import { listImportRuns } from "~/server/imports/release-list/runs/list-import-runs.server";
import { listTldImports } from "~/server/imports/release-list/configs/list-tld-imports.server";
import { listTldImportChanges } from "~/server/imports/release-list/configs/tld-import-configs.server";
import { availabilityCheckJob } from "~/server/jobs/availability-check.job.server";
import { findLatestJobRuns } from "~/server/jobs/find-latest-job-runs.server";
import { releaseUpdateJob } from "~/server/jobs/release-update.job.server";
import { tldImportsJob } from "~/server/jobs/tld-imports.job.server";

/** How many recent import runs the TLD Imports tab lists. */
export const RECENT_IMPORT_RUNS = 10;

/** How many recent configuration changes the TLD Imports tab lists. */
export const RECENT_CONFIG_CHANGES = 10;

/**
 * The TLD Imports tab: the configurations, the latest runs (a running one
 * first in line for the progress panel) and who changed the configurations.
 */
export async function loadImportsTab(db: Db) {
  const [configs, runs, changes] = await Promise.all([
    listTldImports(db),
    listImportRuns(db, { limit: RECENT_IMPORT_RUNS }),
    listTldImportChanges(db, RECENT_CONFIG_CHANGES),
  ]);
  return { configs, runs, changes };
}

/** The Maintenance tab's three jobs, in order (docs/product.md, "Jobs and their schedule"). */
export const MAINTENANCE_CARDS = [releaseUpdateJob, tldImportsJob, availabilityCheckJob];

/** Each maintenance job's latest run and when its schedule fires next. */
export async function loadMaintenanceTab(db: Db, now = new Date()) {
  const latest = await findLatestJobRuns(
    db,
    MAINTENANCE_CARDS.map((job) => job.name),
  );
  return MAINTENANCE_CARDS.map((job, index) => ({
    job: job.name,
    cron: job.cron ?? null,
    nextRunAt: job.cron ? nextCronRun(job.cron, now) : null,
    latest: latest[index]?.latest ?? null,
  }));
}
