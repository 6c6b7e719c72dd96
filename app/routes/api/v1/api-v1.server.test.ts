import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect, it } from "vitest";
import { API_MAX_LIMIT } from "~/domain/api-v1";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { apiOpenApiDocument } from "~/server/api/openapi.server";
import { API_RATE_LIMIT } from "~/server/api/v1.server";
import { domainEvents } from "~/server/db/schema/index.server";
import { loadStatistics } from "~/server/statistics/load-statistics.server";
import { refreshStatistics } from "~/server/statistics/refresh-statistics.server";
import { createDomains } from "~tests/factories/domains";
import { insertZone } from "~tests/factories/zone";
import { insertCatchRiskHistory } from "~tests/factories/catch-risk-history";
import { appContextForTests, siteRequest, useAppAuthForTests } from "~tests/factories/users";
import { fillPath, flattenRoutes, importRouteModule } from "~tests/security/support/route-table";
import { describeEachEngine } from "~tests/setup/test-db";
import { loader as domainLoader } from "./domain";
import { loader as domainsLoader } from "./domains";
import { loader as openApiLoader } from "./openapi";
import { loader as statsLoader } from "./stats";

/** Every answer of these tests is checked against the generated OpenAPI document, with a standard JSON Schema validator. */
const document = apiOpenApiDocument(process.env.SITE_URL ?? "http://localhost:3000");
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(document, "openapi");
const pointer = (text: string) => text.replaceAll("~", "~0").replaceAll("/", "~1");

/** The operations these tests call, by path, as the document names them. */
function operationOf(pathname: string) {
  const detail = /^\/api\/v1\/domains\/(.+)$/.exec(pathname);
  if (detail) return { operation: "/api/v1/domains/{name}", loader: domainLoader, params: { name: decodeURIComponent(detail[1]) } };
  if (pathname === "/api/v1/stats") return { operation: pathname, loader: statsLoader, params: {} };
  return { operation: "/api/v1/domains", loader: domainsLoader, params: {} };
}

async function call(path: string, headers: Record<string, string> = {}) {
  const { operation, loader, params } = operationOf(new URL(path, "http://localhost").pathname);
  const response = (await loader({
    request: siteRequest(path, { headers }),
    params,
    context: appContextForTests(),
  } as never)) as Response;
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  if (response.status !== 304) {
    // The answer as the document says this operation answers with this status.
    const type = response.headers.get("content-type")!.split(";")[0];
    const validate = ajv.getSchema(`openapi#/paths/${pointer(operation)}/get/responses/${response.status}/content/${pointer(type)}/schema`);
    expect(validate, `the document describes ${response.status} ${type} of ${operation}`).toBeDefined();
    expect(validate!(body), `${path}: ${JSON.stringify(validate!.errors)}`).toBe(true);
  }
  return { response, body };
}

