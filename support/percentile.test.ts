import { describe, expect, it } from "vitest";
import { percentile } from "./percentile";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index); // 100 … 1, unsorted on purpose

  it.each([
    [hundred, 0.5, 50],
    [hundred, 0.95, 95],
    [hundred, 0.99, 99],
    [hundred, 1, 100],
    [hundred, 0, 1],
    [[7], 0.95, 7],
    [[3, 1, 2], 0.5, 2],
    [[1, 2, 3, 4], 0.5, 2],
    [[1, 2, 3, 4], 0.75, 3],
  ])("of %j at %d is %d, one of the values", (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it("leaves its input as it was", () => {
    const values = [3, 1, 2];
    percentile(values, 0.5);
    expect(values).toEqual([3, 1, 2]);
  });

  it("is NaN for no values", () => {
    expect(percentile([], 0.95)).toBeNaN();
  });
});
