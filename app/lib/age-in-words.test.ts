import { expect, it } from "vitest";
import { ageInWords } from "./age-in-words";

it("says how old in whole minutes, hours up to two days, then days", () => {
  const minute = 60_000;
  const hour = 60 * minute;
  expect([0, 59_999, minute, 5 * minute + 59_000, hour - 1, hour, 47 * hour, 48 * hour, 30 * 24 * hour, -5].map(ageInWords)).toEqual([
    "less than a minute",
    "less than a minute",
    "1 minute",
    "5 minutes",
    "59 minutes",
    "1 hour",
    "47 hours",
    "2 days",
    "30 days",
    "less than a minute",
  ]);
});
