// A maintenance run's outcome (docs/product.md, "A run's outcome"): written
// once here and used by the run's record (job_runs.state), the backoffice's
// badge and the CLI's exit code.

/** What one run did, counted in its own units: imports, names checked, mails sent. */
export type RunTally = { succeeded: number; failed: number };

export const RUN_OUTCOMES = ["succeeded", "partly_failed", "failed"] as const;

export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/**
 * Nothing failed: succeeded (a run with nothing to do too). Some failed and
 * some succeeded: partly failed. Something failed and nothing succeeded:
 * failed. A run that threw is failed without a tally; a job that does not
 * count its work (null) succeeded by finishing.
 */
export function classifyRun(tally: RunTally | null): RunOutcome {
  if (tally === null || tally.failed <= 0) return "succeeded";
  return tally.succeeded > 0 ? "partly_failed" : "failed";
}

/** "Succeeded", "Partly failed (2 of 18 failed)", "Failed": the badge's and the CLI's words. */
export function runOutcomeLabel(outcome: RunOutcome, tally: RunTally | null): string {
  switch (outcome) {
    case "succeeded":
      return "Succeeded";
    case "partly_failed":
      return tally ? `Partly failed (${tally.failed} of ${tally.succeeded + tally.failed} failed)` : "Partly failed";
    case "failed":
      return "Failed";
  }
}
