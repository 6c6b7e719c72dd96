import { logger } from "~/server/logger.server";
import { countSitemapDomains } from "~/server/seo/find-sitemap-domains.server";
import { MAX_URLS_PER_SITEMAP, sitemapIndexXml, xmlHeaders } from "~/server/seo/sitemap-xml.server";
import { databaseOf } from "~/server/app-context.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/sitemap-index";

/** /sitemap.xml: an index of /sitemaps/static.xml, the archive's release days (/sitemaps/slappta.xml) and one file per 50,000 listed names. */
export async function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = getSiteConfig();
  let total: number;
  try {
    total = await countSitemapDomains(await databaseOf(context));
  } catch (error) {
    logger.error({ err: error }, "sitemap index: counting names failed");
    return new Response("Sitemap är inte tillgänglig just nu.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
  const pages = Math.ceil(total / MAX_URLS_PER_SITEMAP);
  const locations = [`${siteUrl}/sitemaps/static.xml`, `${siteUrl}/sitemaps/slappta.xml`];
  for (let page = 1; page <= pages; page++) locations.push(`${siteUrl}/sitemaps/domains-${page}.xml`);
  return new Response(sitemapIndexXml(locations), { headers: xmlHeaders(new Date()) });
}
