import { describe, expect, it } from "vitest";
import { releaseDaysSitemapXml, sitemapIndexXml, staticSitemapXml, urlEntry, xmlEscape } from "./sitemap-xml.server";

describe("sitemap XML", () => {
  it("escapes the five XML special characters", () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });

  it("writes url entries with an optional lastmod", () => {
    expect(urlEntry("https://x.se/a?b=1&c=2")).toBe("<url><loc>https://x.se/a?b=1&amp;c=2</loc></url>\n");
    expect(urlEntry("https://x.se/", "2025-01-02")).toBe("<url><loc>https://x.se/</loc><lastmod>2025-01-02</lastmod></url>\n");
  });

  it("lists the static public pages, not account or admin pages", () => {
    const xml = staticSitemapXml("https://x.se");
    for (const path of ["/", "/soon-available", "/available", "/premium", "/featured", "/how-it-works", "/about", "/statistik", "/terms", "/privacy", "/contact"]) {
      expect(xml).toContain(`<loc>https://x.se${path}</loc>`);
    }
    expect(xml).not.toMatch(/account|admin|backoffice|auth/);
  });

  it("lists the archive's index and each release day's page", () => {
    expect(staticSitemapXml("https://x.se")).toContain("<loc>https://x.se/slappta</loc>");
    expect(releaseDaysSitemapXml("https://x.se", ["2026-12-04", "2026-12-03"])).toContain(
      "<url><loc>https://x.se/slappta/2026-12-04</loc></url>\n<url><loc>https://x.se/slappta/2026-12-03</loc></url>\n</urlset>",
    );
  });

  it("writes a sitemap index", () => {
    expect(sitemapIndexXml(["https://x.se/sitemaps/static.xml"])).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://x.se/sitemaps/static.xml</loc></sitemap>\n</sitemapindex>',
    );
  });
});
