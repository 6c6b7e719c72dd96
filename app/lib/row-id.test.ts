import { describe, expect, it } from "vitest";
import { parseRowId } from "./row-id";

describe("parseRowId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["2147483647", 2_147_483_647],
  ])("reads %s as %i", (input, expected) => {
    expect(parseRowId(input)).toBe(expected);
  });

  it.each(["", "0", "-1", "012", "1.5", "1e3", " 1", "1 ", "0x10", "2147483648", "99999999999999999999", "abc", "1\u0000"])(
    "names no row for %j",
    (input) => {
      expect(parseRowId(input)).toBeNull();
    },
  );

  it("names no row for a missing value", () => {
    expect(parseRowId(null)).toBeNull();
    expect(parseRowId(undefined)).toBeNull();
  });
});
