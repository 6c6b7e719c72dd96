import { desc, eq } from "drizzle-orm";
import { type ExportRow, toExportRow } from "~/domain/export-rows";
import { firstLabel, scoreName } from "~/domain/score";
import { toUnicode } from "~/domain/names";
import { type WatchStateColumns, watchStateColumns } from "~/domain/watch-list-view";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domains } from "~/server/db/schema/index.server";
import { exportColumns } from "~/server/exports/list-export.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { MAX_BOOKMARKS_PER_USER } from "./set-bookmark.server";
import { findWatchStates } from "./watch-states.server";

/**
 * The user's watches as download rows, newest first, in the list downloads'
 * columns (docs/product.md, "Downloads"). A name on our lists is its row; a
 * name on no list is "unlisted", with no dates, scored as an import scores a
 * new name. At most MAX_BOOKMARKS_PER_USER rows: built whole.
 */
export async function listBookmarkExportRows(db: Db, userId: string, siteUrl: string): Promise<ExportRow[]> {
  const rows = await db
    .select({ watched: bookmarks.domainName, stored: exportColumns })
    .from(bookmarks)
    .leftJoin(domains, eq(domains.name, bookmarks.domainName))
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), bookmarks.domainName)
    .limit(MAX_BOOKMARKS_PER_USER);
  return rows.map((row) => toExportRow(row.stored ?? unlistedRow(row.watched), siteUrl));
}

function unlistedRow(name: string) {
  const unicodeName = toUnicode(name);
  return {
    name,
    unicodeName,
    tld: name.slice(name.lastIndexOf(".")),
    length: [...firstLabel(unicodeName)].length,
    status: "unlisted",
    releaseDate: null,
    takenAt: null,
    score: scoreName(unicodeName, loadSwedishWordIndex().words),
    isFeatured: false,
    price: null,
  };
}

/**
 * Download rows of the user's watches with each one's state appended (decision 0082): the rows as
 * they are, then watch_state, its Swedish word, since, release date and operator. A row whose name
 * is no longer watched (removed meanwhile) gets the state "unknown".
 */
export async function addWatchStateColumns<Row extends { ace: string }>(
  db: Db,
  userId: string,
  rows: Row[],
  now: Date,
): Promise<(Row & WatchStateColumns)[]> {
  const states = new Map((await findWatchStates(db, userId, now)).map((watch) => [watch.name, watch.state]));
  const unknown = { kind: "unknown", since: null, releaseDate: null, operator: null } as const;
  return rows.map((row) => ({ ...row, ...watchStateColumns(states.get(row.ace) ?? unknown) }));
}
