// The headers every response gets, and the page policy, per environment:
// HSTS only for a production site on https, the CSP only in production (the
// dev server's HMR needs inline scripts), and in it no inline script without
// this response's nonce. The built server is checked too: tests/e2e/security.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/env.server";
import { baseSecurityHeaders, contentSecurityPolicy } from "~/server/security-headers.server";

const saved = { NODE_ENV: process.env.NODE_ENV, SITE_URL: process.env.SITE_URL };

function withEnv(nodeEnv: string, siteUrl: string) {
  process.env.NODE_ENV = nodeEnv;
  process.env.SITE_URL = siteUrl;
  resetEnvForTests();
}

afterEach(() => {
  process.env.NODE_ENV = saved.NODE_ENV;
  if (saved.SITE_URL === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = saved.SITE_URL;
  resetEnvForTests();
});

/** "script-src 'self' 'nonce-x'" → { "script-src": ["'self'", "'nonce-x'"] } */
function directives(policy: string) {
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("security headers", () => {
  it.each([
    ["production", "https://snartlediga.se", true],
    ["production", "http://localhost:3000", false],
    ["development", "https://snartlediga.se", false],
    ["test", "https://snartlediga.se", false],
  ])("NODE_ENV=%s, SITE_URL=%s: HSTS %s", (nodeEnv, siteUrl, hsts) => {
    withEnv(nodeEnv, siteUrl);
    const headers = baseSecurityHeaders();
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    if (hsts) expect(headers["Strict-Transport-Security"]).toMatch(/^max-age=(\d+)/);
    else expect(headers["Strict-Transport-Security"]).toBeUndefined();
    if (hsts) expect(Number(/max-age=(\d+)/.exec(headers["Strict-Transport-Security"])![1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
  });

  it("production answers that are not pages carry a policy that allows nothing but the notices' inline styles", () => {
    withEnv("production", "https://snartlediga.se");
    const policy = directives(baseSecurityHeaders()["Content-Security-Policy"]);
    expect(policy).toEqual({
      "default-src": ["'none'"],
      "style-src": ["'unsafe-inline'"],
      "frame-ancestors": ["'none'"],
      "base-uri": ["'none'"],
      "form-action": ["'none'"],
    });
    withEnv("development", "http://localhost:3000");
    expect(baseSecurityHeaders()["Content-Security-Policy"]).toBeUndefined();
  });

  it("production CSP: scripts only from us or with this response's nonce, no framing, no plugins, no base or form hijack", () => {
    withEnv("production", "https://snartlediga.se");
    const policy = directives(contentSecurityPolicy("bm9uY2U=")!);
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(policy["script-src"].join(" ")).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|http:/);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
  });

  it("no CSP outside production (Vite's dev server injects inline scripts)", () => {
    withEnv("development", "http://localhost:3000");
    expect(contentSecurityPolicy("x")).toBeNull();
  });
});
