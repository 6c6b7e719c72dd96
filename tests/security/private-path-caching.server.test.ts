// The outside probe's low finding 4: the private-path check of the page cache read the raw path,
// so /%61uth and /./auth/reset-password?token=… (React Router's /auth pages) were kept in the
// micro-cache and marked `public`: a CDN would have stored password-reset pages. The check now
// reads the path as React Router matches it.
import { describe, expect, it } from "vitest";
import { answerThroughHttpCache, type BufferedAnswer, isCacheableRequest } from "~/server/cache/http-cache.server";
import { clearPageCacheForTests } from "~/server/cache/page-cache.server";
import { isPrivatePath, normalisedPath } from "~/server/private-paths.server";

const PRIVATE_SPELLINGS = [
  "/%61uth",
  "/%61uth/reset-password?token=abcdefghijklmnopqrstuvwxyz",
  "/./auth/reset-password?token=abcdefghijklmnopqrstuvwxyz",
  "/d/../auth/reset-password",
  "//auth",
  "/AUTH",
  "/%2e/account",
  "/%2E%2E/admin/users",
  "/auth%2Freset-password",
  "\\auth",
  "/%41ccount.data",
  "/api%2Fv1/domains",
  "/c%61lendar/abc.ics",
];

function renderPage() {
  let renders = 0;
  const render = async () => {
    renders++;
    return new Response("<p>Välj ett nytt lösenord</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
  };
  return { render, renders: () => renders };
}

const request = (url: string) => ({ method: "GET", url, headers: { get: () => null } });

describe("private paths however they are spelled", () => {
  it.each(PRIVATE_SPELLINGS)("%s is never micro-cached nor marked public", async (url) => {
    clearPageCacheForTests({ enabled: true });
    const page = renderPage();
    for (let view = 0; view < 2; view++) {
      const answer = await answerThroughHttpCache(request(url), page.render);
      const cacheControl =
        answer instanceof Response ? answer.headers.get("cache-control") : (answer as BufferedAnswer).headers.get("cache-control");
      expect(cacheControl ?? "").not.toMatch(/public/);
    }
    expect(page.renders()).toBe(2);
    expect(isCacheableRequest(request(url))).toBe(false);
    clearPageCacheForTests({ enabled: null });
  });

  it("public pages are still cacheable, however they are spelled", () => {
    for (const url of ["/about", "/d/authentic.se", "/%61bout", "/soon-available?page=2"]) {
      expect(isCacheableRequest(request(url)), url).toBe(true);
      expect(isPrivatePath(url.split("?")[0]), url).toBe(false);
    }
  });

  it.each([
    ["/%61uth", "/auth"],
    ["/./auth/reset-password", "/auth/reset-password"],
    ["/a/b/../../account", "/account"],
    ["/../../auth", "/auth"],
    ["//api///v1", "/api/v1"],
    ["/%zz/auth", "/%zz/auth"],
    ["/", "/"],
  ])("normalisedPath(%j) is %j", (raw, path) => expect(normalisedPath(raw)).toBe(path));
});
