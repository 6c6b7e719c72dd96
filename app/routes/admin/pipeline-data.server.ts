import { pageCount } from "~/lib/pagination";
import { nextCronRun } from "~/server/jobs/cron-runs.server";
import type { Db } from "~/server/db/client.server";
import { countImportRuns, listImportRuns } from "~/server/imports/release-list/runs/list-import-runs.server";
import { listTldImports } from "~/server/imports/release-list/configs/list-tld-imports.server";
import { listTldImportChanges } from "~/server/imports/release-list/configs/tld-import-configs.server";
import { availabilityCheckJob } from "~/server/jobs/availability-check.job.server";
import { findLatestJobRuns, listJobRuns } from "~/server/jobs/find-latest-job-runs.server";
import { releaseUpdateJob } from "~/server/jobs/release-update.job.server";
import { tldImportsJob } from "~/server/jobs/tld-imports.job.server";

/** How many import runs a page of the TLD Imports tab's history lists. */
export const IMPORT_RUNS_PER_PAGE = 10;

/** How many recent configuration changes the TLD Imports tab lists. */
export const RECENT_CONFIG_CHANGES = 10;

/**
 * The TLD Imports tab: the configurations, one page of the import history
 * (`page` from 1; one past the end reads the last), the run under way for
 * the progress panel, and who changed the configurations.
 */
export async function loadImportsTab(db: Db, options: { page?: number } = {}) {
  const [configs, runCount, [running], changes] = await Promise.all([
    listTldImports(db),
    countImportRuns(db),
    listImportRuns(db, { running: true, limit: 1 }),
    listTldImportChanges(db, RECENT_CONFIG_CHANGES),
  ]);
  const totalPages = Math.max(1, pageCount(runCount, IMPORT_RUNS_PER_PAGE));
  const page = Math.min(Math.max(options.page ?? 1, 1), totalPages);
  const runs = await listImportRuns(db, { limit: IMPORT_RUNS_PER_PAGE, offset: (page - 1) * IMPORT_RUNS_PER_PAGE });
  return { configs, runs, running: running ?? null, history: { page, totalPages, runCount }, changes };
}

/** The Maintenance tab's three jobs, in order (docs/product.md, "Jobs and their schedule"). */
export const MAINTENANCE_CARDS = [releaseUpdateJob, tldImportsJob, availabilityCheckJob];

/** How many runs a page of a job's history lists. */
export const JOB_RUNS_PER_PAGE = 20;

/**
 * Each maintenance job's latest run and when its schedule fires next, and one
 * page of one job's runs (`history.job`, the first job's by default; `page`
 * from 1, one past the end reads the last).
 */
export async function loadMaintenanceTab(db: Db, options: { now?: Date; historyJob?: string | null; page?: number } = {}) {
  const now = options.now ?? new Date();
  const historyJob = MAINTENANCE_CARDS.find((job) => job.name === options.historyJob)?.name ?? MAINTENANCE_CARDS[0].name;
  const latest = await findLatestJobRuns(
    db,
    MAINTENANCE_CARDS.map((job) => job.name),
  );
  const jobs = MAINTENANCE_CARDS.map((job, index) => ({
    job: job.name,
    cron: job.cron ?? null,
    nextRunAt: job.cron ? nextCronRun(job.cron, now) : null,
    latest: latest[index]?.latest ?? null,
  }));
  const wanted = Math.max(options.page ?? 1, 1);
  let read = await listJobRuns(db, historyJob, { limit: JOB_RUNS_PER_PAGE, offset: (wanted - 1) * JOB_RUNS_PER_PAGE });
  const totalPages = Math.max(1, pageCount(read.runCount, JOB_RUNS_PER_PAGE));
  const page = Math.min(wanted, totalPages);
  if (page !== wanted) read = await listJobRuns(db, historyJob, { limit: JOB_RUNS_PER_PAGE, offset: (page - 1) * JOB_RUNS_PER_PAGE });
  return { jobs, history: { job: historyJob, runs: read.runs, page, totalPages, runCount: read.runCount } };
}
