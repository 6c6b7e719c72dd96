import { filterScopeOf, filtersFor, parsePublicFilters, type PublicList } from "~/domain/public-filters";
import { PUBLIC_LIST_TITLES } from "~/domain/saved-searches";
import { listViewQuery } from "~/lib/list-feeds";
import { parseFeaturedToggle } from "~/lib/listing-params";
import { databaseOf } from "~/server/app-context.server";
import { maxAgeBeforeRelease } from "~/server/cache/http-cache.server";
import { feedResponse } from "~/server/feeds/feed-response.server";
import { findListFeedEntries, renderListFeed } from "~/server/feeds/list-feed.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/list-feed";

/** The lists with a feed, by file name. */
const FEEDS: Record<string, PublicList> = {
  "soon-available.atom": "soon-available",
  "available.atom": "available",
  "featured.atom": "featured",
  "premium.atom": "premium",
};

/**
 * GET /feeds/{list}.atom?{filters}: the public Atom feed of a list view
 * (docs/product.md, "Filters"), linked from the list page's head. A reader
 * that sends the ETag back gets a bodiless 304 while the view's newest names
 * are the same.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const list = FEEDS[params.file ?? ""];
  if (!list) return new Response("Flödet finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const url = new URL(request.url);
  const filters = filtersFor(filterScopeOf(list), parsePublicFilters(url.searchParams));
  const includeFeatured = parseFeaturedToggle(url.searchParams.getAll("featured"));
  const now = new Date();
  const entries = await findListFeedEntries(await databaseOf(context), list, { filters, includeFeatured, now });

  // The view's own parameters, in the site's order: the feed's address and its page's.
  const search = listViewQuery(list, url.search);
  const { siteUrl, siteName } = getSiteConfig();
  const base = siteUrl.replace(/\/$/, "");
  const body = renderListFeed({
    title: PUBLIC_LIST_TITLES[list],
    viewUrl: `${base}/${list}${search}`,
    feedUrl: `${base}/feeds/${params.file}${search}`,
    siteUrl,
    siteName,
    entries,
  });
  // Readers poll; a few minutes' reuse is plenty, and nothing is kept past a release morning.
  return feedResponse(request, body, {
    "Content-Type": "application/atom+xml; charset=utf-8",
    "Cache-Control": `public, max-age=${maxAgeBeforeRelease(300, now)}`,
    "X-Robots-Tag": "noindex",
  });
}
