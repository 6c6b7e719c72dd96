import { maxAgeBeforeRelease } from "~/server/cache/http-cache.server";
import { findCalendarEvents } from "~/server/bookmarks/find-calendar-events.server";
import { isWellFormedFeedToken } from "~/server/bookmarks/calendar-feed.server";
import { renderCalendar } from "~/server/bookmarks/render-calendar.server";
import { databaseOf } from "~/server/app-context.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/calendar";

/** GET /calendar/<token>.ics: a user's private feed of bookmarked releases; 404 once revoked. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = params.file ?? "";
  const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
  const notFound = () => new Response("Kalendern finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!isWellFormedFeedToken(token)) return notFound();
  const events = await findCalendarEvents(await databaseOf(context), token);
  if (!events) return notFound();
  const site = getSiteConfig();
  const now = new Date();
  return new Response(renderCalendar(events, site, now), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="bevakade-domaner.ics"',
      // The address is a secret: keep it out of shared caches and search engines. Released names leave the feed at 04:00 UTC.
      "Cache-Control": `private, max-age=${maxAgeBeforeRelease(300, now)}`,
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
