import { describe, expect, it } from "vitest";
import { formatFromName } from "./release-list-format.server";

describe("formatFromName", () => {
  it.each([
    ["bardate_domains.json", null, "json"],
    ["https://data.internetstiftelsen.se/bardate_domains.txt?x=1", null, "txt"],
    ["upload", "application/json; charset=utf-8", "json"],
    ["upload", "text/plain", "txt"],
    ["upload.csv", "text/csv", undefined],
  ])("%s (%s) -> %s", (name, type, expected) => {
    expect(formatFromName(name, type)).toBe(expected);
  });
});
