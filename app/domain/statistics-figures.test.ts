import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { catchCounts, statisticsView } from "~tests/factories/statistics-view";
import { NAME_SERVER_OPERATOR_KINDS } from "./name-server-operators";
import { CATCH_STATES } from "./statistics";
import { TAKEN_BY_MAX_OPERATORS } from "./statistics-taken-by";
import { packStatistics, unpackStatistics } from "./statistics-figures";
import { packTakenBy, unpackTakenBy } from "./statistics-taken-by-figures";

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
  // Who takes the released names: the most operators a period lists, each group with its largest three.
  for (const [index, period] of view.takenBy.entries()) {
    Object.assign(period, { released: 19_000 * (index + 1), taken: 14_500 * (index + 1), medianSeconds: 20_700 + index, otherOperators: { operators: 140, names: 900 } });
    period.operators = Array.from({ length: TAKEN_BY_MAX_OPERATORS }, (_, rank) => ({
      operator: rank % 3 === 0 ? `namnserver-${rank}.example.se` : `Operatör ${rank}`,
      kind: NAME_SERVER_OPERATOR_KINDS[rank % 4],
      known: rank % 3 !== 0,
      names: 4000 - rank * 170 - index,
      medianSeconds: 3600 * (rank + 1) + index * 7,
    }));
    for (const [at, group] of [...period.byLength, ...period.byChars].entries()) {
      Object.assign(group, {
        released: 3000 + at * 17,
        taken: 2000 + at * 13,
        kinds: { registrar_host: 1500 + at, parking: 300 + at, aftermarket: 100 + at, other: 100 + at * 10 },
        medianSeconds: at === 3 ? null : 7200 + at * 61,
      });
      group.topOperators = period.operators.slice(at % 4, (at % 4) + 3).map(({ operator, kind, known, names }) => ({ operator, kind, known, names: names - at }));
    }
  }
});

describe("packStatistics", () => {
  // "Vem tar de släppta namnen?" has a page of its own (/statistik/vem-tar) and travels there, per period.
  const withoutTakenBy = ({ takenBy: _takenBy, ...figures }: typeof fullView) => figures;

  it("unpacks to the same view", () => {
    expect(unpackStatistics(packStatistics(fullView))).toEqual(withoutTakenBy(fullView));
    expect(unpackStatistics(packStatistics(statisticsView("2026-03-20")))).toEqual(withoutTakenBy(statisticsView("2026-03-20")));
    expect(fullView.takenBy.map(packTakenBy).map(unpackTakenBy)).toEqual(fullView.takenBy);
    expect(statisticsView("2026-03-20").takenBy.map(packTakenBy).map(unpackTakenBy)).toEqual(statisticsView("2026-03-20").takenBy);
  });

  // /statistik may add at most 15 KB of gzip JavaScript over a content page, and the figures are
  // serialized into its HTML once more for hydration (docs/decisions/0058-statistics-charts-from-packed-figures.md).
  // Charts or tables sent beside the figures would triple this.
  it("keeps a full 90-day view small", () => {
    const bytes = gzipSync(JSON.stringify(packStatistics(fullView))).length;
    expect(bytes).toBeLessThan(3 * 1024);
    // Two periods of 20 operators, each group with its largest three.
    expect(gzipSync(JSON.stringify(fullView.takenBy.map(packTakenBy))).length).toBeLessThan(1.5 * 1024);
  });
});
