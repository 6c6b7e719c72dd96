import { describe, expect, it } from "vitest";
import { classifyRun, importRunTally, runOutcomeLabel, type RunTally } from "./run-outcome";

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

describe("a run with parts that partly failed", () => {
  it.each<[string, RunTally, string, string]>([
    [
      "one list of one with rejected entries",
      { succeeded: 0, failed: 0, partlyFailed: 1 },
      "partly_failed",
      "Partly failed (1 of 1 partly failed)",
    ],
    [
      "one list fine, one with rejected entries",
      { succeeded: 1, failed: 0, partlyFailed: 1 },
      "partly_failed",
      "Partly failed (1 of 2 partly failed)",
    ],
    [
      "one failed, one with rejected entries",
      { succeeded: 0, failed: 1, partlyFailed: 1 },
      "partly_failed",
      "Partly failed (1 of 2 failed, 1 partly failed)",
    ],
    ["none partly failed", { succeeded: 2, failed: 0, partlyFailed: 0 }, "succeeded", "Succeeded"],
  ])("%s", (_case, tally, outcome, label) => {
    expect(classifyRun(tally)).toBe(outcome);
    expect(runOutcomeLabel(classifyRun(tally), tally)).toBe(label);
  });
});

describe("an import run's outcome", () => {
  it.each<[string, { processed: number; failed: number }, string, string]>([
    ["every entry written", { processed: 156, failed: 0 }, "succeeded", "Succeeded"],
    ["5 of 7 rejected", { processed: 2, failed: 5 }, "partly_failed", "Partly failed (5 of 7 failed)"],
    ["61 of 156 rejected for the wrong TLD", { processed: 95, failed: 61 }, "partly_failed", "Partly failed (61 of 156 failed)"],
    ["every entry rejected", { processed: 0, failed: 156 }, "failed", "Failed"],
    ["an empty list", { processed: 0, failed: 0 }, "succeeded", "Succeeded"],
  ])("%s", (_case, counts, outcome, label) => {
    const tally = importRunTally(counts);
    expect(classifyRun(tally)).toBe(outcome);
    expect(runOutcomeLabel(classifyRun(tally), tally)).toBe(label);
  });
});
