// better-auth's HTTP endpoints (/api/auth/*) as an outside probe used them:
// only the few the site uses answer, a sign-up cannot tell a taken address
// from a new one, an administrator cannot reach the admin plugin's endpoints
// (impersonation, session tokens, own role) around the backoffice's rules,
// and no callback parameter can send a browser to another site.
import { expect, it } from "vitest";
import { action as authApiAction, loader as authApiLoader } from "~/routes/api/auth";
import { action as authPageAction } from "~/routes/public/auth";
import { getAuth } from "~/server/auth/auth.server";
import { PUBLIC_AUTH_ENDPOINTS } from "~/server/auth/public-auth-paths.server";
import { TEST_SITE_URL } from "~tests/factories/users";
import { callRoute, describeOutcome } from "./support/call-route";
import { databaseFingerprint } from "./support/fingerprint";
import { describeWithSecurityWorld, getRequest, postRequest } from "./support/security-world";

/** A request to better-auth's route as the browser of `cookie`'s owner on this site would send it. */
function callAuthApi(method: "GET" | "POST", path: string, options: { cookie?: string; json?: Record<string, unknown> } = {}) {
  if (method === "GET") return callRoute(authApiLoader as never, getRequest(path, { cookie: options.cookie }), {}, { readBody: true });
  return callRoute(authApiAction as never, postRequest(path, { json: options.json ?? {} }, { cookie: options.cookie }), {}, { readBody: true });
}

/** Where a browser on our site would go for this Location value (null: nowhere). */
function leavesSite(location: string | null) {
  return location !== null && new URL(location, TEST_SITE_URL).origin !== new URL(TEST_SITE_URL).origin;
}

/** Callback values that are a path of this site only until something normalises them. */
const CALLBACKS_LEAVING_THE_SITE = [
  "/..//evil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/a/../..//evil.example",
  "/%2E%2E/%2e//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "https://evil.example/",
  "http://localhost:3000.evil.example/",
  "javascript:alert(1)",
];

