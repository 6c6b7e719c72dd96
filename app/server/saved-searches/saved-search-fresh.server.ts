// Which of a saved view's names are new (docs/product.md, "Saved searches"):
// they joined the view after its `last_visited_at` and the view has not yet
// shown them as they are now.
import { and, gt, lt, sql, type SQL } from "drizzle-orm";
import { domains, savedSearchShownNames } from "~/server/db/schema/index.server";

/**
 * The condition on `domains` for a name new to the saved search: changed after
 * `lastVisitedAt` (a name's updated_at moves only when an import or a check
 * changes it) and not shown as it is now, or, with `shownBefore`, not shown so
 * before that moment (the names a visit keeps marking).
 */
export function newToSavedSearch(search: { id: string; lastVisitedAt: Date }, shownBefore?: Date): SQL {
  const shown = and(
    sql`${savedSearchShownNames.savedSearchId} = ${search.id}`,
    sql`${savedSearchShownNames.domainName} = ${domains.name}`,
    sql`${savedSearchShownNames.domainUpdatedAt} >= ${domains.updatedAt}`,
    shownBefore ? lt(savedSearchShownNames.shownAt, shownBefore) : undefined,
  );
  return and(gt(domains.updatedAt, search.lastVisitedAt), sql`not exists (select 1 from ${savedSearchShownNames} where ${shown})`)!;
}
