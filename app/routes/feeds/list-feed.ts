import { createHash } from "node:crypto";
import { filterScopeOf, filtersFor, parsePublicFilters, type PublicList } from "~/domain/public-filters";
import { listViewQuery } from "~/lib/list-feeds";
import { parseFeaturedToggle } from "~/lib/listing-params";
import { databaseOf } from "~/server/app-context.server";
import { maxAgeBeforeRelease } from "~/server/cache/http-cache.server";
import { findListFeedEntries, renderListFeed } from "~/server/feeds/list-feed.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/list-feed";

/** The lists with a feed, by file name, and their titles. */
const FEEDS: Record<string, { list: PublicList; title: string }> = {
  "soon-available.atom": { list: "soon-available", title: "Snart lediga domäner" },
  "available.atom": { list: "available", title: "Tillgängliga för registrering" },
  "featured.atom": { list: "featured", title: "Utvalda domäner" },
  "premium.atom": { list: "premium", title: "Premiumdomäner" },
};

/**
 * GET /feeds/{list}.atom?{filters}: the public Atom feed of a list view
 * (docs/product.md, "Filters"), linked from the list page's head. A reader
 * that sends the ETag back gets a bodiless 304 while the view's newest names
 * are the same.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const feed = FEEDS[params.file ?? ""];
  if (!feed) return new Response("Flödet finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const url = new URL(request.url);
  const filters = filtersFor(filterScopeOf(feed.list), parsePublicFilters(url.searchParams));
  const includeFeatured = parseFeaturedToggle(url.searchParams.getAll("featured"));
  const now = new Date();
  const entries = await findListFeedEntries(await databaseOf(context), feed.list, { filters, includeFeatured, now });

  // The view's own parameters, in the site's order: the feed's address and its page's.
  const search = listViewQuery(feed.list, url.search);
  const { siteUrl, siteName } = getSiteConfig();
  const base = siteUrl.replace(/\/$/, "");
  const body = renderListFeed({
    title: feed.title,
    viewUrl: `${base}/${feed.list}${search}`,
    feedUrl: `${base}/feeds/${params.file}${search}`,
    siteUrl,
    siteName,
    entries,
  });
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = {
    "Content-Type": "application/atom+xml; charset=utf-8",
    ETag: etag,
    // Readers poll; a few minutes' reuse is plenty, and nothing is kept past a release morning.
    "Cache-Control": `public, max-age=${maxAgeBeforeRelease(300, now)}`,
    "X-Robots-Tag": "noindex",
  };
  const sent = request.headers.get("if-none-match");
  if (sent && sent.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
