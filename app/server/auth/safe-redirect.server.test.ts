import { describe, expect, it } from "vitest";
import { isExactSitePath, safeRedirectPath } from "./safe-redirect.server";

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

describe("isExactSitePath", () => {
  it.each([["/"], ["/auth?verified=1&redirectTo=%2Fd%2Fhund.se"], ["/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se"], ["/search/bil#top"]])("accepts %s", (value) => {
    expect(isExactSitePath(value)).toBe(true);
  });

  it.each([
    ["/..//evil.example", "resolves to //evil.example"],
    ["/.//evil.example", "resolves to //evil.example"],
    ["/%2e%2e//evil.example", "encoded dots resolve too"],
    ["/a/../..//evil.example", "resolves to //evil.example"],
    ["/a/../b", "not as written"],
    ["/d/räksmörgås.se", "not as written (the parser encodes it)"],
    ["//evil.example", "another host"],
    ["/\\evil.example", "another host"],
    ["https://evil.example/", "absolute"],
    ["http://localhost:3000/", "absolute, even to this site"],
    ["", "empty"],
    [42, "not text"],
  ] as [unknown, string][])("refuses %j (%s)", (value) => {
    expect(isExactSitePath(value)).toBe(false);
  });
});