describeWithSecurityWorld("better-auth over HTTP", (world) => {
  it("answers 404 for every better-auth endpoint the site does not use, before better-auth sees it", async () => {
    const auth = await getAuth();
    const before = await databaseFingerprint(world().handle);
    const reachable: string[] = [];
    for (const endpoint of Object.values(auth.api) as { path?: string; options?: { method?: string | string[] } }[]) {
      if (!endpoint.path) continue;
      const path = endpoint.path.replace(/:[a-z]+/gi, "x");
      const methods = [endpoint.options?.method ?? []].flat().filter((method) => method === "GET" || method === "POST");
      for (const method of methods as ("GET" | "POST")[]) {
        if (PUBLIC_AUTH_ENDPOINTS[endpoint.path as keyof typeof PUBLIC_AUTH_ENDPOINTS] === method) continue;
        // As the administrator, with the same-site Origin: the strongest caller there is.
        const json = { userId: world().user.id, role: "admin", email: "probe@example.se", password: "hemligt-lösen-1", name: "x" };
        const outcome = await callAuthApi(method, `/api/auth${path}`, { cookie: world().admin.cookie, json });
        if (outcome.status !== 404) reachable.push(`${method} ${endpoint.path}: ${describeOutcome(outcome)}`);
      }
    }
    expect(reachable).toEqual([]);
    expect(await databaseFingerprint(world().handle), "a refused endpoint changed the database").toBe(before);
  });

  it("keeps the admin plugin's impersonation, session lists and role changes out of reach of an administrator", async () => {
    const before = await databaseFingerprint(world().handle);
    const attempts: [string, Record<string, unknown>][] = [
      ["/api/auth/admin/impersonate-user", { userId: world().user.id }],
      ["/api/auth/admin/list-user-sessions", { userId: world().user.id }],
      ["/api/auth/admin/set-role", { userId: world().admin.id, role: "user" }],
      ["/api/auth/admin/set-role", { userId: world().user.id, role: "admin" }],
      ["/api/auth/admin/set-user-password", { userId: world().user.id, newPassword: "övertaget-1" }],
      ["/api/auth/admin/ban-user", { userId: world().user.id }],
      ["/api/auth/admin/remove-user", { userId: world().user.id }],
    ];
    for (const [path, json] of attempts) {
      const outcome = await callAuthApi("POST", path, { cookie: world().admin.cookie, json });
      expect(outcome.status, `${path}: ${String(outcome.body).slice(0, 200)}`).toBe(404);
      // No session token, user or role in the answer.
      expect(String(outcome.body)).not.toMatch(/token|"role"|@example\.se/);
    }
    const listed = await callAuthApi("GET", `/api/auth/admin/list-users`, { cookie: world().admin.cookie });
    expect(listed.status).toBe(404);
    expect(await databaseFingerprint(world().handle)).toBe(before);
  });

  it("gives the same answer to a sign-up for a taken address as for a new one, and creates no account over HTTP", async () => {
    const before = await databaseFingerprint(world().handle);
    const signUp = (email: string) =>
      callAuthApi("POST", "/api/auth/sign-up/email", { json: { email, password: "hemligt-lösen-1", name: "x" }, cookie: undefined });
    const taken = await signUp(world().user.email);
    const fresh = await signUp("helt-ny@example.se");
    expect({ status: fresh.status, body: fresh.body }).toEqual({ status: taken.status, body: taken.body });
    expect(String(taken.body)).not.toContain(world().user.email.split("@")[0]);
    expect(await databaseFingerprint(world().handle), "the sign-up created an account").toBe(before);
  });

  it("gives the same answer on the /auth page to a registration for a taken address as for a new one", async () => {
    const register = async (email: string) => {
      const form = { intent: "register", email, password: "hemlig-fras-8", confirmPassword: "hemlig-fras-8" };
      const outcome = await callRoute(authPageAction as never, postRequest("/auth", { form }, { headers: { "x-client-ip": "203.0.113.40" } }));
      return { status: outcome.status, location: outcome.location };
    };
    expect(await register(world().user.email)).toEqual(await register("ny-pa-sidan@example.se"));
  });

  it("refuses a confirmation link whose callbackURL leaves the site after normalisation (400, no redirect)", async () => {
    const problems: string[] = [];
    for (const callback of CALLBACKS_LEAVING_THE_SITE) {
      for (const name of ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"]) {
        const outcome = await callAuthApi("GET", `/api/auth/verify-email?token=x&${name}=${encodeURIComponent(callback)}`);
        if (outcome.status !== 400 || outcome.location !== null) problems.push(`${name}=${callback}: ${describeOutcome(outcome)}`);
      }
    }
    // Also when the parameter comes twice (a first harmless value, then the hostile one).
    const twice = await callAuthApi("GET", `/api/auth/verify-email?token=x&callbackURL=%2F&callbackURL=${encodeURIComponent("/..//evil.example")}`);
    if (twice.status !== 400) problems.push(`twice: ${describeOutcome(twice)}`);
    expect(problems).toEqual([]);
  });

  it("refuses a sign-in whose body carries a callback leaving the site", async () => {
    for (const callback of CALLBACKS_LEAVING_THE_SITE) {
      const json = { email: world().user.email, password: world().user.password, callbackURL: callback };
      const outcome = await callAuthApi("POST", "/api/auth/sign-in/email", { json });
      expect(outcome.status, callback).toBe(400);
      expect(leavesSite(outcome.location), callback).toBe(false);
    }
  });

  it("still follows a same-site callback, the one our confirmation mails carry", async () => {
    const callback = `/auth?verified=1&redirectTo=${encodeURIComponent("/d/xn--rksmrgs-5wao1o.se")}`;
    const outcome = await callAuthApi("GET", `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callback)}`);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`${callback}&error=INVALID_TOKEN`);
  });
});
