import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { calendarFeeds, user, watchFeeds } from "~/server/db/schema/index.server";
import { notSuspended } from "~/server/users/active-users.server";

export type PrivateFeed = { token: string; createdAt: Date };

/** The tables of a user's private feed addresses: one row a user, the same three columns. */
type FeedTokenTable = typeof calendarFeeds | typeof watchFeeds;

/**
 * A private, revocable feed address kept in `table` (the calendar's, the watch
 * list's): found, made, replaced and revoked the same way, each with its own token.
 */
export function privateFeedTokens(table: FeedTokenTable) {
  return {
    /** The user's address, if one is active. */
    async find(db: Db, userId: string): Promise<PrivateFeed | null> {
      const [row] = await db.select({ token: table.token, createdAt: table.createdAt }).from(table).where(eq(table.userId, userId)).limit(1);
      return row ?? null;
    },

    /**
     * Makes a new secret address (32 random bytes, URL-safe). A user has at most
     * one: creating again replaces the token, so any old address stops working.
     */
    async create(db: Db, userId: string): Promise<PrivateFeed> {
      const token = randomBytes(32).toString("base64url");
      const createdAt = new Date();
      await db.insert(table).values({ userId, token, createdAt }).onConflictDoUpdate({ target: table.userId, set: { token, createdAt } });
      return { token, createdAt };
    },

    /** Revokes the address: it answers 404 from now on. */
    async revoke(db: Db, userId: string): Promise<void> {
      await db.delete(table).where(eq(table.userId, userId));
    },

    /** Whose feed a token opens: null for a token nobody holds (revoked, replaced) or a suspended owner's (kept for when they are restored). */
    async findOwner(db: Db, token: string): Promise<string | null> {
      const [feed] = await db
        .select({ userId: table.userId })
        .from(table)
        .innerJoin(user, eq(user.id, table.userId))
        .where(and(eq(table.token, token), notSuspended))
        .limit(1);
      return feed?.userId ?? null;
    },
  };
}

/** Feed tokens are exactly what `create` makes; anything else is not looked up. */
export function isWellFormedFeedToken(token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
