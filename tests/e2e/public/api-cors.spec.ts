import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "~tests/e2e/support/test";

// A page on another site reading the API the way /api's JavaScript example does, in a real
// browser: If-None-Match is not a CORS-safelisted header, so Chromium asks with a preflight
// (OPTIONS) first and sends the request only if the answer allows it.

let otherSite: Server;
let otherOrigin: string;

// Another origin served from this machine too: loopback to loopback, so Chromium's local-network
// rules stay out of the way (a page it cannot place on the network would need a permission).
test.beforeAll(async () => {
  otherSite = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end("<!doctype html><html lang=sv><title>Annan webbplats</title></html>");
  });
  await new Promise<void>((resolve) => otherSite.listen(0, "127.0.0.1", resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => otherSite.close(() => resolve())));

test("a page on another site reads the API, its ETag and rate-limit headers, and gets 304 for its ETag", async ({ page, baseURL }) => {
  await page.goto(`${otherOrigin}/`, { waitUntil: "load" });
  const answers = await page.evaluate(async (url) => {
    const first = await fetch(url);
    const etag = first.headers.get("etag");
    const again = await fetch(url, { headers: { "If-None-Match": etag ?? "" } });
    return { first: first.status, etag, remaining: first.headers.get("ratelimit-remaining"), again: again.status };
  }, `${baseURL}/api/v1/stats`);
  expect(answers.first).toBe(200);
  expect(answers.etag).toMatch(/^".+"$/);
  expect(Number(answers.remaining)).toBeGreaterThan(0);
  expect(answers.again).toBe(304);
});
