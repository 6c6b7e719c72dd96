// Saved searches (docs/product.md, "Saved searches"): kept per user, counted
// on /account, followed through private Atom and iCalendar feeds.
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { filterScopeOf, filtersFor, parsePublicFilters, type PublicFilters, type PublicList } from "~/domain/public-filters";
import { isPublicList, MAX_SAVED_SEARCHES } from "~/domain/saved-searches";
import type { ListTotal } from "~/lib/count-text";
import { savedViewSearch } from "~/lib/list-feeds";
import { parseFeaturedToggle } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { domains, savedSearches, user } from "~/server/db/schema/index.server";
import { countListView, FILTERED_COUNT_LIMIT, listViewWhere } from "~/server/domains/lists.server";
import { notSuspended } from "~/server/users/active-users.server";
import { newToSavedSearch } from "./saved-search-fresh.server";

export type SavedSearch = {
  id: string;
  name: string;
  list: PublicList;
  /** The view's query without "?": "min=4&tld=se", or "". */
  query: string;
  feedToken: string;
  createdAt: Date;
  lastVisitedAt: Date;
};

/** What a saved search selects: its list, filters and (on the soon list) whether featured names are in. */
export type SavedView = { list: PublicList; filters: PublicFilters; includeFeatured: boolean };

/** The columns of a SavedSearch (savedSearchFromRow makes one of a row). */
export const savedSearchColumns = {
  id: savedSearches.id,
  name: savedSearches.name,
  list: savedSearches.list,
  query: savedSearches.query,
  feedToken: savedSearches.feedToken,
  createdAt: savedSearches.createdAt,
  lastVisitedAt: savedSearches.lastVisitedAt,
};

export function savedSearchFromRow(row: Omit<SavedSearch, "list"> & { list: string }): SavedSearch {
  // The table's check allows only the public lists.
  return { ...row, list: row.list as PublicList };
}

function newFeedToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The part of a list page's address that a saved search keeps: its filters, featured toggle, layout and sort, in the site's order. */
export function savedViewQuery(list: PublicList, search: string): string {
  return savedViewSearch(list, search).replace(/^\?/, "");
}

export function savedViewOf(search: Pick<SavedSearch, "list" | "query">): SavedView {
  const params = new URLSearchParams(search.query);
  return {
    list: search.list,
    filters: filtersFor(filterScopeOf(search.list), parsePublicFilters(params)),
    includeFeatured: parseFeaturedToggle(params.getAll("featured")),
  };
}

export type SaveSearchResult = { ok: true; search: SavedSearch } | { ok: false; reason: "too-many" | "unknown-list" };

/**
 * Saves a view under a name. The same view saved again is not doubled: the
 * existing one is renamed. At most MAX_SAVED_SEARCHES per user, counted with
 * the user's row locked, so two saves at once cannot pass the limit together.
 */
export async function saveSearch(db: Db, userId: string, input: { name: string; list: string; search: string }): Promise<SaveSearchResult> {
  if (!isPublicList(input.list)) return { ok: false, reason: "unknown-list" };
  const list = input.list;
  const query = savedViewQuery(list, input.search);
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const [existing] = await tx
      .select(savedSearchColumns)
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.list, list), eq(savedSearches.query, query)))
      .limit(1);
    if (existing) {
      await tx.update(savedSearches).set({ name: input.name }).where(eq(savedSearches.id, existing.id));
      return { ok: true, search: savedSearchFromRow({ ...existing, name: input.name }) } as const;
    }
    const [{ total }] = await tx.select({ total: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if (total >= MAX_SAVED_SEARCHES) return { ok: false, reason: "too-many" } as const;
    const now = new Date();
    const row = { id: randomUUID(), userId, name: input.name, list, query, feedToken: newFeedToken(), createdAt: now, lastVisitedAt: now };
    await tx.insert(savedSearches).values(row);
    return { ok: true, search: savedSearchFromRow(row) } as const;
  });
}

/** The user's saved searches, oldest first (the order they were made in). */
export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select(savedSearchColumns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
    .limit(MAX_SAVED_SEARCHES);
  return rows.map(savedSearchFromRow);
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** A new feed token for the search: the old feed addresses answer 404 from now on. */
export async function renewSavedSearchToken(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ feedToken: newFeedToken() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** The saved search behind a feed token, or null (no such token, or its owner is suspended). */
export async function findSavedSearchByToken(db: Db, token: string): Promise<SavedSearch | null> {
  const [row] = await db
    .select(savedSearchColumns)
    .from(savedSearches)
    .innerJoin(user, eq(user.id, savedSearches.userId))
    .where(and(eq(savedSearches.feedToken, token), notSuspended))
    .limit(1);
  return row ? savedSearchFromRow(row) : null;
}

export type SavedSearchCounts = { matches: ListTotal; fresh: ListTotal };

/**
 * How many names the saved view holds, and how many of them are new: joined
 * it (were added, or changed into it) and not yet shown by it
 * (newToSavedSearch). Both bounded as the list pages count (FILTERED_COUNT_LIMIT).
 */
export async function countSavedSearch(db: Db, search: SavedSearch, now = new Date()): Promise<SavedSearchCounts> {
  const view = savedViewOf(search);
  const options = { filters: view.filters, includeFeatured: view.includeFeatured, now };
  const matches = await countListView(db, view.list, options);
  const fresh = db
    .select({ one: sql`1` })
    .from(domains)
    .where(and(listViewWhere(view.list, options), newToSavedSearch(search)))
    .limit(FILTERED_COUNT_LIMIT + 1);
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(fresh.as("fresh"));
  return { matches, fresh: { count: Math.min(row.count, FILTERED_COUNT_LIMIT), more: row.count > FILTERED_COUNT_LIMIT } };
}
