import { describe, expect, it } from "vitest";
import { classifyRun, runOutcomeLabel, type RunTally } from "./run-outcome";

describe("classifyRun", () => {
  it.each<[string, RunTally | null, string]>([
    ["every import worked", { succeeded: 18, failed: 0 }, "succeeded"],
    ["nothing to do (no names due, no configurations)", { succeeded: 0, failed: 0 }, "succeeded"],
    ["a job that does not count its work and finished", null, "succeeded"],
    ["some imports failed", { succeeded: 16, failed: 2 }, "partly_failed"],
    ["one check of many failed", { succeeded: 24, failed: 1 }, "partly_failed"],
    ["every import failed", { succeeded: 0, failed: 18 }, "failed"],
    ["every check answered an error", { succeeded: 0, failed: 25 }, "failed"],
  ])("%s: %s → %s", (_case, tally, outcome) => {
    expect(classifyRun(tally)).toBe(outcome);
  });
});

describe("runOutcomeLabel", () => {
  it("says how many failed of how many when a run partly failed", () => {
    expect(runOutcomeLabel("succeeded", { succeeded: 3, failed: 0 })).toBe("Succeeded");
    expect(runOutcomeLabel("partly_failed", { succeeded: 16, failed: 2 })).toBe("Partly failed (2 of 18 failed)");
    expect(runOutcomeLabel("partly_failed", null)).toBe("Partly failed");
    expect(runOutcomeLabel("failed", { succeeded: 0, failed: 18 })).toBe("Failed");
    expect(runOutcomeLabel("failed", null)).toBe("Failed");
  });
});
