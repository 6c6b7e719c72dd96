// An import run's words in the backoffice and the CLI (docs/product.md, "The
// texts that matter" and "A run's outcome"): its title under each outcome,
// its counts, and where its rejected entries are downloaded.
import type { ImportRunView } from "~/domain/backoffice-rows";
import type { RunOutcome } from "~/domain/run-outcome";

const TITLES: Record<RunOutcome, string> = {
  succeeded: "Import Complete",
  partly_failed: "Import Partly Failed",
  failed: "Import Failed",
};

/**
 * "Import Complete", "Manual Import Partly Failed", "Import Complete with a Warning" (renewals held back),
 * "Import Held" (a past-dated list, written only by "Apply anyway").
 */
export function importRunTitle(outcome: RunOutcome, options: { manual?: boolean; warning?: string | null; held?: boolean } = {}): string {
  if (options.held && outcome !== "failed") return `${options.manual ? "Manual " : ""}Import Held`;
  const title = `${options.manual ? "Manual " : ""}${TITLES[outcome]}`;
  return outcome === "succeeded" && options.warning ? `${title} with a Warning` : title;
}

/** "Processed {n} domains ({x} new, {y} updated)". */
export function processedText(run: Pick<ImportRunView, "processed" | "inserted" | "updated">): string {
  return `Processed ${run.processed} domains (${run.inserted} new, ${run.updated} updated)`;
}

/** "61 of 156 entries rejected": how much of the list was not imported. */
export function rejectedText(run: Pick<ImportRunView, "failed" | "total">): string {
  return `${run.failed} of ${run.total} ${run.total === 1 ? "entry" : "entries"} rejected`;
}

/** Where the backoffice downloads an import run's rejected entries, each with its reason (a CSV file). */
export function rejectionsPath(runId: number): string {
  return `/api/admin/import-runs/${runId}/rejected.csv`;
}
