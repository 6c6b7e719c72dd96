import { desc, eq } from "drizzle-orm";
import type { DomainCardData } from "~/domain/domain-card";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domains } from "~/server/db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "~/server/domains/domain-card-data.server";
import { MAX_BOOKMARKS_PER_USER } from "./set-bookmark.server";

/**
 * The user's bookmarks as domain cards, newest first, each with the name's current
 * row from `domains` — its real status (e.g. "registered" once someone took it),
 * never an assumed one. Bounded: a user keeps at most MAX_BOOKMARKS_PER_USER.
 */
export async function listBookmarks(db: Db, userId: string): Promise<DomainCardData[]> {
  const rows = await db
    .select(domainCardColumns)
    .from(bookmarks)
    .innerJoin(domains, eq(domains.name, bookmarks.domainName))
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), bookmarks.domainName)
    .limit(MAX_BOOKMARKS_PER_USER);
  return rows.map(toDomainCardData);
}
