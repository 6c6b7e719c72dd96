import { describe, expect, it } from "vitest";
import type { JobRunSnapshot } from "~/lib/admin-job-texts";
import { jobRunBadge } from "./job-run-badge";

const FINISHED: JobRunSnapshot = { state: "succeeded", result: null, succeededCount: null, failedCount: null, errorMessage: null };
const run = (snapshot: Partial<JobRunSnapshot>): JobRunSnapshot => ({ ...FINISHED, ...snapshot });

describe("jobRunBadge", () => {
  it("is green when nothing failed, amber with the counts when some did, red when nothing succeeded", () => {
    expect(jobRunBadge(run({ succeededCount: 18, failedCount: 0 }))).toEqual({ variant: "success", label: "Succeeded" });
    expect(jobRunBadge(run({ state: "partly_failed", succeededCount: 16, failedCount: 2 }))).toEqual({
      variant: "warning",
      label: "Partly failed (2 of 18 failed)",
    });
    expect(jobRunBadge(run({ state: "failed", succeededCount: 0, failedCount: 18 }))).toEqual({ variant: "danger", label: "Failed" });
    expect(jobRunBadge(run({ state: "failed", errorMessage: "boom" }))).toEqual({ variant: "danger", label: "Failed" });
  });

  it("shows a run under way apart from the outcomes, and an old run without counts as it was recorded", () => {
    expect(jobRunBadge(run({ state: "running" }))).toEqual({ variant: "default", label: "Running" });
    expect(jobRunBadge(run({ result: { updatedCount: 3 } }))).toEqual({ variant: "success", label: "Succeeded" });
  });
});
