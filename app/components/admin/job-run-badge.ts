import type { BadgeVariant } from "~/components/ui/badge";
import { runOutcomeLabel, type RunTally } from "~/domain/run-outcome";
import type { JobRunSnapshot } from "~/lib/admin-job-texts";

const BADGE_VARIANTS: Record<JobRunSnapshot["state"], BadgeVariant> = {
  running: "default",
  succeeded: "success",
  partly_failed: "warning",
  failed: "danger",
};

/**
 * A maintenance job run's badge on its Maintenance card: green succeeded,
 * amber partly failed with its counts, red failed. (An import run's badge is
 * importRunBadge, import-history.tsx: its states are not a job's outcomes.)
 */
export function jobRunBadge(run: JobRunSnapshot): { variant: BadgeVariant; label: string } {
  if (run.state === "running") return { variant: BADGE_VARIANTS.running, label: "Running" };
  return { variant: BADGE_VARIANTS[run.state], label: runOutcomeLabel(run.state, runTally(run)) };
}

function runTally(run: JobRunSnapshot): RunTally | null {
  return run.succeededCount === null || run.failedCount === null ? null : { succeeded: run.succeededCount, failed: run.failedCount };
}
