/**
 * The public lists (available, featured, premium, soon available, a random available
 * name) and what a list page needs around them: who is looking, and one failed list
 * shown as its message instead of failing the page.
 */
import { and, asc, gte, lt, type SQL, sql } from "drizzle-orm";
import type { DomainCardData } from "~/domain/domain-card";
import type { ListPageData, OpenedSavedSearch } from "~/domain/list-page";
import {
  type FilterScope,
  filterScopeOf,
  filtersFor,
  hasPublicFilters,
  type PublicFilters,
  type PublicList,
} from "~/domain/public-filters";

export type { PublicList };
import type { ListTotal } from "~/lib/count-text";
import { LIST_ERRORS } from "~/lib/list-errors";
import {
  DEFAULT_SOON_SORT,
  HOME_SECTION_SIZE,
  LIST_PAGE_SIZE,
  type ListingSort,
  type ListLayout,
  MAX_VIEW_NAMES,
  parseListingSort,
  parseSoonSort,
  PHONE_LIST_PAGE_SIZE,
  type SoonSort,
  TABLE_PAGE_SIZE,
} from "~/lib/listing-params";
import { getOptionalUser } from "~/server/auth/session.server";
import { findBookmarkedNames } from "~/server/bookmarks/find-bookmarked-names.server";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { logger } from "~/server/logger.server";
import { isMobileUserAgent } from "~/server/site-config.server";
import { publicFilterWhere } from "./filters.server";
import { domainCardColumns, type DomainPage, type PageOptions, selectCardPage, toDomainCardData } from "./domain-card-data.server";
import {
  LISTED_STATUSES,
  lengthAscOrder,
  type ListOrder,
  nameOrder,
  scoreDescOrder,
  soonAvailableOrder,
  soonAvailablePredicate,
  updatedDescOrder,
} from "./order.server";
import { countDomains } from "./totals.server";

/**
 * A literal, so the planner can use the status-leading indexes for every sort. Only names the
 * registry's availability service has answered "free" for since their release: last_checked_at is
 * cleared when a name is released (the mark-released step, an import that releases a renewed name)
 * and a new name imported already released has none, so a name nothing has checked is not listed
 * as free (docs/product.md, "The release morning").
 */
export const availablePredicate = sql`${domains.status} = 'available' and ${domains.lastCheckedAt} is not null`;

/** /available (docs/product.md, "Lists and their order"): most recently changed first, in pages. */
export function findAvailable(db: Db, options: PageOptions & FilterOptions & { sort?: ListingSort } = {}): Promise<DomainPage> {
  return selectCardPage(db, filtered(availablePredicate, "available", options), availableOrder(options.sort ?? "relevance"), options);
}

/**
 * How many names are on /available: exact, from the totals the database keeps (countDomains), less
 * the available names not checked since their release (a read of a small partial index).
 */
export async function countAvailable(db: Db): Promise<number> {
  const [total, unchecked] = await Promise.all([countDomains(db, { statuses: ["available"] }), countUncheckedAvailable(db)]);
  return total - unchecked;
}

/** Available names not yet checked since their release (domains_available_unchecked_idx): not listed as free. */
export async function countUncheckedAvailable(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(domains)
    .where(sql`${domains.status} = 'available' and ${domains.lastCheckedAt} is null`);
  return row?.count ?? 0;
}

function availableOrder(sort: ListingSort): ListOrder {
  if (sort === "length-asc") return lengthAscOrder();
  if (sort === "name-asc") return nameOrder("asc");
  if (sort === "name-desc") return nameOrder("desc");
  if (sort === "score-desc") return scoreDescOrder();
  // Relevance here is freshness: the names that most recently became free.
  return updatedDescOrder();
}

/**
 * Featured names a visitor can still get (docs/product.md, "Statuses"). Written as literals, not
 * parameters, so the planner matches the partial indexes built on exactly
 * this predicate (migration 0002).
 */
export const featuredListPredicate = sql`${domains.isFeatured} and ${domains.status} in ('available', 'soonavailable', 'premium')`;

