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
    const allErrors = {
      processed: 3,
      se_domains: 3,
      nu_domains: 0,
      updated_to_registered: 0,
      errors: 3,
      due: 3,
      failure_reason: "HTTP 503",
    };
    expect(jobOutcome("availability-check", run({ state: "failed", result: allErrors, succeededCount: 0, failedCount: 3 }))).toEqual({
      outcome: "failed",
      title: "Failed to check domain availability",
      description: "No domain was checked: all 3 requests failed (HTTP 503)",
    });
  });

  it("says why an availability run stopped early and what it left, never that it checked names it could not", () => {
    const unreachable = {
      processed: 25,
      se_domains: 25,
      nu_domains: 0,
      updated_to_registered: 0,
      held: 0,
      errors: 25,
      due: 1000,
      stopped_early: "failures",
      failures_in_a_row: 25,
      failure_reason: "connection refused",
    };
    expect(
      jobOutcome("availability-check", run({ state: "failed", result: unreachable, succeededCount: 0, failedCount: 25 }))?.description,
    ).toBe(
      "Stopped after 25 failed requests in a row: connection refused. No domain was checked. 975 of 1000 due domains were not asked; the next run asks them",
    );
    const someErrors = {
      ...unreachable,
      processed: 40,
      se_domains: 30,
      nu_domains: 10,
      updated_to_registered: 2,
      held: 1,
      errors: 5,
      due: 40,
      stopped_early: null,
    };
    expect(jobOutcome("availability-check", run({ state: "partly_failed", result: someErrors }))?.description).toBe(
      "Asked about 40 domains (30 .se, 10 .nu): 35 checked, 2 updated to registered, 1 held by the registry; 5 errors (connection refused)",
    );
    const outOfTime = { ...someErrors, errors: 0, due: 1000, stopped_early: "time" };
    expect(jobOutcome("availability-check", run({ result: outOfTime }))?.description).toBe(
      "Stopped when its time was up. Checked 40 domains (30 .se, 10 .nu): 2 updated to registered, 1 held by the registry, 0 errors. 960 of 1000 due domains were not asked; the next run asks them",
    );
  });

  it("says why each TLD import did not succeed", () => {
    const result = {
      successful: 0,
      partlyFailed: 1,
      failed: 1,
      message:
        "0 imports successful, 1 partly failed, 1 failed. .se: 61 of 156 entries rejected; .nu: Failed to fetch data: could not reach example.nu: connection refused (ECONNREFUSED)",
    };
    expect(
      jobOutcome("tld-imports", run({ state: "partly_failed", result, succeededCount: 0, failedCount: 1, partlyFailedCount: 1 })),
    ).toEqual({
      outcome: "partly_failed",
      title: "Some scheduled imports failed",
      description: result.message,
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
