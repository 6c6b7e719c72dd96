import { count, desc, eq } from "drizzle-orm";
import type { DomainStatus } from "~/domain/labels";
import { toUnicode, type Tld } from "~/domain/names";
import { WATCHES_PER_PAGE, type WatchListPage } from "~/domain/watches";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domains } from "~/server/db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "~/server/domains/domain-card-data.server";
import { findZoneFactsOfNames } from "~/server/zone/zone-facts-of-names.server";
import { MAX_BOOKMARKS_PER_USER } from "./set-bookmark.server";

/** The TLD of a watch's key (the table's check keeps it to .se or .nu). */
function tldOf(name: string): Tld {
  return name.endsWith(".nu") ? ".nu" : ".se";
}

/**
 * One page of the user's watches, newest first. A name on our lists comes as
 * its card, with its current row from `domains` (its real status, e.g.
 * "registered" once someone took it, never an assumed one); a name on no
 * list with what the zone says of it, read for the page's names at once.
 * A page past the end is the last page.
 */
export async function listBookmarkPage(db: Db, userId: string, requestedPage: number): Promise<WatchListPage> {
  const [{ total }] = await db.select({ total: count() }).from(bookmarks).where(eq(bookmarks.userId, userId));
  const pageCount = Math.max(1, Math.ceil(total / WATCHES_PER_PAGE));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount);
  if (total === 0) return { watches: [], total, page, pageCount };
  // Offset paging is fine here: an account holds at most MAX_BOOKMARKS_PER_USER watches.
  const rows = await db
    .select({ watched: bookmarks.domainName, watchedAt: bookmarks.createdAt, card: domainCardColumns })
    .from(bookmarks)
    .leftJoin(domains, eq(domains.name, bookmarks.domainName))
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), bookmarks.domainName)
    .limit(WATCHES_PER_PAGE)
    .offset((page - 1) * WATCHES_PER_PAGE);
  const unlisted = rows.filter((row) => row.card === null).map((row) => ({ ace: row.watched, tld: tldOf(row.watched) }));
  const zone = await findZoneFactsOfNames(db, unlisted);
  const watches = rows.map((row) => ({
    name: row.watched,
    unicodeName: row.card?.unicodeName ?? toUnicode(row.watched),
    tld: tldOf(row.watched),
    watchedAt: row.watchedAt.toISOString(),
    listed: row.card && toDomainCardData(row.card),
    zone: row.card ? null : (zone.get(row.watched) ?? null),
  }));
  return { watches, total, page, pageCount };
}

/** A watched name as the API and the account's data download give it: its list status, "unknown" when on no list. */
export type WatchedNameSummary = {
  name: string;
  unicodeName: string;
  status: DomainStatus | "unknown";
  releaseDate: string | null;
  watchedAt: Date;
};

/** Every watch of the user, newest first (at most MAX_BOOKMARKS_PER_USER), with the list's status where the name is on one. */
export async function listBookmarks(db: Db, userId: string): Promise<WatchedNameSummary[]> {
  const rows = await db
    .select({
      name: bookmarks.domainName,
      unicodeName: domains.unicodeName,
      status: domains.status,
      releaseDate: domains.releaseDate,
      watchedAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .leftJoin(domains, eq(domains.name, bookmarks.domainName))
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), bookmarks.domainName)
    .limit(MAX_BOOKMARKS_PER_USER);
  return rows.map((row) => ({
    name: row.name,
    unicodeName: row.unicodeName ?? toUnicode(row.name),
    status: row.status ?? "unknown",
    releaseDate: row.releaseDate,
    watchedAt: row.watchedAt,
  }));
}
