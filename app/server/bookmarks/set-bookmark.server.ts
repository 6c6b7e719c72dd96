import { and, count, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { bookmarks, user } from "~/server/db/schema/index.server";

/** A transaction of `db`, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type SetBookmarkResult = { ok: true; bookmarked: boolean } | { ok: false; reason: "too-many" };

/** Watches per account: the account's list, its downloads and its calendar stay bounded (docs/product.md). */
export const MAX_BOOKMARKS_PER_USER = 1000;

/**
 * Adds or removes one watch ("bevakning") of a name. `domainName` is a valid
 * .se/.nu name's key, the ACE form in lower case (parseDomainName's `ace`); the
 * name need not be on any list. Idempotent both ways: adding twice keeps one
 * row, removing a missing one is fine. An add locks the user's row first, so
 * two adds at once cannot both pass the limit: the second waits and counts
 * again (one connection, PGlite, runs them one after the other anyway).
 */
export async function setBookmark(db: Db, userId: string, domainName: string, bookmarked: boolean): Promise<SetBookmarkResult> {
  if (!bookmarked) {
    await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.domainName, domainName)));
    return { ok: true, bookmarked: false };
  }
  return withWatchesLocked(db, userId, async (tx) => {
    const [existing] = await tx
      .select({ id: bookmarks.id })
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.domainName, domainName)))
      .limit(1);
    if (existing) return { ok: true, bookmarked: true } as const;
    const [{ total }] = await tx.select({ total: count() }).from(bookmarks).where(eq(bookmarks.userId, userId));
    if (total >= MAX_BOOKMARKS_PER_USER) return { ok: false, reason: "too-many" } as const;
    await tx
      .insert(bookmarks)
      .values({ userId, domainName })
      .onConflictDoNothing({ target: [bookmarks.userId, bookmarks.domainName] });
    return { ok: true, bookmarked: true } as const;
  });
}

/**
 * Runs `work` in one transaction that first locks the user's row (`select … for update`):
 * every add of watches (one here, a list in import-watches.server.ts) counts and inserts
 * under it, so adds at once cannot together pass the limit. Whatever `work` throws rolls
 * it all back.
 */
export async function withWatchesLocked<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    return work(tx);
  });
}
