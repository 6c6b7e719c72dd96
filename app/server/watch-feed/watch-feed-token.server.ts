import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { user, watchFeeds } from "~/server/db/schema/index.server";
import { notSuspended } from "~/server/users/active-users.server";

export type WatchFeed = { token: string; createdAt: Date };

/** The user's private Atom feed of the watch list, if one is active. */
export async function findWatchFeed(db: Db, userId: string): Promise<WatchFeed | null> {
  const [row] = await db
    .select({ token: watchFeeds.token, createdAt: watchFeeds.createdAt })
    .from(watchFeeds)
    .where(eq(watchFeeds.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * A new secret address for the feed (32 random bytes, URL-safe, as the calendar's).
 * One a user: creating again replaces the token, and the old address stops working.
 */
export async function createWatchFeed(db: Db, userId: string): Promise<WatchFeed> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = new Date();
  await db
    .insert(watchFeeds)
    .values({ userId, token, createdAt })
    .onConflictDoUpdate({ target: watchFeeds.userId, set: { token, createdAt } });
  return { token, createdAt };
}

/** Revokes the feed: its address answers 404 from now on. */
export async function revokeWatchFeed(db: Db, userId: string): Promise<void> {
  await db.delete(watchFeeds).where(eq(watchFeeds.userId, userId));
}

/** Whose feed a token opens: null for a token nobody holds (revoked, replaced) or a suspended owner's. */
export async function findWatchFeedOwner(db: Db, token: string): Promise<string | null> {
  const [feed] = await db
    .select({ userId: watchFeeds.userId })
    .from(watchFeeds)
    .innerJoin(user, eq(user.id, watchFeeds.userId))
    .where(and(eq(watchFeeds.token, token), notSuspended))
    .limit(1);
  return feed?.userId ?? null;
}
