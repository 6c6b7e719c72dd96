// Every action of every route (app/routes.ts through route-access.ts), posted
// bodies of every broken shape by a caller who may use it: a multipart body
// that is not one, JSON that is not JSON, bytes that are not text, a body that
// breaks off (a dropped connection, or the server's size limit). The answer is
// an expected 4xx (or the route's ordinary answer when it needs no body),
// never a 5xx, and nothing changes.
import { expect, it } from "vitest";
import { RequestBodyTooLargeError } from "~/server/http/request-body.server";
import { TEST_SITE_URL } from "~tests/factories/users";
import { callRoute, describeOutcome } from "./support/call-route";
import { databaseFingerprint } from "./support/fingerprint";
import { allRoutes, importRouteModule } from "./support/route-table";
import { routeTarget, samplePosts } from "./support/route-samples";
import { describeWithSecurityWorld, type Role } from "./support/security-world";
import { ROUTE_ACCESS, type ActionAccess } from "./route-access";

type BodyShape = { label: string; contentType?: string; body: () => BodyInit };

/** A body that sends a little and then fails, as a dropped connection or the front's size limit does. */
const breakingOff = (error: Error) => () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("intent=login&email="));
      controller.error(error);
    },
  });

const SHAPES: BodyShape[] = [
  { label: "broken multipart", contentType: "multipart/form-data; boundary=x", body: () => "--x\r\nbroken" },
  { label: "multipart without a boundary", contentType: "multipart/form-data", body: () => "intent=login" },
  { label: "multipart, empty", contentType: "multipart/form-data; boundary=x", body: () => "" },
  { label: "multipart part without a name", contentType: "multipart/form-data; boundary=x", body: () => '--x\r\nContent-Disposition: form-data\r\n\r\nv\r\n--x--\r\n' },
  { label: "bad percent escapes", contentType: "application/x-www-form-urlencoded", body: () => "%%%&intent=%E0%A4%A&=%ZZ" },
  { label: "JSON that is not JSON", contentType: "application/json", body: () => "{not json" },
  { label: "JSON of the wrong shape", contentType: "application/json", body: () => '[1,{"__proto__":{"x":1}},"callbackURL"]' },
  { label: "not text", contentType: "application/x-www-form-urlencoded", body: () => new Uint8Array([0xff, 0xfe, 0x00, 0xc0, 0xaf]) },
  { label: "text/plain", contentType: "text/plain", body: () => "hej" },
  { label: "no content type", body: () => new Uint8Array([1, 2, 3]) },
  { label: "cut off by the size limit", contentType: "application/x-www-form-urlencoded", body: breakingOff(new RequestBodyTooLargeError(64 * 1024)) },
  { label: "cut off by a dropped connection", contentType: "application/x-www-form-urlencoded", body: breakingOff(new Error("aborted")) },
];

/** The caller who may use the action; a visitor for sign-out, so the world's sessions survive. */
function callerFor(access: ActionAccess): Role {
  if (access === "admin") return "admin";
  if (access === "account") return "user";
  return "visitor";
}

function malformedPost(path: string, shape: BodyShape, cookie: string | undefined) {
  const headers = new Headers({ origin: TEST_SITE_URL, "x-client-ip": "203.0.113.60" });
  if (shape.contentType) headers.set("content-type", shape.contentType);
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL(path, TEST_SITE_URL), { method: "POST", headers, body: shape.body(), duplex: "half" } as RequestInit);
}

/** The routes whose action reads a form: a body that is not one is a 400 with a message there (413 past the size limit). */
const FORM_PATHS = ["/auth", "/account", "/api/bookmarks", "/contact", "/api/enquiry", "/admin/domains", "/admin/premium", "/admin/users", "/admin/imports", "/admin/maintenance"];

describeWithSecurityWorld("malformed request bodies", (world) => {
  it("never answer 5xx or throw, and change nothing", async () => {
    const before = await databaseFingerprint(world().handle);
    const problems: string[] = [];
    for (const route of allRoutes()) {
      const access = ROUTE_ACCESS[route.id];
      if (!access || access.action === "none") continue;
      const module = await importRouteModule(route);
      const { params, path } = routeTarget(route, access, world());
      const paths = new Set(samplePosts(access, world()).map((sample) => sample.path ?? path));
      for (const target of paths) {
        for (const shape of SHAPES) {
          const outcome = await callRoute(module.action!, malformedPost(target, shape, world().cookieOf(callerFor(access.action))), params);
          if (outcome.error || outcome.status >= 500) problems.push(`${target}, ${shape.label}: ${describeOutcome(outcome)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await databaseFingerprint(world().handle), "a malformed body changed the database").toBe(before);
  });

  it("answer 400 (413 past the size limit) with a message where a form was expected", async () => {
    const problems: string[] = [];
    const checked = new Set<string>();
    for (const route of allRoutes()) {
      const access = ROUTE_ACCESS[route.id];
      if (!access || access.action === "none") continue;
      const { params, path } = routeTarget(route, access, world());
      if (!FORM_PATHS.includes(path)) continue;
      const module = await importRouteModule(route);
      for (const shape of SHAPES.filter((candidate) => /multipart|cut off/.test(candidate.label) && candidate.label !== "multipart, empty")) {
        const outcome = await callRoute(module.action!, malformedPost(path, shape, world().cookieOf(callerFor(access.action))), params);
        const message = JSON.stringify(outcome.body ?? "");
        checked.add(path);
        const expected = shape.label === "cut off by the size limit" ? 413 : 400;
        if (outcome.status !== expected || message.length < 10) problems.push(`${path}, ${shape.label}: ${describeOutcome(outcome)} ${message.slice(0, 120)}`);
      }
    }
    expect([...checked].sort()).toEqual([...FORM_PATHS].sort());
    expect(problems).toEqual([]);
  });
});
