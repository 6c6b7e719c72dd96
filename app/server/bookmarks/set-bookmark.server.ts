import { and, count, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domains } from "~/server/db/schema/index.server";

export type SetBookmarkResult = { ok: true; bookmarked: boolean } | { ok: false; reason: "unknown-domain" | "too-many" };

/** The account page lists every bookmark, so their number is bounded. */
export const MAX_BOOKMARKS_PER_USER = 500;

/**
 * Adds or removes one bookmark. Idempotent both ways: adding twice keeps one row
 * (the unique user+domain constraint with ON CONFLICT DO NOTHING), removing a
 * missing one is fine. `domainName` is the ACE key of a row in `domains`.
 */
export async function setBookmark(db: Db, userId: string, domainName: string, bookmarked: boolean): Promise<SetBookmarkResult> {
  if (!bookmarked) {
    await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.domainName, domainName)));
    return { ok: true, bookmarked: false };
  }
  const [domain] = await db.select({ name: domains.name }).from(domains).where(eq(domains.name, domainName)).limit(1);
  if (!domain) return { ok: false, reason: "unknown-domain" };
  const [{ total }] = await db.select({ total: count() }).from(bookmarks).where(eq(bookmarks.userId, userId));
  if (total >= MAX_BOOKMARKS_PER_USER) {
    const [existing] = await db
      .select({ id: bookmarks.id })
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.domainName, domainName)))
      .limit(1);
    return existing ? { ok: true, bookmarked: true } : { ok: false, reason: "too-many" };
  }
  await db.insert(bookmarks).values({ userId, domainName }).onConflictDoNothing({ target: [bookmarks.userId, bookmarks.domainName] });
  return { ok: true, bookmarked: true };
}
