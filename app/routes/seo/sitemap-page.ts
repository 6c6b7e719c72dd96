import { logger } from "~/server/logger.server";
import { releaseDaysSitemapXml, staticSitemapXml, xmlHeaders } from "~/server/seo/sitemap-xml.server";
import { listReleaseDates } from "~/server/release-archive/release-archive.server";
import { streamDomainSitemap } from "~/server/seo/stream-domain-sitemap.server";
import { databaseHandleOf, databaseOf } from "~/server/app-context.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/sitemap-page";

/** The archive's release days, /slappta/{YYYY-MM-DD}: the site's own pages, one a day. */
const RELEASE_DAYS_SITEMAP = "slappta.xml";
const DOMAIN_PAGE = /^domains-([1-9]\d{0,5})\.xml$/;

/** /sitemaps/static.xml and /sitemaps/domains-{n}.xml (the files the index lists). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { siteUrl } = getSiteConfig();
  if (params.file === "static.xml") return new Response(staticSitemapXml(siteUrl), { headers: xmlHeaders(new Date()) });
  if (params.file === RELEASE_DAYS_SITEMAP) {
    try {
      const dates = await listReleaseDates(await databaseHandleOf(context));
      return new Response(releaseDaysSitemapXml(siteUrl, dates), { headers: xmlHeaders(new Date()) });
    } catch (error) {
      logger.error({ err: error }, "sitemap of release days: reading the days failed");
      return new Response("Sitemap är inte tillgänglig just nu.", {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
      });
    }
  }

  const match = DOMAIN_PAGE.exec(params.file);
  if (!match) return notFound();
  const page = Number(match[1]);
  try {
    const stream = await streamDomainSitemap(await databaseOf(context), { siteUrl, page });
    return stream ? new Response(stream, { headers: xmlHeaders(new Date()) }) : notFound();
  } catch (error) {
    logger.error({ err: error, page }, "sitemap page: reading names failed");
    return new Response("Sitemap är inte tillgänglig just nu.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
}

function notFound() {
  return new Response("Sidan kunde inte hittas.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
