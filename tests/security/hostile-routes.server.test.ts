// Property-based, through the routes: hostile path segments and query strings
// into the loaders that read them. Every answer is a page or an expected
// 4xx (400/404 with a Swedish message) — never a 5xx, never an exception.
// The database is up the whole time, so a 503 here is a failure too.
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { loader as adminDomainsLoader } from "~/routes/admin/domains";
import { loader as importRunLoader } from "~/routes/admin/import-run";
import { loader as adminPremiumLoader } from "~/routes/admin/premium";
import { loader as adminTabAddressLoader } from "~/routes/admin/tab-address";
import { loader as adminUsersLoader } from "~/routes/admin/users";
import { loader as calendarLoader } from "~/routes/api/calendar";
import { loader as authLoader } from "~/routes/public/auth";
import { loader as availableLoader } from "~/routes/public/available";
import { loader as domainLoader } from "~/routes/public/domain-detail";
import { loader as featuredLoader } from "~/routes/public/featured";
import { loader as homeLoader } from "~/routes/public/home";
import { loader as premiumLoader } from "~/routes/public/premium";
import { loader as searchLoader } from "~/routes/public/search";
import { loader as similarLoader } from "~/routes/public/similar-domains";
import { loader as soonLoader } from "~/routes/public/soon-available";
import { loader as sitemapPageLoader } from "~/routes/seo/sitemap-page";
import { createDomains } from "~tests/factories/domains";
import { callRoute, describeOutcome } from "./support/call-route";
import { hostileString } from "./support/hostile-strings";
import { describeWithSecurityWorld, getRequest } from "./support/security-world";

/** Per loader; each run is a real query on the embedded database. */
const LOADER_RUNS = 500;
const SMALL_RUNS = 150;

const QUERY_KEYS = ["q", "sort", "page", "featured", "dir", "status", "tld", "from", "to", "lenFrom", "lenTo", "letters", "digits", "special", "nonLatin", "tab"];

/** "?k=v&..." from hostile keys and values (some keys the routes read, some they don't). */
const hostileQuery = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), hostileString()), fc.oneof(hostileString(), fc.constantFrom("1", "0", "desc", "name", "15+", "2030-01-01", "99999999"))), {
    maxLength: 6,
  })
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value);
    return `?${params}`;
  });

type Loader = (args: never) => unknown;

/** Known troublemakers, tried first in every run (the random part differs from run to run). */
const CLASSIC_VALUES = ["\u0000", "a\u0000b.se", "%", "%00", "\ud800.se", "x".repeat(100_000), "99999999999999999999", "1e400", "-1", "../../etc/passwd", "<script>alert(1)</script>.se"];
const CLASSIC_QUERIES = ["?q=%00", "?q=%25%5F%5C", "?page=1e400", "?page=99999999999999", "?from=9999-99-99&to=0000-00-00", "?lenFrom=15%2B&lenTo=0", "?sort=__proto__&dir=constructor", `?q=${"a".repeat(10_000)}`];

const problem = (outcome: Awaited<ReturnType<typeof callRoute>>) => outcome.error !== undefined || outcome.status >= 500;

/** As a browser puts it in a URL (an unpaired surrogate becomes U+FFFD). */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

/**
 * Calls `call` for the examples and `runs` generated values and returns every
 * input that got a 5xx. The property itself never fails, so one bad input
 * does not stop the others (and a bug in this test still throws).
 */
async function fiveHundreds<T>(arbitrary: fc.Arbitrary<T>, runs: number, examples: T[], call: (value: T) => Promise<Awaited<ReturnType<typeof callRoute>>>) {
  const failures: string[] = [];
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      const outcome = await call(value);
      if (problem(outcome)) failures.push(`${JSON.stringify(String(value).slice(0, 120))}: ${describeOutcome(outcome).slice(0, 300)}`);
      return true;
    }),
    { numRuns: runs, examples: examples.map((value) => [value] as [T]) },
  );
  return failures;
}

