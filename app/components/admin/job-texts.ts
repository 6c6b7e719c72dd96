// The Maintenance tab's words for each job (spec §2 cards, §8 toasts), and
// the outcome of a run read from its stored result.

export type JobRunSnapshot = {
  state: "running" | "succeeded" | "failed";
  result: unknown;
  errorMessage: string | null;
};

type JobText = {
  title: string;
  description: string;
  button: string;
  successTitle: string;
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
    failureTitle: "Failed to run scheduled imports",
    summary: (result) => `${count(result, "successful")} imports successful, ${count(result, "failed")} failed`,
  },
  "availability-check": {
    title: "Check Domain Availability",
    description: "Asks the registry whether released domains have been registered again.",
    button: "Check Manually",
    successTitle: "Domain Availability Check Completed",
    failureTitle: "Failed to check domain availability",
    summary: (result) =>
      `Checked ${count(result, "processed")} domains (${count(result, "se_domains")} .se, ${count(result, "nu_domains")} .nu): ` +
      `${count(result, "updated_to_registered")} updated to registered, ${count(result, "held")} held by the registry, ${count(result, "errors")} errors`,
  },
};

/** The toast (and card line) for a finished run; null while it runs. */
export function jobOutcome(job: string, run: JobRunSnapshot): { ok: boolean; title: string; description: string } | null {
  const text = JOB_TEXTS[job];
  if (!text || run.state === "running") return null;
  if (run.state === "failed") return { ok: false, title: text.failureTitle, description: run.errorMessage ?? "Unknown error" };
  const result = run.result && typeof run.result === "object" ? (run.result as Record<string, unknown>) : {};
  return { ok: true, title: text.successTitle, description: text.summary(result) };
}
