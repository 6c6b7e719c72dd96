import { describe, expect, it } from "vitest";
import { jobOutcome, type JobRunSnapshot } from "./admin-job-texts";

const run = (snapshot: Partial<JobRunSnapshot>): JobRunSnapshot => ({
  state: "succeeded",
  result: null,
  succeededCount: null,
  failedCount: null,
  partlyFailedCount: null,
  errorMessage: null,
  ...snapshot,
});

describe("jobOutcome", () => {
  it("words each job's result as the backoffice's toasts do", () => {
    expect(jobOutcome("release-update", run({ result: { updatedCount: 12 } }))).toEqual({
      outcome: "succeeded",
      title: "Domain status updated",
      description: "12 domains were updated from soon available to available",
    });
    expect(jobOutcome("tld-imports", run({ result: { successful: 2, failed: 0, message: "2 imports successful, 0 failed" } }))).toEqual({
      outcome: "succeeded",
      title: "Scheduled Imports Completed",
      description: "2 imports successful, 0 failed",
    });
    expect(
      jobOutcome(
        "availability-check",
        run({ result: { processed: 5, se_domains: 3, nu_domains: 2, updated_to_registered: 1, held: 2, errors: 0 } }),
      ),
    ).toEqual({
      outcome: "succeeded",
      title: "Domain Availability Check Completed",
      description: "Checked 5 domains (3 .se, 2 .nu): 1 updated to registered, 2 held by the registry, 0 errors",
    });
  });

  it("titles a run by its outcome: some failed, or nothing succeeded", () => {
    const partly = run({ state: "partly_failed", result: { successful: 16, failed: 2 }, succeededCount: 16, failedCount: 2 });
    expect(jobOutcome("tld-imports", partly)).toEqual({
      outcome: "partly_failed",
      title: "Some scheduled imports failed",
      description: "16 imports successful, 2 failed",
    });
    const nothing = run({ state: "failed", result: { successful: 0, failed: 18 }, succeededCount: 0, failedCount: 18 });
    expect(jobOutcome("tld-imports", nothing)).toEqual({
      outcome: "failed",
      title: "Failed to run scheduled imports",
      description: "0 imports successful, 18 failed",
    });
    const allErrors = { processed: 25, se_domains: 25, nu_domains: 0, updated_to_registered: 0, errors: 25 };
    expect(jobOutcome("availability-check", run({ state: "failed", result: allErrors, succeededCount: 0, failedCount: 25 }))).toEqual({
      outcome: "failed",
      title: "Failed to check domain availability",
      description: "Checked 25 domains (25 .se, 0 .nu): 0 updated to registered, 0 held by the registry, 25 errors",
    });
  });

  it("says when there was nothing to do", () => {
    const none = { processed: 0, se_domains: 0, nu_domains: 0, updated_to_registered: 0, errors: 0 };
    expect(jobOutcome("availability-check", run({ result: none, succeededCount: 0, failedCount: 0 }))?.description).toBe(
      "No domains were due for a check",
    );
  });

  it("gives the failure title with the reason, and nothing while running", () => {
    expect(jobOutcome("release-update", run({ state: "failed", errorMessage: "boom" }))).toEqual({
      outcome: "failed",
      title: "Failed to update domains",
      description: "boom",
    });
    expect(jobOutcome("tld-imports", run({ state: "failed" }))).toMatchObject({
      title: "Failed to run scheduled imports",
      description: "Unknown error",
    });
    expect(jobOutcome("availability-check", run({ state: "running" }))).toBeNull();
  });

  it("reads a missing or odd result as zeros", () => {
    expect(jobOutcome("release-update", run({ result: "??" }))?.description).toBe(
      "0 domains were updated from soon available to available",
    );
  });
});