// Hundreds of loader calls per case: on a busy machine more than the default 30 s (a hang still fails).
const PROPERTY_TIMEOUT_MS = 120_000;

describeWithSecurityWorld("hostile input through the routes", (world) => {
  beforeAll(async () => {
    // Enough names of every status for the lists and searches to do real work.
    await createDomains(world().handle.db, 120, {});
    await createDomains(world().handle.db, 60, { status: "soonavailable" });
    await createDomains(world().handle.db, 20, { status: "premium", price: 1000 });
  });

  const pathCases: [string, Loader, string, (value: string) => string, number][] = [
    ["/search/:query", searchLoader as Loader, "query", (value) => `/search/${encode(value)}`, LOADER_RUNS],
    ["/d/:domainName", domainLoader as Loader, "domainName", (value) => `/d/${encode(value)}`, LOADER_RUNS],
    ["/d/:domainName/liknande", similarLoader as Loader, "domainName", (value) => `/d/${encode(value)}/liknande`, SMALL_RUNS],
    ["/calendar/:file", calendarLoader as Loader, "file", (value) => `/calendar/${encode(value)}`, SMALL_RUNS],
    ["/sitemaps/:file", sitemapPageLoader as Loader, "file", (value) => `/sitemaps/${encode(value)}`, SMALL_RUNS],
  ];
  for (const [label, loader, param, toPath, runs] of pathCases) {
    it(`${label}: ${runs} hostile values, never a 5xx`, async () => {
      const failures = await fiveHundreds(hostileString(), runs, CLASSIC_VALUES, (value) => callRoute(loader, getRequest(toPath(value)), { [param]: value }));
      expect(failures.slice(0, 5)).toEqual([]);
    }, PROPERTY_TIMEOUT_MS);
  }

  const queryCases: [string, Loader, "visitor" | "admin", number][] = [
    ["/soon-available", soonLoader as Loader, "visitor", LOADER_RUNS],
    ["/admin/domains", adminDomainsLoader as Loader, "admin", LOADER_RUNS],
    ["/admin/premium", adminPremiumLoader as Loader, "admin", SMALL_RUNS],
    ["/admin/users", adminUsersLoader as Loader, "admin", SMALL_RUNS],
    ["/admin", adminTabAddressLoader as Loader, "admin", SMALL_RUNS],
    ["/", homeLoader as Loader, "visitor", SMALL_RUNS],
    ["/featured", featuredLoader as Loader, "visitor", SMALL_RUNS],
    ["/available", availableLoader as Loader, "visitor", SMALL_RUNS],
    ["/premium", premiumLoader as Loader, "visitor", SMALL_RUNS],
    ["/auth", authLoader as Loader, "visitor", SMALL_RUNS],
  ];
  for (const [path, loader, role, runs] of queryCases) {
    it(`${path}?…: ${runs} hostile query strings as ${role}, never a 5xx`, async () => {
      const failures = await fiveHundreds(hostileQuery, runs, CLASSIC_QUERIES, (query) => callRoute(loader, getRequest(`${path}${query}`, { cookie: world().cookieOf(role) })));
      expect(failures.slice(0, 5)).toEqual([]);
    }, PROPERTY_TIMEOUT_MS);
  }

  it(`/api/admin/import-runs/:runId: ${SMALL_RUNS} hostile ids as admin, never a 5xx`, async () => {
    const ids = fc.oneof(hostileString(), fc.bigInt().map(String), fc.double().map(String));
    const failures = await fiveHundreds(ids, SMALL_RUNS, CLASSIC_VALUES, (runId) =>
      callRoute(importRunLoader as Loader, getRequest(`/api/admin/import-runs/${encode(runId)}`, { cookie: world().admin.cookie }), { runId }),
    );
    expect(failures.slice(0, 5)).toEqual([]);
  }, PROPERTY_TIMEOUT_MS);
});
