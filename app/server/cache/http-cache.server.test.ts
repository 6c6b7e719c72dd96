import express from "express";
import { beforeEach, describe, expect, it } from "vitest";
import { servePagesForTests } from "~tests/support/serve-pages";
import { expressHandler } from "~/server/http/react-router-handler.server";
import { invalidateDomainCaches } from "./domain-cache.server";
import { answerThroughHttpCache, isCacheableRequest, maxAgeBeforeRelease, weakEtag } from "./http-cache.server";
import { clearPageCacheForTests, pageCacheEnabled } from "./page-cache.server";

// A stand-in for React Router's handler behind the cache, answered through the same Express bridge as
// the real one: a page with a per-render nonce, sent in two chunks as a stream, counting renders.
let renders = 0;
const NONCE_LENGTH = 24; // entry.server.tsx: 16 random bytes in base64.

function page(body: string, headers: Record<string, string> = {}) {
  return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
}

async function standIn(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  renders++;
  if (pathname === "/cookie") return page("<p>sets a cookie</p>", { "Set-Cookie": "x=1" });
  if (pathname === "/changing") {
    // A render during which domains change (a job or an admin edit lands meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 20));
    invalidateDomainCaches();
    return page("<p>rendered from the old rows</p>");
  }
  const nonce = `render${renders}`.padEnd(NONCE_LENGTH, "x");
  const chunks = [`<html><script nonce="${nonce}">1</script>`, `<link nonce="${nonce}"><p>${pathname}</p></html>`];
  const body = new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const chunk = chunks.shift();
      if (chunk) controller.enqueue(new TextEncoder().encode(chunk));
      else controller.close();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'` },
  });
}

const app = express();
app.set("etag", false);
// As server/app.ts's base security headers do in production: a policy for answers that are not pages.
app.use((_request, response, next) => {
  response.setHeader("Content-Security-Policy", "default-src 'none'");
  next();
});
app.use(expressHandler(standIn, { pageCache: answerThroughHttpCache }));
const base = servePagesForTests(app);
beforeEach(() => {
  renders = 0;
});

