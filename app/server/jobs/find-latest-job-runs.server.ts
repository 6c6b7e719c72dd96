import type { Db } from "~/server/db/client.server";
import type { JobRunRow } from "~/domain/backoffice-rows";
import { jobRuns } from "~/server/db/schema/index.server";
import { count, desc, eq } from "drizzle-orm";
import { AVAILABILITY_CHECK_JOB } from "./availability-check.job.server";
import { RELEASE_UPDATE_JOB } from "./release-update.job.server";
import { TLD_IMPORTS_JOB } from "./tld-imports.job.server";

/** The Maintenance tab's three cards, in its order. */
export const MAINTENANCE_JOBS = [RELEASE_UPDATE_JOB, TLD_IMPORTS_JOB, AVAILABILITY_CHECK_JOB] as const;

export type LatestJobRun = { job: string; latest: JobRunRow | null };

/**
 * The most recent run of each job (running, succeeded with its result, or
 * failed with the reason); one indexed lookup per job.
 */
export async function findLatestJobRuns(db: Db, jobs: readonly string[] = MAINTENANCE_JOBS): Promise<LatestJobRun[]> {
  return Promise.all(
    jobs.map(async (job) => {
      const [latest] = await db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(desc(jobRuns.startedAt)).limit(1);
      return { job, latest: latest ?? null };
    }),
  );
}

/**
 * One job's runs, newest first, a page at a time (`offset` runs skipped, at
 * most 100 a page), with how many there are: the Maintenance tab's history.
 * Runs older than KEEP_RUNS_MS are pruned as new ones finish.
 */
export async function listJobRuns(
  db: Db,
  job: string,
  options: { limit: number; offset: number },
): Promise<{ runs: JobRunRow[]; runCount: number }> {
  const [runs, [counted]] = await Promise.all([
    db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, job))
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(Math.min(Math.max(options.limit, 1), 100))
      .offset(Math.max(options.offset, 0)),
    db.select({ runs: count() }).from(jobRuns).where(eq(jobRuns.job, job)),
  ]);
  return { runs, runCount: counted?.runs ?? 0 };
}
