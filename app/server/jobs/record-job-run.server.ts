import { classifyRun, type RunOutcome, type RunTally } from "~/domain/run-outcome";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { JobRunRow } from "~/domain/backoffice-rows";
import { logger } from "~/server/logger.server";
import type { JobContext, JobDefinition } from "./job-definition.server";

/** Runs older than this are pruned as new ones finish, so a job that runs every minute does not grow the table for ever. */
export const KEEP_RUNS_MS = 30 * 24 * 60 * 60 * 1000;

export const STALE_JOB_MESSAGE = "The job stopped without finishing (the server was stopped or crashed).";

export const INTERRUPTED_JOB_MESSAGE = "The job was interrupted: the server shut down before it finished. Run it again.";

/** Runs this process has started and not yet recorded as finished, per database. */
const inFlight = new WeakMap<DatabaseHandle, Set<number>>();

/** A finished run: its outcome, the counts it came from, and the handler's result. */
export type RecordedJobRun = { outcome: RunOutcome; tally: RunTally | null; result: unknown };

/**
 * Runs a job's handler and records the run in job_runs (running, then its
 * outcome with the result and counts, or failed with the reason), so the
 * backoffice can say when each job last ran and how it went. The scheduler
 * and the CLI both run jobs through here; tests call handlers directly.
 */
export async function runRecordedJob(definition: JobDefinition, context: JobContext, payload: unknown): Promise<RecordedJobRun> {
  const { handle, now, trigger } = context;
  const [run] = await handle.query<{ id: number }>(
    "insert into job_runs (job, trigger, state, started_at) values ($1, $2, 'running', $3) returning id",
    [definition.name, trigger, now],
  );
  const started = Date.now();
  const running = inFlight.get(handle) ?? new Set<number>();
  inFlight.set(handle, running);
  running.add(run.id);
  try {
    const result = await definition.handler(context, definition.payload.parse(payload ?? {}));
    const tally = definition.tally?.(result) ?? null;
    const outcome = classifyRun(tally);
    await finish(handle, run.id, { state: outcome, result: result ?? null, tally });
    const finished = { job: definition.name, trigger, outcome, ...tally, ms: Date.now() - started };
    if (outcome === "succeeded") logger.info(finished, "job finished");
    else logger.warn(finished, "job finished with failures");
    return { outcome, tally, result };
  } catch (error) {
    await finish(handle, run.id, {
      state: "failed",
      errorMessage: (error as Error).message ?? String(error),
    }).catch((recordError) => logger.error({ err: recordError, job: definition.name }, "could not record the failed job"));
    throw error;
  } finally {
    running.delete(run.id);
    await handle
      .query("delete from job_runs where job = $1 and started_at < $2", [definition.name, new Date(now.getTime() - KEEP_RUNS_MS)])
      .catch((error) => logger.warn({ err: error, job: definition.name }, "pruning job_runs failed"));
  }
}

async function finish(
  handle: DatabaseHandle,
  id: number,
  outcome: {
    // Both: the schema's states (JOB_RUN_STATES) must hold every outcome.
    state: RunOutcome & JobRunRow["state"];
    result?: unknown;
    tally?: RunTally | null;
    errorMessage?: string;
  },
) {
  await handle.query(
    `update job_runs set state = $2, result = $3::jsonb, succeeded_count = $4, failed_count = $5, error_message = $6, finished_at = $7,
            partly_failed_count = $8
      where id = $1`,
    [
      id,
      outcome.state,
      outcome.result === undefined ? null : JSON.stringify(outcome.result),
      outcome.tally?.succeeded ?? null,
      outcome.tally?.failed ?? null,
      outcome.errorMessage ?? null,
      new Date(),
      outcome.tally ? (outcome.tally.partlyFailed ?? 0) : null,
    ],
  );
}

/**
 * Closes job_runs left 'running' by a process that died: all of them at the
 * start of the only process that can use the embedded database, otherwise
 * those older than `olderThanMs`.
 */
export async function failStaleJobRuns(handle: DatabaseHandle, options: { now: Date; allRunning?: boolean; olderThanMs?: number }) {
  const startedBefore = options.allRunning ? options.now : new Date(options.now.getTime() - (options.olderThanMs ?? 2 * 60 * 60 * 1000));
  const rows = await handle.query<{ id: number }>(
    `update job_runs set state = 'failed', error_message = $2, finished_at = $3
      where state = 'running' and started_at <= $1 returning id`,
    [startedBefore, STALE_JOB_MESSAGE, options.now],
  );
  return rows.length;
}

/**
 * At shutdown, after the job runner's grace period: the runs this process
 * still has under way are closed as failed (they die with it), so the
 * backoffice does not show them running until the next start cleans up.
 */
export async function failInterruptedJobRuns(handle: DatabaseHandle, now: Date): Promise<number> {
  const ids = [...(inFlight.get(handle) ?? [])];
  if (ids.length === 0) return 0;
  const rows = await handle.query<{ id: number }>(
    `update job_runs set state = 'failed', error_message = $2, finished_at = $3
      where id = any($1::int[]) and state = 'running' returning id`,
    [ids, INTERRUPTED_JOB_MESSAGE, now],
  );
  return rows.length;
}
