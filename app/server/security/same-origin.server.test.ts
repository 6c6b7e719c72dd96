import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/env.server";
import { assertSameOrigin, isSameOrigin } from "./same-origin.server";

function post(url: string, headers: Record<string, string>) {
  return new Request(url, { method: "POST", headers });
}

describe("assertSameOrigin", () => {
  afterEach(() => {
    delete process.env.SITE_URL;
    resetEnvForTests();
  });

  it("accepts SITE_URL's origin and the request's own host", () => {
    process.env.SITE_URL = "https://snartlediga.se";
    resetEnvForTests();
    expect(isSameOrigin(post("http://internal:3000/api/bookmarks", { origin: "https://snartlediga.se" }))).toBe(true);
    expect(isSameOrigin(post("http://localhost:4303/api/bookmarks", { origin: "http://localhost:4303" }))).toBe(true);
    expect(isSameOrigin(post("http://localhost:4303/x", { referer: "http://localhost:4303/d/hund.se" }))).toBe(true);
  });

  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["a look-alike host", { origin: "https://snartlediga.se.evil.example" }],
    ["another port", { origin: "http://localhost:9999" }],
    ["an opaque origin", { origin: "null" }],
    ["no Origin or Referer", {}],
    ["a foreign Referer", { referer: "https://evil.example/page" }],
  ])("refuses %s with 403", async (_name, headers) => {
    process.env.SITE_URL = "https://snartlediga.se";
    resetEnvForTests();
    const request = post("http://localhost:4303/api/bookmarks", headers as Record<string, string>);
    let thrown: unknown;
    try {
      assertSameOrigin(request);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 403 } });
  });

  it("lets safe methods through", () => {
    expect(() => assertSameOrigin(new Request("http://localhost/x", { headers: { origin: "https://evil.example" } }))).not.toThrow();
  });
});
