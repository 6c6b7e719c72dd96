import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.server";

describe("safeRedirectPath", () => {
  it.each([
    ["/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se", "/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se"],
    ["/account?tab=bookmarks", "/account?tab=bookmarks"],
    ["/search/bil#top", "/search/bil#top"],
  ])("keeps the local path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    ["//evil.example"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["evil"],
    [""],
    ["/\t/evil.example"],
    ["/%0a/x\n"],
    ["/auth?tab=login"],
    [null],
    [undefined],
    [42],
    ["/" + "a".repeat(2001)],
  ])("falls back to / for %j", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//x", "/account")).toBe("/account");
  });
});
