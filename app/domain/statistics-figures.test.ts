import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { catchCounts, statisticsView } from "~tests/factories/statistics-view";
import { CATCH_STATES } from "./statistics";
import { packStatistics, unpackStatistics } from "./statistics-figures";

/** Every day, group and point with a different figure: a full 90-day view, as hard to compress as real figures. */
const fullView = statisticsView("2026-03-20", (view) => {
  view.releaseDays.forEach((day, index) => Object.assign(day, { se: 700 + ((index * 37) % 400), nu: 30 + ((index * 11) % 50) }));
  view.catchByDay.forEach((day, index) => {
    const states = Object.fromEntries(CATCH_STATES.map((state, offset) => [state, (index * (offset + 3) * 7) % 500]));
    Object.assign(day, catchCounts(states, { "1d": index % 40, "7d": index % 30, "30d": index % 20 }));
  });
  for (const group of [...view.catchByLength, ...view.catchByChars]) Object.assign(group, catchCounts({ "1h": 3100, "1d": 8200, free: 51_000 }, { "1d": 2000 }));
  view.renewalCurve.forEach((point) => Object.assign(point, { onList: 5000 - point.daysLeft * 21, renewed: point.daysLeft * 13 }));
  view.currentList.total = 25_500;
  for (const group of Object.values(view.currentList).filter(Array.isArray).flat()) group.names = 1234;
});

describe("packStatistics", () => {
  it("unpacks to the same view", () => {
    expect(unpackStatistics(packStatistics(fullView))).toEqual(fullView);
    expect(unpackStatistics(packStatistics(statisticsView("2026-03-20")))).toEqual(statisticsView("2026-03-20"));
  });

  // /statistik may add at most 15 KB of gzip JavaScript over a content page, and the figures are
  // serialized into its HTML once more for hydration (docs/decisions/0058-statistics-charts-from-packed-figures.md).
  // Charts or tables sent beside the figures would triple this.
  it("keeps a full 90-day view small", () => {
    const bytes = gzipSync(JSON.stringify(packStatistics(fullView))).length;
    expect(bytes).toBeLessThan(3 * 1024);
  });
});
