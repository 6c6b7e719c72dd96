// Sitemap XML (sitemaps.org 0.9). Every value is XML-escaped even though
// names cannot hold "&" or "<": SITE_URL is configuration, and escaping is
// cheaper than proving each value safe.

import { maxAgeBeforeRelease } from "~/server/cache/http-cache.server";

/** The protocol's limit per sitemap file. */
export const MAX_URLS_PER_SITEMAP = 50_000;

/** Public pages that are not about one name. Search, account and admin pages stay out. */
export const STATIC_SITEMAP_PATHS = [
  "/",
  "/soon-available",
  "/available",
  "/premium",
  "/featured",
  "/how-it-works",
  "/about",
  "/statistik",
  "/slappta",
  "/statistik/vem-tar",
  "/statistik/prognos",
  "/terms",
  "/privacy",
  "/contact",
] as const;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

export const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const URLSET_CLOSE = "</urlset>\n";

/** One <url>; `lastmod` is a W3C date (YYYY-MM-DD). */
export function urlEntry(loc: string, lastmod?: string): string {
  return `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ""}</url>\n`;
}

export function sitemapIndexXml(locations: string[]): string {
  const entries = locations.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}

export function staticSitemapXml(siteUrl: string): string {
  return URLSET_OPEN + STATIC_SITEMAP_PATHS.map((path) => urlEntry(`${siteUrl}${path}`)).join("") + URLSET_CLOSE;
}

/** The archive's day pages, newest first (no lastmod: a day's page changes whenever one of its names is taken again). */
export function releaseDaysSitemapXml(siteUrl: string, dates: readonly string[]): string {
  return URLSET_OPEN + dates.map((date) => urlEntry(`${siteUrl}/slappta/${date}`)).join("") + URLSET_CLOSE;
}

/** An hour in caches, but never past a release instant (the sitemaps' lastmod dates change then). */
export function xmlHeaders(now: Date) {
  return { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": `public, max-age=${maxAgeBeforeRelease(3600, now)}` };
}
