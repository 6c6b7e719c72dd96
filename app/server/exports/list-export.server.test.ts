import { expect, it } from "vitest";
import { EXPORT_BATCH_BUDGET_MS, EXPORT_BATCH_SIZE, nextExportBatchSize } from "./list-export.server";

it("sizes each batch by the last one's pace: what fits the budget, at most double, within 100 and the largest", () => {
  const budget = EXPORT_BATCH_BUDGET_MS;
  for (const [lastSize, lastMs, expected] of [
    [250, budget / 4, 500], // fast: doubles, no more
    [250, budget, 250], // on budget: stays
    [1_000, budget * 2, 500], // slow: what the pace fits in the budget
    [1_500, 1, EXPORT_BATCH_SIZE], // never past the largest
    [100, budget * 50, 100], // a cold or busy moment: never below 100
    [250, 0, 500], // too quick to time
  ] as const) {
    expect(nextExportBatchSize(lastSize, lastMs), `${lastSize} names in ${lastMs} ms`).toBe(expected);
  }
  expect(nextExportBatchSize(250, 1, 300)).toBe(300);
  // A largest batch under 100 (a test's) holds.
  expect(nextExportBatchSize(2, budget * 50, 2)).toBe(2);
});
