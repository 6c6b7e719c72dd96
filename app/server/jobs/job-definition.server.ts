import type { z } from "zod";
import type { RunTally } from "~/domain/run-outcome";
import type { DatabaseHandle } from "~/server/db/client.server";

export type JobContext = {
  handle: DatabaseHandle;
  /** When the job was started; handlers take "now" from here so tests can move the clock. */
  now: Date;
  /** Who or what started it: "schedule", "cli", "admin:<user id>". */
  trigger: string;
};

/**
 * One background job: its queue name, payload shape, optional UTC cron and
 * handler. Handlers are safe to run twice and callable directly from tests.
 */
export type JobDefinition<Payload extends z.ZodType = z.ZodType, Result = unknown> = {
  name: string;
  payload: Payload;
  /** A UTC cron expression; pg-boss fires it once across all app instances. */
  cron?: string;
  /** Retries for a failed handler (pg-boss retries with backoff). */
  retryLimit?: number;
  /**
   * pg-boss queue policy. "exclusive": at most one job queued or running, so a
   * manual run and the schedule never overlap (a second request is refused).
   * Default "standard".
   */
  policy?: "standard" | "singleton" | "exclusive";
  /** How long one run may take before pg-boss gives up on it (default 15 minutes). */
  expireInSeconds?: number;
  handler(context: JobContext, payload: z.infer<Payload>): Promise<Result>;
  /**
   * How much of a finished run's work succeeded and how much failed, read from
   * its result; the run's outcome follows (classifyRun). A job without it has
   * one piece of work: it succeeded if the handler returned.
   */
  tally?(result: Result): RunTally;
};

export function defineJob<Payload extends z.ZodType, Result>(definition: JobDefinition<Payload, Result>) {
  return definition;
}
