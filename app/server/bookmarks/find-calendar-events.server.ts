import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domains } from "~/server/db/schema/index.server";
import { findCalendarFeedOwner } from "./calendar-feed.server";
import type { CalendarEvent } from "./render-calendar.server";
import { MAX_BOOKMARKS_PER_USER } from "./set-bookmark.server";

/**
 * The releases behind a feed token: the owner's bookmarked names that are still
 * soon available, by release date. Null when no feed has this token (revoked or never made)
 * or its owner is suspended (the token is kept for when they are restored).
 */
export async function findCalendarEvents(db: Db, token: string): Promise<CalendarEvent[] | null> {
  const userId = await findCalendarFeedOwner(db, token);
  if (userId === null) return null;
  const rows = await db
    .select({ name: domains.name, unicodeName: domains.unicodeName, releaseDate: domains.releaseDate })
    .from(bookmarks)
    .innerJoin(domains, eq(domains.name, bookmarks.domainName))
    .where(and(eq(bookmarks.userId, userId), eq(domains.status, "soonavailable"), isNotNull(domains.releaseDate)))
    .orderBy(asc(domains.releaseDate), asc(domains.name))
    .limit(MAX_BOOKMARKS_PER_USER);
  return rows.map((row) => ({ name: row.name, unicodeName: row.unicodeName, releaseDate: row.releaseDate! }));
}
