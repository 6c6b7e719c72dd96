import { desc, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { savedSearchFeedUrls, savedSearchPath } from "~/domain/saved-searches";
import { calendarFeeds, session, user, watchFeeds } from "~/server/db/schema/index.server";
import { listBookmarks } from "~/server/bookmarks/list-bookmarks.server";
import { findWatchStates } from "~/server/bookmarks/watch-states.server";
import { watchStateColumns } from "~/domain/watch-list-view";
import { listSavedSearches } from "~/server/saved-searches/saved-searches.server";
import { listSentMessages } from "./sent-messages.server";

/**
 * Everything kept for one user, as the JSON file "Ladda ner mina uppgifter" gives them
 * (the right to data portability). The calendar feed's secret address is not in it: a
 * downloaded file gets passed around, and the address is on /account. The contact messages
 * and premium enquiries sent from the account's address are in it. A saved search's
 * feed addresses are: they are part of what the user saved (and can be renewed there). The password is
 * kept only as a hash, which is useless to anyone and is left out too. Null when the
 * user no longer exists.
 */
export async function exportAccountData(db: Db, userId: string, options: { siteName: string; siteUrl: string; now?: Date }) {
  const now = options.now ?? new Date();
  const [owner] = await db
    .select({ email: user.email, emailVerified: user.emailVerified, role: user.role, createdAt: user.createdAt, updatedAt: user.updatedAt })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!owner) return null;
  const [saved, states, feed, sessions, searches, messages, watchFeed] = await Promise.all([
    // Every watched name, on a list or not ("unknown" status then).
    listBookmarks(db, userId),
    // And each one's watch state (decision 0082), appended to its entry.
    findWatchStates(db, userId, now),
    db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1),
    db
      .select({
        createdAt: session.createdAt,
        lastUsedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt)),
    listSavedSearches(db, userId),
    listSentMessages(db, owner.email),
    db.select({ createdAt: watchFeeds.createdAt }).from(watchFeeds).where(eq(watchFeeds.userId, userId)).limit(1),
  ]);
  const stateOf = new Map(states.map((watch) => [watch.name, watch.state]));
  return {
    about: `Alla uppgifter som ${options.siteName} har sparat om ditt konto, vid tidpunkten i exportedAt (UTC).`,
    exportedAt: now.toISOString(),
    account: {
      email: owner.email,
      emailConfirmed: owner.emailVerified,
      administrator: owner.role === "admin",
      createdAt: owner.createdAt.toISOString(),
      updatedAt: owner.updatedAt.toISOString(),
    },
    bookmarks: saved.map((row) => ({
      domain: row.unicodeName,
      status: row.status,
      releaseDate: row.releaseDate,
      addedAt: row.watchedAt.toISOString(),
      ...watchStateColumns(stateOf.get(row.name) ?? { kind: "unknown", since: null, releaseDate: null, operator: null }),
    })),
    savedSearches: searches.map((search) => ({
      name: search.name,
      address: `${options.siteUrl.replace(/\/$/, "")}${savedSearchPath(search.list, search.query)}`,
      createdAt: search.createdAt.toISOString(),
      lastVisitedAt: search.lastVisitedAt.toISOString(),
      feeds: savedSearchFeedUrls(options.siteUrl, search.feedToken),
    })),
    contactMessages: messages.contactMessages,
    enquiries: messages.enquiries,
    calendarFeed: feed[0] ? { active: true, createdAt: feed[0].createdAt.toISOString() } : { active: false },
    watchFeed: watchFeed[0] ? { active: true, createdAt: watchFeed[0].createdAt.toISOString() } : { active: false },
    sessions: sessions.map((row) => ({
      signedInAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;
