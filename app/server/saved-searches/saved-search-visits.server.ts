// Opening a saved search and showing its new names (docs/product.md, "Saved
// searches"): "Visa sökningen" starts a visit; the view it opens marks the
// names new to the search, and each name the view shows stops being new then.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { OpenedSavedSearch } from "~/domain/list-page";
import { filterScopeOf, filtersFor, publicFilterEntries } from "~/domain/public-filters";
import type { Db } from "~/server/db/client.server";
import { domains, savedSearches, savedSearchShownNames } from "~/server/db/schema/index.server";
import { listViewWhere } from "~/server/domains/lists.server";
import { newToSavedSearch } from "./saved-search-fresh.server";
import { savedSearchFromRow, type SavedSearch, type SavedView, savedSearchColumns, savedViewOf } from "./saved-searches.server";

/**
 * "Visa sökningen": the visit starts now. When the view has shown every name
 * new to it, only names that join it from now on can be new, and what it
 * remembers of shown names goes. Null when the search is not the user's.
 */
export async function visitSavedSearch(db: Db, userId: string, id: string, now = new Date()): Promise<SavedSearch | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(savedSearches)
      .set({ openedAt: now })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning(savedSearchColumns);
    if (!row) return null;
    const search = savedSearchFromRow(row);
    const view = savedViewOf(search);
    const [unseen] = await tx
      .select({ one: sql`1` })
      .from(domains)
      .where(and(listViewWhere(view.list, { filters: view.filters, includeFeatured: view.includeFeatured, now }), newToSavedSearch(search)))
      .limit(1);
    if (unseen) return search;
    await tx.update(savedSearches).set({ lastVisitedAt: now }).where(eq(savedSearches.id, id));
    await tx.delete(savedSearchShownNames).where(eq(savedSearchShownNames.savedSearchId, id));
    return { ...search, lastVisitedAt: now };
  });
}

/**
 * A page of a view opened from a saved search (?sparad=) shows `names` (ACE):
 * returns those new to the search, counting names this visit has already shown
 * as new (a reload, Back or another page keeps their mark), and records them as
 * shown. Null when the search is not the viewer's, or the view is not the
 * search's (other filters show other names).
 */
export async function showSavedSearchNames(
  db: Db,
  userId: string,
  opened: { id: string; view: SavedView },
  names: readonly string[],
  now = new Date(),
): Promise<OpenedSavedSearch | null> {
  const [search] = await db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      list: savedSearches.list,
      query: savedSearches.query,
      lastVisitedAt: savedSearches.lastVisitedAt,
      openedAt: savedSearches.openedAt,
    })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, opened.id), eq(savedSearches.userId, userId)))
    .limit(1);
  if (!search || !sameView(savedViewOf({ list: search.list as SavedSearch["list"], query: search.query }), opened.view)) return null;
  if (names.length === 0) return { id: search.id, name: search.name, newNames: [] };
  const fresh = await db
    .select({ name: domains.name, updatedAt: domains.updatedAt })
    .from(domains)
    .where(and(inArray(domains.name, [...new Set(names)]), newToSavedSearch(search, search.openedAt)));
  if (fresh.length > 0) {
    // The first showing counts: a name shown again in this visit keeps its time, one changed since is shown anew.
    await db
      .insert(savedSearchShownNames)
      .values(fresh.map((row) => ({ savedSearchId: search.id, domainName: row.name, domainUpdatedAt: row.updatedAt, shownAt: now })))
      .onConflictDoUpdate({
        target: [savedSearchShownNames.savedSearchId, savedSearchShownNames.domainName],
        set: { domainUpdatedAt: sql`excluded.domain_updated_at`, shownAt: sql`excluded.shown_at` },
        setWhere: sql`${savedSearchShownNames.domainUpdatedAt} < excluded.domain_updated_at`,
      });
  }
  return { id: search.id, name: search.name, newNames: fresh.map((row) => row.name) };
}

/** For a list loader (loadListPage's showNew): the page's new names when the view was opened from a saved search (?sparad=). */
export function savedSearchNewNames(db: Db, saved: string | null, view: SavedView) {
  if (!saved) return undefined;
  return (userId: string, names: string[]) => showSavedSearchNames(db, userId, { id: saved, view }, names);
}

/** The same names: list, filters (those the list offers) and featured toggle; the sort and the layout play no part. */
function sameView(a: SavedView, b: SavedView): boolean {
  const key = (view: SavedView) =>
    `${view.list}|${view.includeFeatured}|${new URLSearchParams(publicFilterEntries(filtersFor(filterScopeOf(view.list), view.filters)))}`;
  return key(a) === key(b);
}