/** /featured (docs/product.md, "Lists and their order"): by score, high first, in pages. */
export function findFeatured(db: Db, options: PageOptions & FilterOptions & { sort?: ListingSort } = {}): Promise<DomainPage> {
  return selectCardPage(db, filtered(featuredListPredicate, "other", options), scoredListOrder(options.sort ?? "relevance"), options);
}

/** How many names the featured list holds: exact, from the totals the database keeps (countDomains). */
export function countFeatured(db: Db): Promise<number> {
  // LISTED_STATUSES are the statuses of featuredListPredicate.
  return countDomains(db, { statuses: LISTED_STATUSES, featured: true });
}

/** /featured's and /premium's orders: their relevance is the score. */
function scoredListOrder(sort: ListingSort): ListOrder {
  if (sort === "length-asc") return lengthAscOrder();
  if (sort === "name-asc") return nameOrder("asc");
  if (sort === "name-desc") return nameOrder("desc");
  return scoreDescOrder();
}

/**
 * /premium (docs/product.md, "Lists and their order"): status premium by score, high first (8 on home),
 * or another of the listing sorts, in pages on /premium. Premium names are few (an administrator adds
 * each), so an order without a premium index (length) collects them rather than walk a million names.
 */
export function findPremium(db: Db, options: PageOptions & FilterOptions & { sort?: ListingSort } = {}): Promise<DomainPage> {
  const sort = options.sort ?? "relevance";
  return selectCardPage(db, filtered(premiumPredicate, "other", options), scoredListOrder(sort), {
    ...options,
    collect: options.collect || collectsEveryPage("premium", sort),
  });
}

/** Whether a list's pages and download batches in `sort` collect the matches instead of walking an index: /premium by length. */
export function collectsEveryPage(list: PublicList, sort: string | null): boolean {
  return list === "premium" && parseListingSort(sort) === "length-asc";
}

const premiumPredicate = sql`${domains.status} = 'premium'`;

export type SoonAvailableOptions = PageOptions &
  FilterOptions & {
    sort?: SoonSort;
    /** Spec: the featured toggle, on by default; off leaves featured names out. */
    includeFeatured?: boolean;
  };

/** /soon-available (docs/product.md, "Lists and their order"): status soonavailable, in pages of 100 (8 on home). */
export function findSoonAvailable(db: Db, options: SoonAvailableOptions = {}): Promise<DomainPage> {
  const where = filtered(soonAvailablePredicate(options.includeFeatured ?? true), "soon", options);
  return selectCardPage(db, where, soonAvailableOrder(options.sort ?? DEFAULT_SOON_SORT), options);
}

/**
 * The exact number behind "Visar {n} av {total} domäner", from the totals
 * the database keeps (countDomains): the same cost at a million names as at
 * ten, so every page view reads it.
 */
export function countSoonAvailable(db: Db, options: { includeFeatured?: boolean } = {}): Promise<number> {
  return countDomains(db, { statuses: ["soonavailable"], featured: (options.includeFeatured ?? true) ? undefined : false });
}

/**
 * A list's order for a `?sort=` value, as its pages read it (the list's default for a value it does
 * not know): what the API checks a cursor against (a cursor whose value this order cannot hold is not
 * one of its pages' ends).
 */
export function listOrder(list: PublicList, sort: string | null): ListOrder {
  if (list === "soon-available") return soonAvailableOrder(parseSoonSort(sort));
  if (list === "available") return availableOrder(parseListingSort(sort));
  return scoredListOrder(parseListingSort(sort));
}

/** A list's filters (app/domain/public-filters.ts) and the moment their date presets count from. */
export type FilterOptions = { filters?: PublicFilters; now?: Date };

/** The list's own predicate, and the filters the list offers (filtersFor) when any is set. */
function filtered(predicate: SQL, scope: FilterScope, options: FilterOptions): SQL {
  const filters = options.filters && publicFilterWhere(filtersFor(scope, options.filters), options.now ?? new Date());
  return filters ? sql`${predicate} and ${filters}` : predicate;
}

/**
 * A filtered view with at most this many matches has its page read by
 * collecting them all and sorting (PageOptions.collect): walking the order's
 * index would pass through most of the list to find so few. More matches lie
 * densely enough along the order for the walk.
 */
