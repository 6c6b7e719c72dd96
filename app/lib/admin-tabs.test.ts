import { describe, expect, it } from "vitest";
import { adminTabAddress, adminTabOfPath, adminTabTitle, parsePage } from "./admin-tabs";

describe("adminTabAddress", () => {
  it.each([
    ["", "/admin/domains"],
    ["tab=premium", "/admin/premium"],
    ["tab=premium&q=katt&page=2", "/admin/premium?q=katt&page=2"],
    ["q=katt&tab=users&page=3", "/admin/users?q=katt&page=3"],
    ["tab=imports", "/admin/imports"],
    ["tab=maintenance", "/admin/maintenance"],
    // The single page showed the Domains tab for no tab or an unknown one; its filters are kept.
    ["q=hund&status=available&lenFrom=15%2B", "/admin/domains?q=hund&status=available&lenFrom=15%2B"],
    ["tab=nonsense&q=hund", "/admin/domains?q=hund"],
    ["tab=https%3A%2F%2Fevil.example", "/admin/domains"],
    ["tab=%2F%2Fevil.example&tab=users", "/admin/domains"],
    ["tab=Premium", "/admin/domains"],
  ])("?%s goes to %s", (search, expected) => {
    expect(adminTabAddress(new URLSearchParams(search))).toBe(expected);
  });
});

describe("adminTabOfPath", () => {
  it("names the tab of a tab's page, and nothing else", () => {
    expect(adminTabOfPath("/admin/users")).toBe("users");
    expect(adminTabOfPath("/admin/imports/")).toBe("imports");
    expect(adminTabOfPath("/admin")).toBeNull();
    expect(adminTabOfPath("/admin/users/x")).toBeNull();
    expect(adminTabOfPath("/admin/constructor")).toBeNull();
    expect(adminTabOfPath("/account")).toBeNull();
  });
});

describe("adminTabTitle", () => {
  it("puts the tab before the backoffice's name", () => {
    expect(adminTabTitle("imports")).toBe("TLD Imports – Backoffice Dashboard");
  });
});

describe("parsePage", () => {
  it("reads whole pages from 1 and treats anything else as page 1", () => {
    expect(parsePage("3")).toBe(3);
    for (const value of [null, "", "0", "-2", "1.5", "1e400", "abc", "100001"]) expect(parsePage(value)).toBe(1);
  });
});
