// The Maintenance tab's words for each job (its cards and toasts: docs/product.md, "Jobs and
// their schedule" and "The texts that matter"), and
// the outcome of a run read from its record (docs/product.md, "A run's outcome").
import type { RunOutcome } from "~/domain/run-outcome";

export type JobRunSnapshot = {
  state: "running" | RunOutcome;
  result: unknown;
  succeededCount: number | null;
  failedCount: number | null;
  partlyFailedCount: number | null;
  errorMessage: string | null;
};

type JobText = {
  title: string;
  description: string;
  button: string;
  successTitle: string;
  /** For a job that counts its work (its definition's tally). */
  partlyFailedTitle?: string;
  failureTitle: string;
  summary: (result: Record<string, unknown>) => string;
};

const count = (result: Record<string, unknown>, key: string) => {
  const value = result[key];
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
};

export const JOB_TEXTS: Record<string, JobText> = {
  "release-update": {
    title: "Update Released Domains",
    description: "Soon available domains whose release time (04:00 UTC on the release date) has passed become available.",
    button: "Run Manually",
    successTitle: "Domain status updated",
    failureTitle: "Failed to update domains",
    summary: (result) => `${count(result, "updatedCount")} domains were updated from soon available to available`,
  },
  "tld-imports": {
    title: "Run TLD Imports",
    description: "Fetches and imports the release list of every TLD import configuration.",
    button: "Run Manually",
    successTitle: "Scheduled Imports Completed",
    partlyFailedTitle: "Some scheduled imports failed",
    failureTitle: "Failed to run scheduled imports",
    // The run's own words when it has them (it says when no list is configured).
    summary: (result) =>
      typeof result.message === "string"
        ? result.message
        : `${count(result, "successful")} imports successful, ${count(result, "failed")} failed`,
  },
  "availability-check": {
    title: "Check Domain Availability",
    description: "Asks the registry whether released domains have been registered again.",
    button: "Check Manually",
    successTitle: "Domain Availability Check Completed",
    partlyFailedTitle: "Some availability checks failed",
    failureTitle: "Failed to check domain availability",
    summary: (result) => availabilitySummary(result),
  },
};

/**
 * What an availability run did, and why it stopped when it stopped early:
 * "Stopped after 25 failed requests in a row: connection refused. No domain
 * was checked. 975 of 1000 due domains were not asked; the next run asks
 * them". A request that failed checked nothing, so it is never "checked".
 */
export function availabilitySummary(result: Record<string, unknown>): string {
  const asked = count(result, "processed");
  const errors = count(result, "errors");
  const checked = asked - errors;
  const notAsked = count(result, "due") - asked;
  const reason = typeof result.failure_reason === "string" ? result.failure_reason : null;
  if (asked === 0 && notAsked <= 0) return "No domains were due for a check";
  const sentences: string[] = [];
  if (result.stopped_early === "failures") {
    sentences.push(`Stopped after ${count(result, "failures_in_a_row")} failed requests in a row${reason ? `: ${reason}` : ""}`);
  } else if (result.stopped_early === "time") {
    sentences.push("Stopped when its time was up");
  }
  const tlds = `(${count(result, "se_domains")} .se, ${count(result, "nu_domains")} .nu)`;
  const found = `${count(result, "updated_to_registered")} updated to registered, ${count(result, "held")} held by the registry`;
  if (checked <= 0) {
    sentences.push(
      result.stopped_early === "failures" || asked === 0
        ? "No domain was checked"
        : `No domain was checked: all ${asked} requests failed${reason ? ` (${reason})` : ""}`,
    );
  } else if (errors === 0) {
    sentences.push(`Checked ${asked} domains ${tlds}: ${found}, 0 errors`);
  } else {
    sentences.push(`Asked about ${asked} domains ${tlds}: ${checked} checked, ${found}; ${errors} errors${reason ? ` (${reason})` : ""}`);
  }
  if (notAsked > 0) sentences.push(`${notAsked} of ${count(result, "due")} due domains were not asked; the next run asks them`);
  return sentences.join(". ");
}

export type JobOutcome = { outcome: RunOutcome; title: string; description: string };

/**
 * The toast (and card line) for a finished run; null while it runs. A run
 * that threw gives its reason; one that finished gives its counts, under the
 * title of its outcome.
 */
export function jobOutcome(job: string, run: JobRunSnapshot): JobOutcome | null {
  const text = JOB_TEXTS[job];
  if (!text || run.state === "running") return null;
  const result = run.result && typeof run.result === "object" ? (run.result as Record<string, unknown>) : null;
  const title = {
    succeeded: text.successTitle,
    partly_failed: text.partlyFailedTitle ?? text.failureTitle,
    failed: text.failureTitle,
  }[run.state];
  if (run.state === "failed" && (run.errorMessage !== null || result === null)) {
    return { outcome: "failed", title, description: run.errorMessage ?? "Unknown error" };
  }
  return { outcome: run.state, title, description: text.summary(result ?? {}) };
}
