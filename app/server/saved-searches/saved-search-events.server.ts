import { and, asc, eq, gte, isNotNull, sql } from "drizzle-orm";
import { todayUtc } from "~/domain/utc-dates";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { listViewWhere } from "~/server/domains/lists.server";
import type { CalendarEvent } from "~/server/bookmarks/render-calendar.server";
import type { SavedView } from "./saved-searches.server";

/** A calendar of a broad search (every .se name) would be unreadable: the soonest this many releases. */
export const SAVED_SEARCH_EVENT_LIMIT = 500;

/** The saved view's names that are still to be released, soonest first: its iCalendar feed's events. */
export async function findSavedSearchEvents(db: Db, view: SavedView, now: Date): Promise<CalendarEvent[]> {
  const rows = await db
    .select({ name: domains.name, unicodeName: domains.unicodeName, releaseDate: domains.releaseDate })
    .from(domains)
    .where(
      and(
        listViewWhere(view.list, { filters: view.filters, includeFeatured: view.includeFeatured, now }),
        eq(domains.status, "soonavailable"),
        isNotNull(domains.releaseDate),
        gte(domains.releaseDate, todayUtc(now)),
      ),
    )
    .orderBy(asc(domains.releaseDate), sql`${domains.name}`)
    .limit(SAVED_SEARCH_EVENT_LIMIT);
  return rows.map((row) => ({ name: row.name, unicodeName: row.unicodeName, releaseDate: row.releaseDate! }));
}
