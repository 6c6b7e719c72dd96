import { getOptionalUser } from "~/server/auth/session.server";
import { findBookmarkedNames } from "~/server/bookmarks/find-bookmarked-names.server";
import type { Db } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";

export type ListViewer = { userId: string | null; signedIn: boolean };

/**
 * Who is looking at a public list. The lists are public, so a failed session
 * lookup shows the page as to a visitor (logged) rather than failing it.
 */
export async function findListViewer(request: Request): Promise<ListViewer> {
  try {
    const user = await getOptionalUser(request);
    return { userId: user?.id ?? null, signedIn: Boolean(user) };
  } catch (error) {
    logger.error({ err: error, path: new URL(request.url).pathname }, "session lookup for a public list failed");
    return { userId: null, signedIn: false };
  }
}

/** The ACE names among `names` the viewer has bookmarked, for the cards' toggles; [] for visitors or on failure. */
export async function findViewerBookmarks(db: Db, viewer: ListViewer, names: readonly string[]): Promise<string[]> {
  if (!viewer.userId || names.length === 0) return [];
  try {
    return [...(await findBookmarkedNames(db, viewer.userId, [...new Set(names)]))];
  } catch (error) {
    logger.error({ err: error, userId: viewer.userId }, "bookmark lookup for a public list failed");
    return [];
  }
}
