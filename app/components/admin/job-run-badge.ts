import type { BadgeVariant } from "~/components/ui/badge";
import type { ImportRunView } from "~/domain/backoffice-rows";
import { importRunTally, runOutcomeLabel, type RunOutcome, type RunTally } from "~/domain/run-outcome";
import type { JobRunSnapshot } from "~/lib/admin-job-texts";

/** Green succeeded, amber partly failed, red failed (docs/product.md, "A run's outcome"). */
export const OUTCOME_VARIANTS: Record<"running" | RunOutcome, BadgeVariant> = {
  running: "default",
  succeeded: "success",
  partly_failed: "warning",
  failed: "danger",
};

export type RunBadge = { variant: BadgeVariant; label: string };

/**
 * A maintenance job run's badge on its Maintenance card and in its history:
 * green succeeded, amber partly failed with its counts, red failed.
 */
export function jobRunBadge(run: JobRunSnapshot): RunBadge {
  if (run.state === "running") return { variant: OUTCOME_VARIANTS.running, label: "Running" };
  return { variant: OUTCOME_VARIANTS[run.state], label: runOutcomeLabel(run.state, runTally(run)) };
}

function runTally(run: JobRunSnapshot): RunTally | null {
  if (run.succeededCount === null || run.failedCount === null) return null;
  return { succeeded: run.succeededCount, failed: run.failedCount, partlyFailed: run.partlyFailedCount ?? 0 };
}

/**
 * An import run's badge in Recent Imports, by the same rule counted in the
 * list's entries ("Partly failed (61 of 156 failed)"); one that succeeded but
 * held back its renewals says so in amber.
 */
export function importRunBadge(run: Pick<ImportRunView, "state" | "warning" | "processed" | "failed">): RunBadge {
  if (run.state === "running") return { variant: OUTCOME_VARIANTS.running, label: "Running" };
  if (run.state === "succeeded" && run.warning) return { variant: "warning", label: "Succeeded with warning" };
  return { variant: OUTCOME_VARIANTS[run.state], label: runOutcomeLabel(run.state, importRunTally(run)) };
}