export const FILTERED_COLLECT_LIMIT = 2_000;

/** Whether a view of `total` matches (counted first) is read by collecting them. */
export function collectsPage(total: ListTotal | null): boolean {
  return total !== null && !total.more && total.count <= FILTERED_COLLECT_LIMIT;
}

/** A filtered list's matches are counted up to here: "Fler än 10 000". */
export const FILTERED_COUNT_LIMIT = 10_000;

/**
 * The number behind a list's count line. Without filters it is exact and
 * free, from the totals the database keeps; with filters the matching names
 * are counted, stopping one past FILTERED_COUNT_LIMIT so that a broad filter
 * costs no more than reading ten thousand index entries.
 */
export async function countListView(
  db: Db,
  list: PublicList,
  options: FilterOptions & { includeFeatured?: boolean } = {},
): Promise<ListTotal> {
  if (!options.filters || !hasPublicFilters(filtersFor(filterScopeOf(list), options.filters))) {
    const exact = await countUnfiltered(db, list, options.includeFeatured ?? true);
    return { count: exact, more: false };
  }
  const matches = db
    .select({ one: sql`1` })
    .from(domains)
    .where(listViewWhere(list, options))
    .limit(FILTERED_COUNT_LIMIT + 1);
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(matches.as("matches"));
  return { count: Math.min(row.count, FILTERED_COUNT_LIMIT), more: row.count > FILTERED_COUNT_LIMIT };
}

/** The names a list view holds: the list's own predicate and the filters it offers. */
export function listViewWhere(list: PublicList, options: FilterOptions & { includeFeatured?: boolean } = {}): SQL {
  const predicate = {
    available: availablePredicate,
    featured: featuredListPredicate,
    premium: premiumPredicate,
    "soon-available": soonAvailablePredicate(options.includeFeatured ?? true),
  }[list];
  return filtered(predicate, filterScopeOf(list), options);
}

function countUnfiltered(db: Db, list: PublicList, includeFeatured: boolean): Promise<number> {
  switch (list) {
    case "available":
      return countAvailable(db);
    case "featured":
      return countFeatured(db);
    case "premium":
      return countDomains(db, { statuses: ["premium"] });
    case "soon-available":
      return countSoonAvailable(db, { includeFeatured });
  }
}

/**
 * Home shows 8 available names at random (docs/product.md, "Lists and their order"). Each row carries a fixed
 * random key; reading the 8 keys after a random point is a short index range
 * scan (domains_available_random_idx) instead of sorting the table by random().
 * When the point lies near the end, the rest is taken from the start.
 */
export async function findRandomAvailable(db: Db, options: { count?: number; random?: () => number } = {}): Promise<DomainCardData[]> {
  const count = options.count ?? HOME_SECTION_SIZE;
  const start = (options.random ?? Math.random)();
  const after = await db
    .select(domainCardColumns)
    .from(domains)
    .where(and(availablePredicate, gte(domains.randomKey, sql`${start}::real`)))
    .orderBy(asc(domains.randomKey))
    .limit(count);
  if (after.length >= count) return after.map(toDomainCardData);
  const wrapped = await db
    .select(domainCardColumns)
    .from(domains)
    .where(and(availablePredicate, lt(domains.randomKey, sql`${start}::real`)))
    .orderBy(asc(domains.randomKey))
    .limit(count - after.length);
  return [...after, ...wrapped].map(toDomainCardData);
}

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

/**
 * How many names a page of a list holds for this visitor: 100 cards, or 24
 * on a phone; the table view's 500 rows on any screen. The width is not known
 * on the server; a phone's user agent is (the header collapses on it too, and
 * the page cache keeps phones' pages apart). Pages are keyset pages, so a
 * cursor in a shared link starts at the same name whatever the size.
 */
