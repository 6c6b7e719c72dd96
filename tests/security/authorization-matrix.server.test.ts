// Every route of app/routes.ts (and the root layout), called as a visitor, a
// signed-in user and an administrator, straight through its loader and
// action: account data only for signed-in users, admin pages and actions only
// for administrators — enforced on the server, with nothing changed by a
// refused request.
import { expect, it } from "vitest";
import { callRoute, describeOutcome, type RouteOutcome } from "./support/call-route";
import { databaseFingerprint } from "./support/fingerprint";
import { allRoutes, fillPath, importRouteModule } from "./support/route-table";
import { routeTarget, samplePosts } from "./support/route-samples";
import { describeWithSecurityWorld, getRequest, postRequest, type Role } from "./support/security-world";
import { ROUTE_ACCESS, type LoaderAccess } from "./route-access";

const ROLES: Role[] = ["visitor", "user", "admin"];

it("classifies every route of app/routes.ts in tests/security/route-access.ts", async () => {
  const missing = allRoutes().filter((route) => !ROUTE_ACCESS[route.id]);
  expect(
    missing.map((route) => route.id),
    `Unclassified routes: add an entry to ROUTE_ACCESS in tests/security/route-access.ts saying who may use each loader and action (public, account, admin ...) with sample requests for its actions.`,
  ).toEqual([]);
  const known = new Set(allRoutes().map((route) => route.id));
  expect(Object.keys(ROUTE_ACCESS).filter((id) => !known.has(id)), "ROUTE_ACCESS lists routes that no longer exist").toEqual([]);
});

it("says truthfully which routes have a loader and an action", async () => {
  const wrong: string[] = [];
  for (const route of allRoutes()) {
    const access = ROUTE_ACCESS[route.id];
    if (!access) continue;
    const module = await importRouteModule(route);
    if ((access.loader === "none") !== (typeof module.loader !== "function")) wrong.push(`${route.id}: loader is ${typeof module.loader}, table says ${access.loader}`);
    if ((access.action === "none") !== (typeof module.action !== "function")) wrong.push(`${route.id}: action is ${typeof module.action}, table says ${access.action}`);
    if (access.action !== "none" && !access.posts?.length) wrong.push(`${route.id}: an action needs sample posts`);
  }
  expect(wrong, "Update tests/security/route-access.ts: a loader or action was added or removed").toEqual([]);
});

it("has a sample post for every intent of every backoffice tab's action", () => {
  const problems: string[] = [];
  for (const route of allRoutes()) {
    const access = ROUTE_ACCESS[route.id];
    if (!access || access.action !== "admin" || !route.file.startsWith("routes/admin/")) continue;
    if (!access.intents) {
      problems.push(`${route.id}: name its action table in \`intents\``);
      continue;
    }
    const sampled = new Set(access.posts?.map((sample) => sample.form?.intent));
    for (const intent of Object.keys(access.intents)) if (!sampled.has(intent)) problems.push(`${route.id}: no sample post for "${intent}"`);
  }
  expect(problems, "add sample posts to tests/security/route-access.ts").toEqual([]);
  const intents = Object.values(ROUTE_ACCESS).flatMap((access) => Object.keys(access.intents ?? {}));
  expect(intents.length).toBeGreaterThan(12);
});

