import { expect, test } from "~tests/e2e/support/test";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { createSignedInE2eUser } from "~tests/e2e/support/users";

// Central Cache-Control/ETag for anonymous visitors of public pages (app/server/cache/http-cache.server.ts).
// The page micro-cache: here on the embedded database; several instances on PostgreSQL in two-instances.spec.ts.
test.describe("HTTP caching of public pages", () => {
  test("an anonymous repeat view of a public page is a 304 with no body", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    // Pages whose body is the same from one view to the next (lists carry the minute for their countdowns).
    for (const path of ["/about", "/how-it-works", "/"]) {
      // Retried: tests running beside this one add domains, and a home page that changed between the two views is
      // rightly sent again (seen once in CI).
      await expect(async () => {
        const first = await request.get(path);
        expect(first.status(), path).toBe(200);
        expect(first.headers()["cache-control"], path).toBe("public, max-age=0, must-revalidate");
        const etag = first.headers()["etag"];
        expect(etag, path).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
        const repeat = await request.get(path, { headers: { "If-None-Match": etag } });
        expect(repeat.status(), path).toBe(304);
        expect((await repeat.body()).length, path).toBe(0);
        // The browser keeps the policy whose nonce matches the body it already has.
        expect(repeat.headers()["content-security-policy"], path).toBeUndefined();
      }).toPass({ timeout: 15_000 });
      const other = await request.get(path, { headers: { "If-None-Match": 'W/"something-else"' } });
      expect(other.status(), path).toBe(200);
    }
    // React Router's data requests are revalidated the same way.
    const data = await request.get("/about.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["etag"]).toBeTruthy();
    expect((await request.get("/about.data", { headers: { "If-None-Match": data.headers()["etag"] } })).status()).toBe(304);
    await request.dispose();
  });

  test("a repeat anonymous view comes from the page micro-cache until domains change", async ({ playwright, baseURL }) => {
    const domain = await insertE2eDomain(`${uniqueLabel("mikrocache")}.se`, { status: "premium", price: 4000, description: "Första beskrivningen" });
    const request = await playwright.request.newContext({ baseURL });
    const first = await request.get(domain.path);
    expect(first.headers()["x-cache"]).toBe("MISS");
    // Polled: on a busy machine 3 s may pass between two requests, and the copy expires.
    await expect.poll(async () => (await request.get(domain.path)).headers()["x-cache"]).toBe("HIT");

    // A change made through the database's socket, as the CLI makes them, is seen by the next view.
    await withServerDb((client) => client.query("update domains set description = 'Andra beskrivningen' where name = $1", [domain.ace]));
    const changed = await request.get(domain.path);
    expect(changed.headers()["x-cache"]).toBe("MISS");
    expect(await changed.text()).toContain("Andra beskrivningen");
    await request.dispose();
  });

  test("hashed assets are sent from the build's Brotli and gzip copies and cached for a year", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const home = await (await request.get("/")).text();
    const script = /src="(\/assets\/entry\.client-[^"]+\.js)"/.exec(home)?.[1] ?? /"(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    expect(script, "a script of the home page").toBeTruthy();
    const plain = await request.get(script!, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    for (const [accepted, sent] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ]) {
      const response = await request.get(script!, { headers: { "Accept-Encoding": accepted } });
      expect(response.headers()["content-encoding"], accepted).toBe(sent);
      expect(response.headers()["content-type"], accepted).toBe("text/javascript; charset=utf-8");
      expect(response.headers()["cache-control"], accepted).toContain("immutable");
      expect(response.headers()["vary"], accepted).toContain("Accept-Encoding");
      // Decoded, it is the same file.
      expect((await response.body()).equals(await plain.body()), accepted).toBe(true);
    }
    await request.dispose();
  });

  test("private paths are never marked cacheable", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    for (const path of ["/auth", "/healthz", "/api/auth/get-session"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()["cache-control"] ?? "", path).not.toContain("public");
      expect(response.headers()["etag"], path).toBeUndefined();
    }
    await request.dispose();
  });

  test("a signed-in visitor's pages are private and never answered with 304", async ({ page }) => {
    await createSignedInE2eUser(page);
    for (const path of ["/", "/about", "/account"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toMatch(/private/);
      expect(response.headers()["etag"], path).toBeUndefined();
      const repeat = await page.request.get(path, { headers: { "If-None-Match": "*" } });
      expect(repeat.status(), path).toBe(200);
    }
  });
});
