import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { calendarFeeds } from "~/server/db/schema/index.server";

export type CalendarFeed = { token: string; createdAt: Date };

/** The user's private feed, if one is active. */
export async function findCalendarFeed(db: Db, userId: string): Promise<CalendarFeed | null> {
  const [row] = await db
    .select({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Makes a new secret feed address (32 random bytes, URL-safe). A user has at most
 * one: creating again replaces the token, so any old address stops working.
 */
export async function createCalendarFeed(db: Db, userId: string): Promise<CalendarFeed> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = new Date();
  await db
    .insert(calendarFeeds)
    .values({ userId, token, createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt } });
  return { token, createdAt };
}

/** Revokes the feed: its address answers 404 from now on. */
export async function revokeCalendarFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Feed tokens are exactly what createCalendarFeed makes; anything else is not looked up. */
export function isWellFormedFeedToken(token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
