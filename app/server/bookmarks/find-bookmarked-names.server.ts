import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { bookmarks } from "~/server/db/schema/index.server";

/** Which of `names` (ACE) the user has bookmarked; bounded by the page of names asked about. */
export async function findBookmarkedNames(db: Db, userId: string | null | undefined, names: string[]): Promise<Set<string>> {
  if (!userId || names.length === 0) return new Set();
  const rows = await db
    .select({ domainName: bookmarks.domainName })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), inArray(bookmarks.domainName, names)));
  return new Set(rows.map((row) => row.domainName));
}
