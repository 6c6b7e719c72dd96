// "Return to" parameters (/auth?redirectTo=, the bookmark form's redirectTo)
// must only ever lead to a path on this site. A browser reads a Location of
// "//evil.example" or "/\evil.example" as another host, so those count as
// leaving the site too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loader as authLoader, action as authAction } from "~/routes/public/auth";
import { action as bookmarkAction } from "~/routes/api/bookmarks";
import { isExactSitePath, safeRedirectPath } from "~/server/auth/safe-redirect.server";
import { TEST_SITE_URL } from "~tests/factories/users";
import { callRoute } from "./support/call-route";
import { describeWithSecurityWorld, getRequest, postRequest } from "./support/security-world";

const HOSTILE_TARGETS = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "https://evil.example",
  "HTTPS://evil.example/path",
  "http:evil.example",
  "//evil.example/%2e%2e",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.domain)",
  "data:text/html,<script>alert(1)</script>",
  " //evil.example",
  "\t//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/..//evil.example",
  "/.//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "/./\\evil.example",
  "//evil.example@localhost:3000",
  "/\u0000//evil.example",
  "https:/\\evil.example",
];

/** Where a browser on our site would go for this Location value. */
function browserTarget(location: string) {
  return new URL(location, TEST_SITE_URL);
}

function staysOnSite(location: string | null) {
  if (location === null) return true;
  const target = browserTarget(location);
  return target.origin === new URL(TEST_SITE_URL).origin && (target.protocol === "http:" || target.protocol === "https:");
}

describe("safeRedirectPath", () => {
  it.each(HOSTILE_TARGETS)("keeps %j on the site", (value) => {
    const result = safeRedirectPath(value);
    expect(result.startsWith("/"), result).toBe(true);
    expect(result.startsWith("//") || result.startsWith("/\\"), result).toBe(false);
    expect(staysOnSite(result), result).toBe(true);
  });

  it("keeps 10,000 random inputs on the site and never throws", () => {
    const pathLike = fc
      .array(fc.constantFrom("/", "\\", ".", "..", "%2e", "%2f", "%5c", "evil.example", "@", ":", "?", "#", "\t", " ", "http:", "javascript:"), {
        maxLength: 12,
      })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(pathLike, fc.string({ unit: "binary", maxLength: 300 }), fc.webUrl(), fc.webPath()), (value) => {
        const result = safeRedirectPath(value);
        return result.startsWith("/") && !result.startsWith("//") && !result.startsWith("/\\") && staysOnSite(result);
      }),
      { numRuns: 10_000 },
    );
  });

  it("accepts as an exact site path (better-auth's callbacks) only what stays on the site unchanged", () => {
    for (const value of HOSTILE_TARGETS) expect(isExactSitePath(value), value).toBe(false);
    const pathLike = fc
      .array(fc.constantFrom("/", "\\", ".", "..", "%2e", "%2E", "%2f", "%5c", "evil.example", "@", ":", "?", "#", "\t", " ", "http:"), { maxLength: 12 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(pathLike, fc.string({ unit: "binary", maxLength: 300 }), fc.webPath()), (value) => {
        if (!isExactSitePath(value)) return true;
        // What a library may do to it later (resolve it against the site) changes nothing.
        const resolved = browserTarget(value);
        return staysOnSite(value) && resolved.pathname + resolved.search + resolved.hash === value;
      }),
      { numRuns: 10_000 },
    );
  });

  it("keeps an ordinary path with its query", () => {
    expect(safeRedirectPath("/d/hund.se?x=1#y")).toBe("/d/hund.se?x=1#y");
  });
});

describeWithSecurityWorld("return-to parameters of the routes", (world) => {
  it("/auth shows a visitor's form with a same-site redirectTo only", async () => {
    for (const value of HOSTILE_TARGETS) {
      const outcome = await callRoute(authLoader as never, getRequest(`/auth?redirectTo=${encodeURIComponent(value)}`));
      const redirectTo = (outcome.body as { redirectTo: string }).redirectTo;
      expect(staysOnSite(redirectTo) && redirectTo.startsWith("/") && !redirectTo.startsWith("//"), `${value} → ${redirectTo}`).toBe(true);
    }
  });

  it("/auth sends a signed-in user (back from the confirmation link) only to this site", async () => {
    for (const value of HOSTILE_TARGETS) {
      const outcome = await callRoute(authLoader as never, getRequest(`/auth?verified=1&redirectTo=${encodeURIComponent(value)}`, { cookie: world().user.cookie }));
      expect(outcome.status, value).toBe(302);
      expect(staysOnSite(outcome.location), `${value} → ${outcome.location}`).toBe(true);
    }
  });

  it("signing in with a hostile redirectTo lands on this site", async () => {
    for (const value of HOSTILE_TARGETS.slice(0, 8).concat(["/..//evil.example", "/.//evil.example"])) {
      const form = { intent: "login", email: world().user.email, password: world().user.password, redirectTo: value };
      const outcome = await callRoute(authAction as never, postRequest("/auth", { form }, { headers: { "x-client-ip": "203.0.113.9" } }));
      expect(outcome.status, `${value}: ${JSON.stringify(outcome.body)}`).toBe(302);
      expect(staysOnSite(outcome.location), `${value} → ${outcome.location}`).toBe(true);
    }
  });

  it("the bookmark form (without JavaScript) goes back only to this site", async () => {
    for (const value of HOSTILE_TARGETS) {
      const form = { domainName: "hund.se", intent: "remove", redirectTo: value };
      const request = postRequest("/api/bookmarks", { form }, { cookie: world().user.cookie, headers: { "sec-fetch-mode": "navigate" } });
      const outcome = await callRoute(bookmarkAction as never, request);
      expect(outcome.status, value).toBe(302);
      expect(staysOnSite(outcome.location), `${value} → ${outcome.location}`).toBe(true);
    }
  });
});
