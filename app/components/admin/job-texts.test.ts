import { describe, expect, it } from "vitest";
import { jobOutcome } from "./job-texts";

describe("jobOutcome", () => {
  it("words each job's result as the spec's toasts do", () => {
    expect(jobOutcome("release-update", { state: "succeeded", result: { updatedCount: 12 }, errorMessage: null })).toEqual({
      ok: true,
      title: "Domain status updated",
      description: "12 domains were updated from soon available to available",
    });
    expect(jobOutcome("tld-imports", { state: "succeeded", result: { successful: 2, failed: 1 }, errorMessage: null })).toEqual({
      ok: true,
      title: "Scheduled Imports Completed",
      description: "2 imports successful, 1 failed",
    });
    expect(
      jobOutcome("availability-check", {
        state: "succeeded",
        result: { processed: 5, se_domains: 3, nu_domains: 2, updated_to_registered: 1, held: 2, errors: 0 },
        errorMessage: null,
      }),
    ).toEqual({
      ok: true,
      title: "Domain Availability Check Completed",
      description: "Checked 5 domains (3 .se, 2 .nu): 1 updated to registered, 2 held by the registry, 0 errors",
    });
  });

  it("gives the failure title with the reason, and nothing while running", () => {
    expect(jobOutcome("release-update", { state: "failed", result: null, errorMessage: "boom" })).toEqual({
      ok: false,
      title: "Failed to update domains",
      description: "boom",
    });
    expect(jobOutcome("tld-imports", { state: "failed", result: null, errorMessage: null })?.title).toBe("Failed to run scheduled imports");
    expect(jobOutcome("availability-check", { state: "running", result: null, errorMessage: null })).toBeNull();
  });

  it("reads a missing or odd result as zeros", () => {
    expect(jobOutcome("release-update", { state: "succeeded", result: "??", errorMessage: null })?.description).toBe(
      "0 domains were updated from soon available to available",
    );
  });
});
