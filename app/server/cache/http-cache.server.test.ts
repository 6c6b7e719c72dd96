import express from "express";
import { beforeEach, describe, expect, it } from "vitest";
import { servePagesForTests } from "~tests/support/serve-pages";
import { invalidateDomainCaches } from "./domain-cache.server";
import { httpCache, isCacheableRequest, maxAgeBeforeRelease, weakEtag } from "./http-cache.server";
import { clearPageCacheForTests, pageCacheEnabled } from "./page-cache.server";

// A stand-in for React Router behind the middleware: a page with a per-response nonce, counting renders.
let renders = 0;
const app = express();
app.set("etag", false); // React Router writes with write/end; Express's own ETag on send() would muddle the test.
app.use(httpCache);
app.get("/cookie", (_request, response) => {
  response.setHeader("Set-Cookie", "x=1").type("html").send("<p>sets a cookie</p>");
});
// A render during which domains change (a job or an admin edit lands meanwhile).
app.get("/changing", async (_request, response) => {
  renders++;
  await new Promise((resolve) => setTimeout(resolve, 20));
  invalidateDomainCaches();
  response.type("html").end("<p>rendered from the old rows</p>");
});
app.get("/{*path}", (request, response) => {
  renders++;
  const nonce = `nonce${renders}abc`;
  response.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
  response.type("html");
  response.write(`<html><script nonce="${nonce}">1</script><link nonce="${nonce}">`);
  response.end(`<p>${request.path}</p></html>`);
});
const base = servePagesForTests(app);
beforeEach(() => {
  renders = 0;
});

describe("httpCache", () => {
  it("marks anonymous public pages revalidatable with a weak ETag and answers a match with 304", async () => {
    const first = await fetch(`${base()}/about`);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\//);
    const repeat = await fetch(`${base()}/about`, { headers: { "If-None-Match": etag } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
    expect(repeat.headers.get("content-security-policy")).toBeNull();
  });

  it("serves repeat views from the micro-cache with a fresh nonce in the body and the policy", async () => {
    const first = await fetch(`${base()}/list`);
    const second = await fetch(`${base()}/list`);
    expect(renders).toBe(1);
    expect(second.headers.get("x-cache")).toBe("HIT");
    const policy = second.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    expect(nonce).not.toBe("nonce1abc");
    const body = await second.text();
    expect(body.split(`nonce="${nonce}"`)).toHaveLength(3);
    expect(body).not.toContain("nonce1abc");
    expect(await first.text()).toContain('nonce="nonce1abc"');
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  it("renders anew when the request says no-cache (a hard reload)", async () => {
    await fetch(`${base()}/fresh`);
    const reload = await fetch(`${base()}/fresh`, { headers: { "Cache-Control": "no-cache" } });
    expect(reload.headers.get("x-cache")).toBe("MISS");
    expect(renders).toBe(2);
  });

  it("renders once for concurrent requests of one URL", async () => {
    await Promise.all(Array.from({ length: 5 }, () => fetch(`${base()}/busy`).then((response) => response.text())));
    expect(renders).toBe(1);
  });

  it("renders again once domains changed", async () => {
    await fetch(`${base()}/home`);
    invalidateDomainCaches();
    await fetch(`${base()}/home`);
    expect(renders).toBe(2);
  });

  it("does not reuse a page whose render overlapped a change to domains", async () => {
    await fetch(`${base()}/changing`);
    const next = await fetch(`${base()}/changing`);
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(renders).toBe(2);
  });

  it("is on without a PostgreSQL server too (the embedded database is one process)", async () => {
    clearPageCacheForTests({ enabled: null });
    expect(pageCacheEnabled()).toBe(true);
    await fetch(`${base()}/embedded`);
    expect((await fetch(`${base()}/embedded`)).headers.get("x-cache")).toBe("HIT");
  });

  it("never caches for signed-in visitors, toast cookies or responses that set cookies", async () => {
    const signedIn = await fetch(`${base()}/about`, { headers: { Cookie: "better-auth.session_token=abc" } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect(signedIn.headers.get("etag")).toBeNull();
    await fetch(`${base()}/about`, { headers: { Cookie: "__Secure-better-auth.session_token=abc" } });
    await fetch(`${base()}/about`, { headers: { Cookie: "snart_toast=xyz" } });
    expect(renders).toBe(3);
    const setsCookie = await fetch(`${base()}/cookie`);
    expect(setsCookie.headers.get("cache-control")).toBeNull();
    expect(setsCookie.headers.get("etag")).toBeNull();
  });

  it("leaves private paths alone", () => {
    const request = (path: string, method = "GET") => ({ method, path, headers: {} });
    for (const path of [
      "/account",
      "/account.data",
      "/admin",
      "/backoffice",
      "/auth",
      "/api/auth/get-session",
      "/calendar/x.ics",
      "/healthz",
    ]) {
      expect(isCacheableRequest(request(path)), path).toBe(false);
    }
    for (const path of ["/", "/_root.data", "/soon-available", "/search/hund", "/d/hund.se", "/about"]) {
      expect(isCacheableRequest(request(path)), path).toBe(true);
    }
    expect(isCacheableRequest(request("/", "POST"))).toBe(false);
  });

  it("ignores the nonce in the ETag", () => {
    expect(weakEtag(Buffer.from('<script nonce="aaa">'), "aaa")).toBe(weakEtag(Buffer.from('<script nonce="bbb">'), "bbb"));
    expect(weakEtag(Buffer.from('<a nonce="aaa"><b nonce="aaa">'), "aaa")).toBe(weakEtag(Buffer.from('<a nonce=""><b nonce="">'), null));
    expect(weakEtag(Buffer.from("<p>one</p>"), null)).not.toBe(weakEtag(Buffer.from("<p>two</p>"), null));
  });

  it.each([
    [3600, "2030-05-10T03:00:00.000Z", 3600],
    [3600, "2030-05-10T03:30:00.000Z", 1800],
    [3600, "2030-05-10T03:59:59.400Z", 0],
    [300, "2030-05-10T03:58:00.000Z", 120],
    [3600, "2030-05-10T04:00:00.000Z", 3600],
    [86_400, "2030-05-10T04:00:00.000Z", 86_400],
    [86_400, "2030-05-10T05:00:00.000Z", 82_800],
  ])("a max-age of %i s at %s is cut to %i s, so no copy outlives the next 04:00 UTC", (maxAge, now, expected) => {
    expect(maxAgeBeforeRelease(maxAge, new Date(now))).toBe(expected);
  });
});
