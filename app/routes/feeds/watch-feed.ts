import { databaseOf } from "~/server/app-context.server";
import { isWellFormedFeedToken } from "~/server/bookmarks/calendar-feed.server";
import { maxAgeBeforeRelease } from "~/server/cache/http-cache.server";
import { feedResponse } from "~/server/feeds/feed-response.server";
import { getSiteConfig } from "~/server/site-config.server";
import { findWatchEvents } from "~/server/watch-feed/find-watch-events.server";
import { renderWatchFeed } from "~/server/watch-feed/render-watch-feed.server";
import { findWatchFeedOwner } from "~/server/watch-feed/watch-feed-token.server";
import type { Route } from "./+types/watch-feed";

/**
 * GET /feeds/watch/{token}.atom: the private Atom feed of a user's watch list,
 * an entry each time a watched name changes state (docs/product.md,
 * "Accounts, bookmarks and the calendar"). The token is the only key: a
 * replaced or revoked address, or a suspended owner's, answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = params.file ?? "";
  const token = file.endsWith(".atom") ? file.slice(0, -".atom".length) : "";
  const notFound = () => new Response("Flödet finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!isWellFormedFeedToken(token)) return notFound();
  const db = await databaseOf(context);
  const userId = await findWatchFeedOwner(db, token);
  if (!userId) return notFound();
  const now = new Date();
  const site = getSiteConfig();
  const body = renderWatchFeed({
    feedUrl: `${site.siteUrl.replace(/\/$/, "")}/feeds/watch/${token}.atom`,
    siteUrl: site.siteUrl,
    siteName: site.siteName,
    entries: await findWatchEvents(db, userId, now),
  });
  return feedResponse(request, body, {
    "Content-Type": "application/atom+xml; charset=utf-8",
    // The address is a secret: kept out of shared caches, search engines and other sites' logs.
    "Cache-Control": `private, max-age=${maxAgeBeforeRelease(300, now)}`,
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
  });
}
