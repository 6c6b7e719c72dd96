// Every action of every route (from app/routes.ts through route-access.ts),
// posted the way a page on another site could make a victim's browser post
// it: with the victim's cookies but a foreign Origin, a "null" origin
// (sandboxed frames, some redirects), a foreign Referer only, or no origin
// information at all. Each must be refused with 403 and change nothing.
import { expect, it } from "vitest";
import { callRoute, describeOutcome } from "./support/call-route";
import { databaseFingerprint } from "./support/fingerprint";
import { allRoutes, importRouteModule } from "./support/route-table";
import { routeTarget, samplePosts } from "./support/route-samples";
import { describeWithSecurityWorld, FOREIGN_ORIGIN, postRequest, type Role } from "./support/security-world";
import { ROUTE_ACCESS, type ActionAccess } from "./route-access";

/** The forged requests: what the attacker's page makes the browser send. */
const FORGERIES: { label: string; origin?: string | null; referer?: string }[] = [
  { label: "foreign Origin", origin: FOREIGN_ORIGIN },
  { label: "look-alike Origin", origin: "http://localhost:3000.evil.example" },
  { label: "same host, other port", origin: "http://localhost:3001" },
  { label: "Origin: null", origin: "null" },
  { label: "foreign Referer only", referer: `${FOREIGN_ORIGIN}/attack.html` },
];

/** The strongest session the forged request could ride on: what an attacker would want to abuse. */
function victimsFor(access: ActionAccess): Role[] {
  if (access === "admin") return ["admin"];
  if (access === "account" || access === "session") return ["user"];
  return ["visitor", "user"];
}

describeWithSecurityWorld("CSRF", (world) => {
  for (const route of allRoutes()) {
    const access = ROUTE_ACCESS[route.id];
    // better-auth switches its own origin check off when NODE_ENV=test (its isTest()), so its
    // endpoints are checked against the production build instead: tests/e2e/security/csrf.spec.ts.
    if (!access || access.action === "none" || access.action === "auth-endpoint") continue;

    it(`POST ${route.path || "/"} (${route.id}) from another site is refused with 403 and changes nothing`, async () => {
      const module = await importRouteModule(route);
      const { params, path } = routeTarget(route, access, world());
      const before = await databaseFingerprint(world().handle);
      const problems: string[] = [];
      for (const sample of samplePosts(access, world())) {
        for (const role of victimsFor(access.action)) {
          for (const forgery of FORGERIES) {
            const request = postRequest(path, sample, { cookie: world().cookieOf(role), origin: forgery.origin, referer: forgery.referer });
            const outcome = await callRoute(module.action!, request, params);
            if (outcome.status !== 403) {
              problems.push(`${sample.path ?? ""}${JSON.stringify(sample.form ?? sample.json)} as ${role}, ${forgery.label}: ${describeOutcome(outcome)}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect(await databaseFingerprint(world().handle), "a forged request changed the database").toBe(before);
    });
  }

  it("our own forms are refused without any Origin or Referer (a browser always sends one of them on a POST)", async () => {
    const before = await databaseFingerprint(world().handle);
    const problems: string[] = [];
    for (const route of allRoutes()) {
      const access = ROUTE_ACCESS[route.id];
      if (!access || access.action === "none" || access.action === "auth-endpoint") continue;
      const module = await importRouteModule(route);
      const { params, path } = routeTarget(route, access, world());
      for (const sample of samplePosts(access, world())) {
        const role = victimsFor(access.action)[0];
        const outcome = await callRoute(module.action!, postRequest(path, sample, { cookie: world().cookieOf(role), origin: null }), params);
        if (outcome.status !== 403) problems.push(`${route.id} ${JSON.stringify(sample.form)}: ${describeOutcome(outcome)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await databaseFingerprint(world().handle)).toBe(before);
  });
});