function loaderVerdict(access: LoaderAccess, role: Role, outcome: RouteOutcome, path: string): string | null {
  const { status, location } = outcome;
  const ok = status < 400 && !outcome.error;
  const refused = (expected: string) => `expected ${expected} for ${role}, got ${describeOutcome(outcome)}`;
  switch (access) {
    case "public":
      if (outcome.error || status >= 500 || status === 401 || status === 403) return refused("an answer");
      if (location?.startsWith("/auth?")) return refused("no sign-in demand");
      return null;
    case "account-page":
      if (role === "visitor") return status === 302 && location === `/auth?redirectTo=${encodeURIComponent(path)}` ? null : refused("redirect to /auth");
      return ok && !location ? null : refused("the page");
    case "account-api":
      if (role === "visitor") return status === 401 ? null : refused("401");
      return ok ? null : refused("the data");
    case "admin-page":
      if (role !== "admin") return status === 302 && location === "/" ? null : refused("redirect to /");
      return ok && !location ? null : refused("the page");
    case "admin-redirect":
      if (role !== "admin") return status === 302 && location === "/" ? null : refused("redirect to /");
      return status === 302 && location?.startsWith("/admin/") ? null : refused("a redirect to a backoffice page");
    case "admin-api":
      if (role === "visitor") return status === 401 ? null : refused("401");
      if (role === "user") return status === 403 ? null : refused("403");
      return ok ? null : refused("the data");
    case "token":
      return ok ? null : refused("the feed for its token");
    case "none":
      return null;
  }
}

describeWithSecurityWorld("authorization matrix", (world) => {
  for (const route of allRoutes()) {
    const access = ROUTE_ACCESS[route.id];
    if (!access || access.loader === "none") continue;

    it(`GET ${route.path || "/"} (${route.id}): ${access.loader}`, async () => {
      const module = await importRouteModule(route);
      const { params, path } = routeTarget(route, access, world());
      const before = await databaseFingerprint(world().handle);
      const problems: string[] = [];
      for (const role of ROLES) {
        const outcome = await callRoute(module.loader!, getRequest(path, { cookie: world().cookieOf(role) }), params);
        const verdict = loaderVerdict(access.loader, role, outcome, path);
        if (verdict) problems.push(verdict);
      }
      if (access.loader === "token") {
        // Without the secret (a well-formed token nobody holds, or garbage) there is nothing to see.
        for (const file of [`${"A".repeat(43)}.ics`, "x.ics", "../../etc/passwd"]) {
          const outcome = await callRoute(module.loader!, getRequest(fillPath(route.path, { file })), { file });
          if (outcome.status !== 404) problems.push(`a foreign token ${file} got ${describeOutcome(outcome)}`);
        }
      }
      expect(problems).toEqual([]);
      expect(await databaseFingerprint(world().handle), "a GET changed the database").toBe(before);
    });
  }

  for (const route of allRoutes()) {
    const access = ROUTE_ACCESS[route.id];
    if (!access || (access.action !== "admin" && access.action !== "account")) continue;

    it(`POST ${route.path || "/"} (${route.id}): ${access.action} only — refused for others, nothing changes`, async () => {
      const module = await importRouteModule(route);
      const { params, path } = routeTarget(route, access, world());
      const before = await databaseFingerprint(world().handle);
      const problems: string[] = [];
      const refusedRoles: [Role, number][] = access.action === "admin" ? [["visitor", 401], ["user", 403]] : [["visitor", 401]];
      for (const sample of samplePosts(access, world())) {
        for (const [role, expected] of refusedRoles) {
          const outcome = await callRoute(module.action!, postRequest(path, sample, { cookie: world().cookieOf(role) }), params);
          if (outcome.status !== expected) problems.push(`${JSON.stringify(sample.form ?? sample.json)} as ${role}: expected ${expected}, got ${describeOutcome(outcome)}`);
        }
      }
      expect(problems).toEqual([]);
      expect(await databaseFingerprint(world().handle), "a refused request changed the database").toBe(before);
    });
  }

  it("a forged or stale session cookie is a visitor, not an error", async () => {
    const account = allRoutes().find((route) => route.id === "routes/account/account")!;
    const module = await importRouteModule(account);
    const forged = [
      "better-auth.session_token=forged.signature",
      `better-auth.session_token=${"A".repeat(5000)}`,
      "better-auth.session_token=%E0%A4%A",
      `${world().user.cookie}x`,
    ];
    for (const cookie of forged) {
      const outcome = await callRoute(module.loader!, getRequest("/account", { cookie }));
      expect(describeOutcome(outcome), cookie.slice(0, 60)).toBe("302 → /auth?redirectTo=%2Faccount");
    }
  });
});