const nonceOfPolicy = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe("answerThroughHttpCache", () => {
  it("marks anonymous public pages revalidatable with a weak ETag and answers a match with 304", async () => {
    const first = await fetch(`${base()}/about`);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(first.headers.get("vary")).toBe("Cookie");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\//);
    const repeat = await fetch(`${base()}/about`, { headers: { "If-None-Match": etag } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
    // Neither the page's policy nor the base one: the browser keeps the policy that matches its body.
    expect(repeat.headers.get("content-security-policy")).toBeNull();
  });

  it("serves repeat views from the micro-cache, each with a fresh nonce in the body that matches its policy", async () => {
    const first = await fetch(`${base()}/list`);
    const firstBody = await first.text();
    const answers = [await fetch(`${base()}/list`), await fetch(`${base()}/list`)];
    expect(renders).toBe(1);
    const nonces = [nonceOfPolicy(first)!];
    for (const answer of answers) {
      expect(answer.headers.get("x-cache")).toBe("HIT");
      const nonce = nonceOfPolicy(answer)!;
      expect(nonce).toHaveLength(NONCE_LENGTH);
      const body = await answer.text();
      expect(body.split(`nonce="${nonce}"`)).toHaveLength(3);
      expect(body.replaceAll(nonce, "")).toBe(firstBody.replaceAll(nonces[0], ""));
      expect(answer.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(Number(answer.headers.get("content-length"))).toBe(Buffer.byteLength(body));
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it("renders anew when the request says no-cache (a hard reload)", async () => {
    await (await fetch(`${base()}/fresh`)).text();
    const reload = await fetch(`${base()}/fresh`, { headers: { "Cache-Control": "no-cache" } });
    expect(reload.headers.get("x-cache")).toBe("MISS");
    expect(renders).toBe(2);
  });

  it("renders once for concurrent requests of one URL", async () => {
    await Promise.all(Array.from({ length: 5 }, () => fetch(`${base()}/busy`).then((response) => response.text())));
    expect(renders).toBe(1);
  });

  it("renders again once domains changed", async () => {
    await (await fetch(`${base()}/home`)).text();
    invalidateDomainCaches();
    await (await fetch(`${base()}/home`)).text();
    expect(renders).toBe(2);
  });

  it("does not reuse a page whose render overlapped a change to domains", async () => {
    await (await fetch(`${base()}/changing`)).text();
    const next = await fetch(`${base()}/changing`);
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(renders).toBe(2);
  });

  it("keeps phones' and others' copies apart (the layout differs)", async () => {
    const phone = { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" };
    await (await fetch(`${base()}/about`)).text();
    expect((await fetch(`${base()}/about`, { headers: phone })).headers.get("x-cache")).toBe("MISS");
    expect((await fetch(`${base()}/about`, { headers: phone })).headers.get("x-cache")).toBe("HIT");
    expect(renders).toBe(2);
  });

  it("is on without a PostgreSQL server too (the embedded database is one process)", async () => {
    clearPageCacheForTests({ enabled: null });
    expect(pageCacheEnabled()).toBe(true);
    await (await fetch(`${base()}/embedded`)).text();
    expect((await fetch(`${base()}/embedded`)).headers.get("x-cache")).toBe("HIT");
  });

  it("never answers signed-in visitors or toast cookies from the cache, nor caches what they get", async () => {
    const anonymous = await (await fetch(`${base()}/about`)).text();
    for (const cookie of ["better-auth.session_token=abc", "__Secure-better-auth.session_token=abc", "snart_toast=xyz"]) {
      const personal = await fetch(`${base()}/about`, { headers: { Cookie: cookie } });
      expect(personal.headers.get("cache-control"), cookie).toBe("private, no-cache");
      expect(personal.headers.get("etag"), cookie).toBeNull();
      expect(personal.headers.get("x-cache"), cookie).toBeNull();
      expect(await personal.text(), cookie).not.toBe(anonymous);
      expect((await fetch(`${base()}/about`, { headers: { Cookie: cookie, "If-None-Match": "*" } })).status, cookie).toBe(200);
    }
    expect(renders).toBe(7);
    // The anonymous copy is still the one anonymous visitors get.
    expect((await fetch(`${base()}/about`)).headers.get("x-cache")).toBe("HIT");
  });

  it("never caches an answer that sets a cookie", async () => {
    const setsCookie = await fetch(`${base()}/cookie`);
    expect(setsCookie.headers.get("cache-control")).toBeNull();
    expect(setsCookie.headers.get("etag")).toBeNull();
    await (await fetch(`${base()}/cookie`)).text();
    expect(renders).toBe(2);
  });

  it("renders every view of a private path and never marks it cacheable", async () => {
    for (const path of ["/account", "/account.data", "/admin", "/backoffice", "/auth", "/api/auth/get-session", "/calendar/x.ics", "/healthz"]) {
      for (let view = 0; view < 2; view++) {
        const response = await fetch(`${base()}${path}`);
        expect(response.headers.get("cache-control"), path).toBeNull();
        expect(response.headers.get("etag"), path).toBeNull();
        expect(response.headers.get("x-cache"), path).toBeNull();
        await response.text();
      }
    }
    expect(renders).toBe(16);
  });

  it("marks a HEAD of a public page cacheable but keeps nothing", async () => {
    const head = await fetch(`${base()}/about`, { method: "HEAD" });
    expect(head.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(head.headers.get("etag")).toBeNull();
    expect((await fetch(`${base()}/about`)).headers.get("x-cache")).toBe("MISS");
  });

  it("tells private paths and personal requests from public ones", () => {
    const request = (url: string, init: { method?: string; headers?: Record<string, string> } = {}) => ({
      method: init.method ?? "GET",
      url,
      headers: new Headers(init.headers),
    });
    for (const path of ["/account", "/Account", "/account.data", "/admin", "/backoffice", "/auth", "/api/auth/get-session", "/calendar/x.ics", "/healthz", "/readyz"]) {
      expect(isCacheableRequest(request(path)), path).toBe(false);
    }
    for (const path of ["/", "/_root.data", "/soon-available", "/search/hund", "/d/hund.se", "/about"]) {
      expect(isCacheableRequest(request(path)), path).toBe(true);
    }
    expect(isCacheableRequest(request("/", { method: "POST" }))).toBe(false);
    expect(isCacheableRequest(request("/", { headers: { Cookie: "better-auth.session_token=abc" } }))).toBe(false);
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
