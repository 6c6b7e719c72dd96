import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";

/** Parses XML with the browser's own parser; a malformed document yields a <parsererror>. */
async function parseXml(page: Page, xml: string) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    const error = doc.getElementsByTagName("parsererror")[0];
    return {
      error: error ? error.textContent : null,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      locs: [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent ?? ""),
    };
  }, xml);
}

test("robots.txt allows public pages, keeps crawlers out of private ones and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /backoffice", "Disallow: /account", "Disallow: /api/"]));
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("sitemap.xml is an index of valid child sitemaps with the static pages and listed domain pages only", async ({ page, request, baseURL }) => {
  const listed = await insertE2eDomain(`${uniqueLabel("karta")}.se`, { status: "available", releaseInDays: -1 });
  const unlisted = await insertE2eDomain(`${uniqueLabel("kartadold")}.se`, { status: "unlisted" });
  const registered = await insertE2eDomain(`${uniqueLabel("kartareg")}.nu`, { status: "registered" });

  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toMatch(/^application\/xml/);
  const parsedIndex = await parseXml(page, await index.text());
  expect(parsedIndex.error).toBeNull();
  expect(parsedIndex.root).toBe("sitemapindex");
  expect(parsedIndex.namespace).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(parsedIndex.locs).toContain(`${baseURL}/sitemaps/static.xml`);
  expect(parsedIndex.locs).toContain(`${baseURL}/sitemaps/domains-1.xml`);

  const allLocs: string[] = [];
  for (const loc of parsedIndex.locs) {
    const child = await request.get(new URL(loc).pathname);
    expect(child.status()).toBe(200);
    const parsed = await parseXml(page, await child.text());
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe("urlset");
    expect(parsed.locs.length).toBeLessThanOrEqual(50_000);
    allLocs.push(...parsed.locs);
  }
  expect(allLocs).toEqual(expect.arrayContaining([`${baseURL}/`, `${baseURL}/how-it-works`, `${baseURL}/terms`, `${baseURL}/privacy`, `${baseURL}/about`]));
  expect(allLocs).toContain(`${baseURL}${listed.path}`);
  expect(allLocs).toContain(`${baseURL}/d/${encodeURIComponent("räksmörgås.se")}`);
  expect(allLocs).not.toContain(`${baseURL}${unlisted.path}`);
  expect(allLocs).not.toContain(`${baseURL}${registered.path}`);
  // Private areas never appear (a domain such as /d/authentic.se may).
  expect(allLocs.some((loc) => /^\/(account|admin|backoffice|auth)(\/|$)/.test(new URL(loc).pathname))).toBe(false);
  expect(new Set(allLocs).size).toBe(allLocs.length);

  expect((await request.get("/sitemaps/domains-999.xml")).status()).toBe(404);
  expect((await request.get("/sitemaps/nonsense.xml")).status()).toBe(404);
});

test("every page names the site's picture, which the server sends as a PNG", async ({ page, request, baseURL }) => {
  await page.goto("/");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toBe(`${baseURL}/og-image.png`);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", /\S/);
  const response = await request.get(image!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
});
