import { hasStatistics } from "~/domain/statistics-tables";
import type { StatisticsView } from "~/domain/statistics";
import { packStatistics } from "~/domain/statistics-figures";
import { packTakenBy } from "~/domain/statistics-taken-by-figures";
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
  // "Vem tar de släppta namnen?" has a page of its own (/statistik/vem-tar), which /statistik links to.
  return { hasData: true as const, computedAt: view.computedAt, figures: packStatistics(view) };
}

/** What /statistik/vem-tar's loader sends: the two periods, packed; or that nothing was ever computed. */
export function takenByPage(view: StatisticsView) {
  if (view.computedAt === null) return { hasData: false as const, computedAt: null };
  return { hasData: true as const, computedAt: view.computedAt, periods: view.takenBy.map(packTakenBy) };
}