describeEachEngine("the public API, version 1", ({ handle }) => {
  it("pages through a list view by cursor, in the list's order, with the view's filters", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, 25, { status: "soonavailable", releaseDate: "2099-01-05" });
    await createDomains(handle().db, [
      { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2099-01-04" },
      { name: "hund.se", status: "available", releaseDate: "2020-01-01" },
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const { response, body } = await call(`/api/v1/domains?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
        "x-forwarded-for": "198.51.100.20",
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("ratelimit-limit")).toBe(String(API_RATE_LIMIT.points));
      seen.push(...body.data.map((row: { name: string }) => row.name));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(26);
    expect(seen[0]).toBe("räksmörgås.se");
    expect(new Set(seen).size).toBe(26);

    const filtered = await call("/api/v1/domains?list=available&tld=se");
    expect(filtered.body.data.map((row: { name: string; releasedAt: string }) => [row.name, row.releasedAt])).toEqual([
      ["hund.se", "2020-01-01T04:00:00.000Z"],
    ]);
    // The site's rule for filter values: one it does not know is off.
    expect((await call("/api/v1/domains?list=available&tld=com")).body.data).toHaveLength(1);
  });

  it("gives each listed name its sibling and twins in brief, and filters by them", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    await createDomains(db, [
      { name: "hund.se", status: "soonavailable", releaseDate: "2099-01-04" },
      { name: "katt.se", status: "soonavailable", releaseDate: "2099-01-05" },
      { name: "katt.nu", status: "soonavailable", releaseDate: "2099-01-06" },
    ]);
    const at = new Date("2026-12-03T06:00:00Z");
    await insertZone(db, ".nu", at, [{ name: "hund.nu", nameServers: ["ns1.loopia.se"] }]);
    await insertZone(db, ".se", at, [{ name: "xn--ktt-qla.se", nameServers: ["ns1.loopia.se"] }]);
    const { body } = await call("/api/v1/domains?tld=se");
    const brief = (row: { name: string; siblingRegistered: boolean; siblingStatus: string; twinRegistered: boolean }) => [
      row.name,
      row.siblingRegistered,
      row.siblingStatus,
      row.twinRegistered,
    ];
    expect(body.data.map(brief)).toEqual([
      ["hund.se", true, null, false],
      ["katt.se", false, "soonavailable", true],
    ]);
    expect((await call("/api/v1/domains?syskon=ja")).body.data.map(brief)).toEqual([["hund.se", true, null, false]]);
    expect((await call("/api/v1/domains?tvilling=ja")).body.data.map((row: { name: string }) => row.name)).toEqual(["katt.se", "katt.nu"]);
  });

  it("answers a bad parameter with problem details (400), never a 5xx", async () => {
    await useAppAuthForTests(handle());
    for (const query of [
      "list=registered",
      "limit=0",
      `limit=${API_MAX_LIMIT + 1}`,
      "limit=abc",
      "sort=random",
      "list=premium&sort=name-asc",
      "cursor=garbage",
    ]) {
      const { response, body } = await call(`/api/v1/domains?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(body).toMatchObject({ status: 400, title: "Bad request" });
    }
  });

  it("gives one name by either form with its history, what and when but never who", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, [{ name: "räksmörgås.se", status: "available", releaseDate: "2020-01-01" }]);
    await handle().db.insert(domainEvents).values({
      domainName: "xn--rksmrgs-5wao1o.se",
      type: "status_changed",
      fromStatus: "soonavailable",
      toStatus: "available",
      detail: "admin@example.se",
      source: "admin:user-123",
    });
    for (const name of ["räksmörgås.se", "xn--rksmrgs-5wao1o.se"]) {
      const { response, body } = await call(`/api/v1/domains/${encodeURIComponent(name)}`);
      expect(response.status).toBe(200);
      expect(body.domain).toMatchObject({ name: "räksmörgås.se", status: "available", description: null });
      expect(body.history).toEqual([
        { at: expect.any(String), type: "status_changed", fromStatus: "soonavailable", toStatus: "available" },
      ]);
      expect(JSON.stringify(body)).not.toMatch(/admin@|user-123/);
    }
    const unlisted = await call("/api/v1/domains/finns-inte.se");
    expect(unlisted.response.status).toBe(200);
    expect(unlisted.body).toEqual({
      domain: null,
      history: [],
      zone: null,
      siblings: [{ name: "finns-inte.nu", unicodeName: "finns-inte.nu", tld: ".nu", zone: null, list: null }],
      twins: [],
      catchRisk: null,
    });
    expect((await call(`/api/v1/domains/${"a".repeat(300)}.se`)).response.status).toBe(400);
    expect((await call("/api/v1/domains/hund.com")).response.status).toBe(400);
  });

  it("says what the zone says of any valid name, listed or not: delegated since, operator, last change", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    const at = new Date("2026-12-03T06:00:00Z");
    await insertZone(db, ".se", at, [{ name: "hund.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"] }]);
    const { response, body } = await call("/api/v1/domains/hund.se");
    expect(response.status).toBe(200);
    expect(body).toEqual({
      domain: null,
      history: [],
      zone: {
        snapshotAt: at.toISOString(),
        delegated: true,
        since: at.toISOString(),
        sinceIsFirstSnapshot: true,
        nameServers: ["ns1.loopia.se", "ns2.loopia.se"],
        hasDs: false,
        operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
        lastChange: null,
      },
      siblings: [{ name: "hund.nu", unicodeName: "hund.nu", tld: ".nu", zone: null, list: null }],
      twins: [],
      catchRisk: null,
    });
    expect((await call("/api/v1/domains/katt.se")).body.zone).toMatchObject({ delegated: false, since: null, operator: null });
    expect((await call("/api/v1/domains/katt.nu")).body.zone).toBeNull();
  });

  it("gives a name's sibling in the other TLD and its twins, with what the zone and the lists say of each", async () => {
    await useAppAuthForTests(handle());
    const db = handle().db;
    const at = new Date("2026-12-03T06:00:00Z");
    const loopia = ["ns1.loopia.se", "ns2.loopia.se"];
    await insertZone(db, ".se", at, [
      { name: "xn--rksmrgs-5wao1o.se", nameServers: loopia },
      { name: "raksmorgas.se", nameServers: ["a.ns.cloudflare.com"] },
    ]);
    await insertZone(db, ".nu", at, [{ name: "xn--rksmrgs-5wao1o.nu", nameServers: loopia }]);
    await createDomains(db, [{ name: "raksmorgas.nu", status: "soonavailable", releaseDate: "2099-01-15" }]);
    const inZone = { snapshotAt: at.toISOString(), delegated: true, since: at.toISOString(), sinceIsFirstSnapshot: true };
    const { response, body } = await call(`/api/v1/domains/${encodeURIComponent("räksmörgås.se")}`);
    expect(response.status).toBe(200);
    expect(body.siblings).toEqual([
      {
        name: "xn--rksmrgs-5wao1o.nu",
        unicodeName: "räksmörgås.nu",
        tld: ".nu",
        zone: { ...inZone, operator: { name: "Loopia", kind: "registrar_host", fromTable: true } },
        list: null,
      },
    ]);
    expect(body.twins).toEqual([
      {
        name: "raksmorgas.se",
        unicodeName: "raksmorgas.se",
        tld: ".se",
        zone: { ...inZone, operator: { name: "Cloudflare", kind: "registrar_host", fromTable: true } },
        list: null,
      },
      {
        name: "raksmorgas.nu",
        unicodeName: "raksmorgas.nu",
        tld: ".nu",
        zone: { snapshotAt: at.toISOString(), delegated: false, since: null, sinceIsFirstSnapshot: false, operator: null },
        list: { status: "soonavailable", releaseDate: "2099-01-15" },
      },
    ]);
    // And from the plain name: its accented twin, found in the zone.
    const plain = await call("/api/v1/domains/raksmorgas.se");
    expect(plain.body.twins.map((twin: { unicodeName: string }) => twin.unicodeName)).toEqual(["räksmörgås.se", "räksmörgås.nu"]);
  });

  it("gives a soon-available name's risk of being caught at once, as the OpenAPI document describes it", async () => {
    await useAppAuthForTests(handle());
    await insertCatchRiskHistory(handle());
    await createDomains(handle().db, [
      { name: "qzz.se", status: "soonavailable", releaseDate: addDays(todayUtc(new Date()), 10), score: 85, wordClass: 0 },
      { name: "tagen.se", status: "registered" },
    ]);
    await refreshStatistics(handle(), { now: new Date(), parts: ["catch-risk"] });
    const { body } = await call("/api/v1/domains/qzz.se");
    const group = ".se, 1–3 tecken, bara bokstäver, betyg utmärkt, inget svenskt ord";
    const unknownZone = "okänt om syskon eller tvilling var registrerat, okänt hur det var delegerat";
    expect(body.catchRisk).toEqual({
      probability: expect.closeTo(0.8, 1),
      outOfTen: 8,
      level: "high",
      // No zone was read: the two zone groups the basis stands on are "okänt" (decision 0088).
      basis: { names: 120, caught: 96, group: `${group}, ${unknownZone}`, days: 90 },
      text: `Hög risk att tas direkt: 8 av 10. Av 120 liknande namn (${group}, ${unknownZone}) de senaste 90 dagarna togs 96 direkt.`,
    });
    expect((await call("/api/v1/domains/tagen.se")).body.catchRisk).toBeNull();

    // The list gives each row the same risk, its stored whole per cent, and filters and sorts on it.
    await refreshStatistics(handle(), { now: new Date(), parts: ["catch-risk-names"] });
    const list = await call("/api/v1/domains?list=soon-available&sort=risk-desc&risk=hog");
    expect(list.body.data).toEqual([expect.objectContaining({ ace: "qzz.se", catchRiskPercent: 80, catchRisk: body.catchRisk })]);
    expect(list.response.status).toBe(200);
    expect((await call("/api/v1/domains?list=soon-available&risk=lag")).body.data).toEqual([]);
  });

  it("answers 304 to its ETag, and 429 with Retry-After past the limit", async () => {
    await useAppAuthForTests(handle());
    await createDomains(handle().db, [{ name: "hund.se", status: "available" }]);
    const first = await call("/api/v1/domains/hund.se");
    const again = await call("/api/v1/domains/hund.se", { "if-none-match": first.response.headers.get("etag")! });
    expect(again.response.status).toBe(304);

    const address = { "x-forwarded-for": "203.0.113.9" };
    // Bad names are answered without reading the database, and count all the same.
    for (let count = 0; count < API_RATE_LIMIT.points; count++) await call("/api/v1/domains/hund.com", address);
    const limited = await call("/api/v1/domains/hund.se", address);
    expect(limited.response.status).toBe(429);
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.response.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("gives the statistics exactly as the statistics page reads them, with the API's headers", async () => {
    await useAppAuthForTests(handle());
    const now = new Date();
    const today = todayUtc(now);
    const released = addDays(today, -3);
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, last_free_at, taken_at)
       values ('hund.se', $1, '.se', 4, 0, $2, $3, $4, $5)`,
      [released, addDays(released, -30), `${released}T04:00:00Z`, `${released}T04:10:00Z`, `${released}T04:30:00Z`],
    );
    // In the zone again at the next hourly snapshot, on name servers of a host the operator table does not know.
    const [snapshot] = await handle().query<{ id: number }>(
      "insert into zone_snapshots (tld, serial, source, trigger, state) values ('.se', 1, 'file', 'test', 'succeeded') returning id",
    );
    await handle().query(
      `insert into zone_changes (snapshot_id, tld, name, kind, new_name_servers, seen_at)
       values ($1, '.se', 'hund.se', 'appeared', '{ns1.webbhotell.example.se,ns2.webbhotell.example.se}', $2)`,
      [snapshot.id, `${released}T05:00:00Z`],
    );
    await createDomains(handle().db, [
      { name: "katt.se", status: "soonavailable", releaseDate: addDays(today, 5), score: 85 },
      { name: "räksmörgås.nu", status: "soonavailable", releaseDate: addDays(today, 9) },
    ]);
    await refreshStatistics(handle(), { now });

    const { response, body } = await call("/api/v1/stats", { "x-forwarded-for": "198.51.100.30" });
    expect(response.status).toBe(200);
    expect(body).toEqual(JSON.parse(JSON.stringify(await loadStatistics(handle(), now))));
    expect(body.currentList.total).toBe(2);
    expect(body.catchByDay.find((entry: { day: string }) => entry.day === released)).toMatchObject({ released: 1, states: { "1h": 1 } });
    // The operators' table of both periods.
    expect(body.takenBy.map((period: { days: number }) => period.days)).toEqual([30, 90]);
    for (const period of body.takenBy) {
      expect(period).toMatchObject({ released: 1, taken: 1, medianSeconds: 3600, otherOperators: { operators: 0, names: 0 } });
      expect(period.operators).toEqual([{ operator: "example.se", kind: "other", known: false, names: 1, medianSeconds: 3600 }]);
    }
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(response.headers.get("ratelimit-limit")).toBe(String(API_RATE_LIMIT.points));
    const again = await call("/api/v1/stats", { "if-none-match": response.headers.get("etag")! });
    expect(again.response.status).toBe(304);
  });

  it("gives zeros and no computedAt for statistics never computed, and 429 past the limit", async () => {
    await useAppAuthForTests(handle());
    const { body } = await call("/api/v1/stats");
    expect(body.computedAt).toBeNull();
    expect(body.currentList.total).toBe(0);
    const address = { "x-forwarded-for": "203.0.113.10" };
    for (let count = 0; count < API_RATE_LIMIT.points; count++) await call("/api/v1/domains/hund.com", address);
    const limited = await call("/api/v1/stats", address);
    expect(limited.response.status).toBe(429);
    expect(limited.response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers a browser's CORS preflight on every /api/v1 route, without counting it against the limit", async () => {
    await useAppAuthForTests(handle());
    const apiRoutes = flattenRoutes().filter((route) => route.path.startsWith("api/v1/"));
    expect(apiRoutes.map((route) => route.path)).toContain("api/v1/stats");
    for (const route of apiRoutes) {
      const path = fillPath(route.path, { name: "hund.se" });
      const { loader } = await importRouteModule(route);
      // What Chromium sends before a fetch from another site that carries If-None-Match.
      const request = siteRequest(path, {
        method: "OPTIONS",
        headers: {
          origin: "https://example.org",
          "access-control-request-method": "GET",
          "access-control-request-headers": "if-none-match",
          "x-forwarded-for": "198.51.100.40",
        },
      });
      const response = (await loader!({ request, params: { name: "hund.se" }, context: appContextForTests() } as never)) as Response;
      expect(response.status, path).toBe(204);
      expect(await response.text(), path).toBe("");
      expect(Object.fromEntries(response.headers), path).toMatchObject({
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, HEAD, OPTIONS",
        "access-control-allow-headers": expect.stringMatching(/If-None-Match/i),
        "access-control-max-age": expect.stringMatching(/^\d+$/),
      });
      expect(response.headers.get("ratelimit-limit"), path).toBeNull();
    }
    // The answers themselves let the page read their ETag and rate-limit headers.
    const { response } = await call("/api/v1/domains", { origin: "https://example.org" });
    expect(response.headers.get("access-control-expose-headers")).toBe(
      "ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
    );
  });

  it("publishes its OpenAPI 3.1 document, generated from the schemas it answers with", async () => {
    const response = openApiLoader({ request: siteRequest("/api/v1/openapi.json") } as never) as Response;
    const served = (await response.json()) as typeof document;
    expect(served.openapi).toBe("3.1.0");
    expect(Object.keys(served.components?.schemas ?? {}).sort()).toEqual([
      "CatchRisk",
      "DomainDetail",
      "DomainEvent",
      "DomainPage",
      "ListedDomain",
      "Problem",
      "RelatedName",
      "Statistics",
      "TakenByPeriod",
      "ZoneFacts",
    ]);
    expect(Object.keys(served.paths ?? {})).toEqual(["/api/v1/domains", "/api/v1/domains/{name}", "/api/v1/stats"]);
  });
});
