import type { ListPageData } from "~/domain/list-page";
import { LIST_ERRORS } from "~/lib/list-errors";
import { LIST_PAGE_SIZE, PHONE_LIST_PAGE_SIZE } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { isMobileUserAgent } from "~/server/site-config.server";
import type { DomainPage } from "./domain-card-data.server";
import { findListViewer, findViewerBookmarks } from "./list-viewer.server";
import { tryList } from "./try-list.server";

/**
 * How many cards a page of a list holds for this visitor: 100, or 24 on a
 * phone. The width is not known on the server; a phone's user agent is (the
 * header collapses on it too, and the page cache keeps phones' pages apart).
 * Pages are keyset pages, so a cursor in a shared link starts at the same
 * name whatever the size.
 */
export function listPageSize(request: Request): number {
  return isMobileUserAgent(request) ? PHONE_LIST_PAGE_SIZE : LIST_PAGE_SIZE;
}

/**
 * One page of a public list with the viewer's bookmarks, for a loader and
 * for the "Visa fler" fetcher alike. `after` is the page's cursor (null for
 * the first page); `load` gets the page size (listPageSize). A failure
 * becomes the list's message on the first page and "Kunde inte hämta fler
 * domäner..." on later pages (docs/product.md, "The texts that matter").
 */
export async function loadListPage(
  request: Request,
  db: Db,
  options: { list: string; after: string | null; errorMessage: string; load: (pageSize: number) => Promise<DomainPage> },
): Promise<ListPageData> {
  const message = options.after ? LIST_ERRORS.loadMore : options.errorMessage;
  const pageSize = listPageSize(request);
  const [viewer, result] = await Promise.all([
    findListViewer(request),
    tryList({ list: options.list, after: options.after, url: request.url }, message, () => options.load(pageSize)),
  ]);
  const domains = result.ok ? result.value.domains : [];
  return {
    // To the minute (as the home page does): the cards' times read in minutes, and the page's
    // body then stays the same for a minute, so ETags and the page micro-cache keep matching.
    now: Math.floor(Date.now() / 60_000) * 60_000,
    after: options.after,
    domains,
    nextCursor: result.ok ? result.value.nextCursor : null,
    error: result.ok ? null : result.error,
    bookmarks: {
      signedIn: viewer.signedIn,
      names: await findViewerBookmarks(
        db,
        viewer,
        domains.map((domain) => domain.name),
      ),
    },
  };
}

/**
 * The /featured and /available loaders: one page, its sort, and the list's
 * total for "{n} domäner hittades" (null when only the count failed).
 */
export async function loadSortedListPage(
  request: Request,
  db: Db,
  options: {
    list: string;
    after: string | null;
    errorMessage: string;
    load: (pageSize: number) => Promise<DomainPage>;
    count: () => Promise<number>;
  },
) {
  const [listPage, total] = await Promise.all([
    loadListPage(request, db, options),
    tryList({ list: `${options.list}-count`, url: request.url }, options.errorMessage, options.count),
  ]);
  return { ...listPage, total: total.ok ? total.value : null };
}
