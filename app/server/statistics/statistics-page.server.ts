import { hasStatistics } from "~/domain/statistics-tables";
import type { StatisticsView } from "~/domain/statistics";
import { packStatistics } from "~/domain/statistics-figures";
import type { DatabaseHandle } from "~/server/db/client.server";
import { cachedDomainQuery } from "~/server/cache/domain-cache.server";
import { loadStatistics } from "./load-statistics.server";

/** The statistics as read for `now`, reused like the home page's sections (the figures change with the nightly jobs). */
export function loadCachedStatistics(handle: DatabaseHandle, now: Date): Promise<StatisticsView> {
  return cachedDomainQuery(handle.db, `statistics:${now.toISOString().slice(0, 10)}`, () => loadStatistics(handle, now));
}

/**
 * What /statistik's loader sends: the figures, packed, and nothing drawn or tabulated from them (the
 * page builds its charts and tables from the figures, on the server and again in the browser, with
 * statisticsPageModel); or only that there is nothing to show yet.
 */
export function statisticsPage(view: StatisticsView) {
  if (!hasStatistics(view)) return { hasData: false as const, computedAt: view.computedAt };
  return { hasData: true as const, computedAt: view.computedAt, figures: packStatistics(view) };
}