export function listPageSize(request: Request, layout?: ListLayout): number {
  if (layout === "tabell") return TABLE_PAGE_SIZE;
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
  options: {
    list: string;
    after: string | null;
    errorMessage: string;
    load: (pageSize: number) => Promise<DomainPage>;
    /** The table layout's pages are larger (listPageSize). */
    layout?: ListLayout;
    /** How many pages from `after` the view shows (?sidor=); capped at MAX_VIEW_NAMES. */
    pages?: number;
    /** The saved search the view was opened from, when any: marks and records its new names (saved-search-visits.server.ts). */
    showNew?: (userId: string, names: string[]) => Promise<OpenedSavedSearch | null>;
  },
): Promise<ListPageData> {
  const message = options.after ? LIST_ERRORS.loadMore : options.errorMessage;
  const pageSize = listPageSize(request, options.layout);
  const maxPages = Math.max(1, Math.floor(MAX_VIEW_NAMES / pageSize));
  const pages = Math.min(Math.max(1, options.pages ?? 1), maxPages);
  const [viewer, result] = await Promise.all([
    findListViewer(request),
    tryList({ list: options.list, after: options.after, url: request.url }, message, () => options.load(pageSize * pages)),
  ]);
  const listed = result.ok ? result.value.domains : [];
  const names = listed.map((domain) => domain.name);
  // The cards' siblings and twins came with them: the page's query reads their stored flags (decision 0089).
  const [bookmarked, openedSearch] = await Promise.all([
    findViewerBookmarks(db, viewer, names),
    result.ok && viewer.userId && options.showNew ? showViewerNewNames(viewer.userId, names, options.showNew) : null,
  ]);
  return {
    // To the minute (as the home page does): the cards' times read in minutes, and the page's
    // body then stays the same for a minute, so ETags and the page micro-cache keep matching.
    now: Math.floor(Date.now() / 60_000) * 60_000,
    after: options.after,
    domains: listed,
    nextCursor: result.ok ? result.value.nextCursor : null,
    error: result.ok ? null : result.error,
    bookmarks: { signedIn: viewer.signedIn, names: bookmarked },
    pages,
    maxPages,
    pageSize,
    openedSearch,
  };
}

/** The saved search's new names for the page; a failure leaves the page unmarked (and logged) rather than failing it. */
async function showViewerNewNames(
  userId: string,
  names: string[],
  showNew: (userId: string, names: string[]) => Promise<OpenedSavedSearch | null>,
): Promise<OpenedSavedSearch | null> {
  try {
    return await showNew(userId, names);
  } catch (error) {
    logger.error({ err: error, userId }, "saved search's new names for a public list failed");
    return null;
  }
}

/**
 * The /featured and /available loaders: one page, its sort, and the view's
 * total for "{n} domäner hittades" (null when only the count failed).
 */
export async function loadSortedListPage(
  request: Request,
  db: Db,
  options: {
    list: string;
    after: string | null;
    errorMessage: string;
    /** `total` is the view's count when it was read first (countFirst), else null. */
    load: (pageSize: number, total: ListTotal | null) => Promise<DomainPage>;
    count: () => Promise<ListTotal>;
    /** Count before reading the page, so that the page can be read the way its number of matches suits (collectsPage). */
    countFirst?: boolean;
    layout?: ListLayout;
    pages?: number;
    showNew?: (userId: string, names: string[]) => Promise<OpenedSavedSearch | null>;
  },
) {
  const count = () => tryList({ list: `${options.list}-count`, url: request.url }, options.errorMessage, options.count);
  if (options.countFirst) {
    const total = await count();
    const known = total.ok ? total.value : null;
    const listPage = await loadListPage(request, db, { ...options, load: (pageSize) => options.load(pageSize, known) });
    return { ...listPage, total: known };
  }
  const [listPage, total] = await Promise.all([
    loadListPage(request, db, { ...options, load: (pageSize) => options.load(pageSize, null) }),
    count(),
  ]);
  return { ...listPage, total: total.ok ? total.value : null };
}

export type ListResult<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Runs one list query for a page. A failure is logged with its context and
 * becomes the list's Swedish message (docs/product.md, "The texts that matter"), so one broken list never
 * takes the whole page down.
 */
export async function tryList<T>(
  context: Record<string, unknown> & { list: string },
  message: string,
  work: () => Promise<T>,
): Promise<ListResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    logger.error({ err: error, ...context }, "list query failed");
    return { ok: false, error: message };
  }
}
