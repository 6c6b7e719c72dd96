import { savedSearchPath } from "~/domain/saved-searches";
import { databaseOf } from "~/server/app-context.server";
import { isWellFormedFeedToken } from "~/server/bookmarks/calendar-feed.server";
import { renderCalendar } from "~/server/bookmarks/render-calendar.server";
import { maxAgeBeforeRelease } from "~/server/cache/http-cache.server";
import { feedResponse } from "~/server/feeds/feed-response.server";
import { findListFeedEntries, renderListFeed } from "~/server/feeds/list-feed.server";
import { findSavedSearchEvents } from "~/server/saved-searches/saved-search-events.server";
import { findSavedSearchByToken, savedViewOf } from "~/server/saved-searches/saved-searches.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/saved-search-feed";

/**
 * GET /feeds/saved/{token}.atom and /feeds/saved/{token}.ics: a saved
 * search's private feeds (docs/product.md, "Saved searches"). The Atom feed
 * has the names that most recently joined the view; the calendar has each
 * of its soon-available names' release at 04:00 UTC. The token is the only
 * key: a renewed or deleted search's old address answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = params.file ?? "";
  const [, token = "", format = ""] = /^(.*)\.(atom|ics)$/.exec(file) ?? [];
  const notFound = () => new Response("Flödet finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!isWellFormedFeedToken(token)) return notFound();
  const db = await databaseOf(context);
  const search = await findSavedSearchByToken(db, token);
  if (!search) return notFound();

  const now = new Date();
  const view = savedViewOf(search);
  const site = getSiteConfig();
  const base = site.siteUrl.replace(/\/$/, "");
  // The address is a secret: kept out of shared caches, search engines and other sites' logs.
  const privateHeaders = {
    "Cache-Control": `private, max-age=${maxAgeBeforeRelease(300, now)}`,
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
  };
  if (format === "ics") {
    const events = await findSavedSearchEvents(db, view, now);
    const body = renderCalendar(events, site, now, {
      title: search.name,
      description: `Släppdatum för domäner i din sparade sökning ”${search.name}”. Domäner släpps tidigast kl. 04:00 UTC.`,
      uidTag: `-${search.id.slice(0, 8)}`,
    });
    return new Response(body, {
      headers: {
        ...privateHeaders,
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="sparad-sokning.ics"',
      },
    });
  }
  const entries = await findListFeedEntries(db, view.list, { filters: view.filters, includeFeatured: view.includeFeatured, now });
  const body = renderListFeed({
    title: search.name,
    viewUrl: `${base}${savedSearchPath(search.list, search.query)}`,
    feedUrl: `${base}/feeds/saved/${token}.atom`,
    siteUrl: site.siteUrl,
    siteName: site.siteName,
    entries,
  });
  return feedResponse(request, body, { ...privateHeaders, "Content-Type": "application/atom+xml; charset=utf-8" });
}
