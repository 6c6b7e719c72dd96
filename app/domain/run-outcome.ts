// A run's outcome (docs/product.md, "A run's outcome"): written once here and
// used by the run's record (job_runs.state, import_runs.state), the
// backoffice's badges, panel and toasts, and the CLI's exit code.

/**
 * What one run did, counted in its own units: imports, names checked, mails
 * sent, entries of a list. `partlyFailed`: pieces of work that themselves
 * partly failed (a list imported with some entries rejected), counted apart
 * from both.
 */
export type RunTally = { succeeded: number; failed: number; partlyFailed?: number };

export const RUN_OUTCOMES = ["succeeded", "partly_failed", "failed"] as const;

export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/**
 * Nothing failed: succeeded (a run with nothing to do too). Some failed and
 * some succeeded, or some partly failed: partly failed. Something failed and
 * nothing succeeded: failed. A run that threw is failed without a tally; a
 * job that does not count its work (null) succeeded by finishing.
 */
export function classifyRun(tally: RunTally | null): RunOutcome {
  const partly = tally?.partlyFailed ?? 0;
  if (tally === null || (tally.failed <= 0 && partly <= 0)) return "succeeded";
  return tally.succeeded > 0 || partly > 0 ? "partly_failed" : "failed";
}

/**
 * "Succeeded", "Partly failed (2 of 18 failed)", "Partly failed (1 of 2
 * partly failed)", "Failed": the badges' and the CLI's words.
 */
export function runOutcomeLabel(outcome: RunOutcome, tally: RunTally | null): string {
  switch (outcome) {
    case "succeeded":
      return "Succeeded";
    case "partly_failed":
      return tally ? `Partly failed (${partlyFailedCounts(tally)})` : "Partly failed";
    case "failed":
      return "Failed";
  }
}

function partlyFailedCounts({ succeeded, failed, partlyFailed = 0 }: RunTally): string {
  const of = succeeded + failed + partlyFailed;
  const parts = [
    ...(failed > 0 || partlyFailed === 0 ? [`${failed} of ${of} failed`] : []),
    ...(partlyFailed > 0 ? [`${partlyFailed} ${failed > 0 ? "" : `of ${of} `}partly failed`] : []),
  ];
  return parts.join(", ");
}

/** An import run's tally: the list's entries written against those rejected. */
export function importRunTally(run: { processed: number; failed: number }): RunTally {
  return { succeeded: run.processed, failed: run.failed };
}
