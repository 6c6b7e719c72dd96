import { describe, expect, it } from "vitest";
import type { JobRunSnapshot } from "~/lib/admin-job-texts";
import { importRunBadge, jobRunBadge } from "./job-run-badge";

const FINISHED: JobRunSnapshot = {
  state: "succeeded",
  result: null,
  succeededCount: null,
  failedCount: null,
  partlyFailedCount: null,
  errorMessage: null,
};
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

describe("jobRunBadge of a run whose work partly failed", () => {
  it("is amber for TLD imports where a list was imported with rejected entries", () => {
    expect(jobRunBadge(run({ state: "partly_failed", succeededCount: 0, failedCount: 0, partlyFailedCount: 1 }))).toEqual({
      variant: "warning",
      label: "Partly failed (1 of 1 partly failed)",
    });
  });
});

describe("importRunBadge", () => {
  const importRun = { warning: null, processed: 0, failed: 0 };
  it("is never green when entries were rejected (the registry's 156 uploaded as .nu: 61 .se rejected)", () => {
    expect(importRunBadge({ ...importRun, state: "partly_failed", processed: 95, failed: 61 })).toEqual({
      variant: "warning",
      label: "Partly failed (61 of 156 failed)",
    });
    expect(importRunBadge({ ...importRun, state: "partly_failed", processed: 2, failed: 5 })).toEqual({
      variant: "warning",
      label: "Partly failed (5 of 7 failed)",
    });
    expect(importRunBadge({ ...importRun, state: "failed", failed: 156 })).toEqual({ variant: "danger", label: "Failed" });
  });

  it("is green when every entry was written, amber when renewals were held back, and says a run is going", () => {
    expect(importRunBadge({ ...importRun, state: "succeeded", processed: 156 })).toEqual({ variant: "success", label: "Succeeded" });
    expect(importRunBadge({ ...importRun, state: "succeeded", processed: 156, warning: "Renewals not applied" })).toEqual({
      variant: "warning",
      label: "Succeeded with warning",
    });
    expect(importRunBadge({ ...importRun, state: "running" })).toEqual({ variant: "default", label: "Running" });
  });
});
