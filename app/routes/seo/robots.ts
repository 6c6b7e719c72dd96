import { pathsDisallowedToCrawlers } from "~/server/private-paths.server";
import { getSiteConfig } from "~/server/site-config.server";

/** Public pages are open to crawlers; accounts, the backoffice and the API are not. */
export function loader() {
  const { siteUrl } = getSiteConfig();
  const body = [
    "User-agent: *",
    "Allow: /",
    ...pathsDisallowedToCrawlers().map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
