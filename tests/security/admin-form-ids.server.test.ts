// Every backoffice form that names a row (a configuration, an import run, a
// user, a name, a job), posted by an administrator with an id that names
// nothing: one that does not exist, or that no row could have (too large for
// the database's integer, negative, not a number). Each is answered 404 with
// an English message, and nothing changes — never a 5xx from the database.
import { expect, it } from "vitest";
import { callRoute, describeOutcome } from "./support/call-route";
import { databaseFingerprint } from "./support/fingerprint";
import { allRoutes, importRouteModule } from "./support/route-table";
import { routeTarget, samplePosts } from "./support/route-samples";
import { describeWithSecurityWorld, postRequest } from "./support/security-world";
import { ROUTE_ACCESS } from "./route-access";

/** The fields that name an existing row, per intent (a new premium name, configuration or operator names none). */
const ROW_FIELDS: Record<string, string[]> = {
  "toggle-featured": ["name"],
  "update-description": ["name"],
  "update-premium": ["name"],
  "delete-premium": ["name"],
  "set-admin-role": ["userId"],
  "set-suspended": ["userId"],
  "update-import-config": ["configId"],
  "delete-import-config": ["configId"],
  "run-import": ["configId"],
  "apply-import-as-complete": ["runId"],
  "apply-import-anyway": ["runId"],
  "apply-zone-run": ["runId"],
  "upload-import": ["configId"],
  "run-job": ["job"],
  "update-operator": ["operatorId"],
  "delete-operator": ["operatorId"],
};

const NO_SUCH_ROW = ["99999999999999999999", "2147483648", "2147483647", "-1", "0", "1.5", "1e3", "abc", "", "x".repeat(5000), "\u0000"];

/** Swedish letters or words in a backoffice message would mean the public site's text leaked in. */
const SWEDISH = /[åäöÅÄÖ]|\b(och|inte|finns|domänen)\b/;

describeWithSecurityWorld("backoffice forms given an id that names nothing", (world) => {
  it("names the row fields of every intent of every backoffice action", () => {
    const intents = Object.values(ROUTE_ACCESS).flatMap((access) => Object.keys(access.intents ?? {}));
    const withoutRows = new Set(["add-premium", "add-import-config", "add-operator"]);
    expect(intents.filter((intent) => !withoutRows.has(intent) && !ROW_FIELDS[intent])).toEqual([]);
  });

  it("answers 404 in English and changes nothing", { timeout: 120_000 }, async () => {
    const before = await databaseFingerprint(world().handle);
    const problems: string[] = [];
    let tried = 0;
    for (const route of allRoutes()) {
      const access = ROUTE_ACCESS[route.id];
      if (!access || access.action !== "admin" || !route.file.startsWith("routes/admin/")) continue;
      const module = await importRouteModule(route);
      const { params, path } = routeTarget(route, access, world());
      for (const sample of samplePosts(access, world())) {
        for (const fieldName of ROW_FIELDS[sample.form?.intent ?? ""] ?? []) {
          for (const value of NO_SUCH_ROW) {
            tried++;
            const form = { ...sample.form, [fieldName]: value };
            const outcome = await callRoute(
              module.action!,
              postRequest(path, { ...sample, form }, { cookie: world().admin.cookie }),
              params,
            );
            const body = outcome.body as { ok?: boolean; description?: string } | undefined;
            const where = `${sample.form?.intent} ${fieldName}=${JSON.stringify(value.slice(0, 30))}`;
            if (outcome.status !== 404) problems.push(`${where}: ${describeOutcome(outcome)}`);
            else if (body?.ok !== false || !body.description) problems.push(`${where}: no message`);
            else if (SWEDISH.test(body.description)) problems.push(`${where}: not English: ${body.description}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(100);
    expect(await databaseFingerprint(world().handle), "a form naming no row changed the database").toBe(before);
  });
});
