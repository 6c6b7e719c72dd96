import { describe, expect, it } from "vitest";
import { catchCounts, statisticsView } from "~tests/factories/statistics-view";
import { hasStatistics, isStatisticsChart, renewedPercent, STATISTICS_CHARTS, statisticsFileName, statisticsTable } from "./statistics-tables";
import { chartTable } from "./statistics-taken-by-tables";

const TODAY = "2026-03-20";

describe("statisticsTable", () => {
  it("release days: one row per day, both TLDs, their total and whether the day is scheduled", () => {
    const view = statisticsView(TODAY, (v) => {
      Object.assign(v.releaseDays.find((day) => day.day === "2026-03-10")!, { se: 4, nu: 1 });
      Object.assign(v.releaseDays.find((day) => day.day === "2026-03-25")!, { se: 2, nu: 0 });
    });
    const table = statisticsTable(view, "slapp-per-dag");
    expect(table.columns.map((column) => column.key)).toEqual(["day", "se", "nu", "total", "scheduled"]);
    expect(table.rows).toHaveLength(151);
    expect(table.rows.find((row) => row[0] === "2026-03-10")).toEqual(["2026-03-10", 4, 1, 5, "nej"]);
    expect(table.rows.find((row) => row[0] === "2026-03-25")).toEqual(["2026-03-25", 2, 0, 2, "ja"]);
  });

  it("catches: every state, and beside each bucket but the first hour how many were seen only at the next check", () => {
    const view = statisticsView(TODAY, (v) => {
      Object.assign(v.catchByLength[1], catchCounts({ "1h": 3, "1d": 5, free: 2 }, { "1d": 4 }));
    });
    const table = statisticsTable(view, "registreras-igen-per-langd");
    expect(table.columns.map((column) => column.key)).toEqual([
      "length_group",
      "released",
      "state_1h",
      "state_1d",
      "state_1d_by_next_check",
      "state_7d",
      "state_7d_by_next_check",
      "state_30d",
      "state_30d_by_next_check",
      "state_later",
      "state_later_by_next_check",
      "state_free",
      "state_unchecked",
    ]);
    expect(table.columns.find((column) => column.key === "state_1d_by_next_check")?.header).toBe("Inom 1 dygn: varav sågs vid nästa kontroll");
    expect(table.rows[1]).toEqual(["4 tecken", 10, 3, 5, 4, 0, 0, 0, 0, 0, 0, 2, 0]);
    expect(table.columns.filter((column) => column.key.startsWith("state_")).every((column) => column.shareOf === "released")).toBe(true);
  });

  it("renewal curve: the share renewed in percent, none where nobody was on the list", () => {
    const view = statisticsView(TODAY, (v) => {
      Object.assign(v.renewalCurve[0], { onList: 8, renewed: 1 });
    });
    const rows = statisticsTable(view, "fornyas").rows;
    expect(rows[0]).toEqual([60, 8, 1, 12.5]);
    expect(rows[60]).toEqual([0, 0, 0, null]);
  });

  it("today's list: every group of every grouping with the list's total", () => {
    const view = statisticsView(TODAY, (v) => {
      v.currentList.total = 3;
      v.currentList.tlds[0].names = 2;
      v.currentList.tlds[1].names = 1;
    });
    const rows = statisticsTable(view, "dagens-lista").rows;
    expect(rows).toHaveLength(5 + 4 + 2 + 5);
    expect(rows.filter((row) => row[0] === "Toppdomän")).toEqual([
      ["Toppdomän", ".se", 2, 3],
      ["Toppdomän", ".nu", 1, 3],
    ]);
  });

  it("gives every chart a table whose rows are as wide as its columns", () => {
    // loadStatistics leaves out catch-duration groups without catches: one measured catch gives the table its row.
    const view = statisticsView(TODAY, (v) => {
      v.mornings.catchDurations = [{ grouping: "all", key: "", label: "Alla", names: 1, p25Seconds: 60, p50Seconds: 60, p75Seconds: 60 }];
      // One name taken again in each period, and an operator past the listed ones (the "Övriga" row).
      for (const period of v.takenBy) {
        Object.assign(period, { released: 3, taken: 2, medianSeconds: 5400, otherOperators: { operators: 1, names: 1 } });
        period.operators = [{ operator: "Loopia", kind: "registrar_host", known: true, names: 1, medianSeconds: 5400 }];
      }
    });
    for (const chart of STATISTICS_CHARTS) {
      const table = chartTable(view, chart);
      expect(table.rows.length, chart).toBeGreaterThan(0);
      for (const row of table.rows) expect(row, chart).toHaveLength(table.columns.length);
    }
  });
});

describe("hasStatistics", () => {
  it("is false before the first computation and when nothing was counted, true once any name is", () => {
    expect(hasStatistics({ ...statisticsView(TODAY), computedAt: null })).toBe(false);
    expect(hasStatistics(statisticsView(TODAY))).toBe(false);
    expect(hasStatistics(statisticsView(TODAY, (v) => (v.renewalCurve[3].onList = 1)))).toBe(true);
    expect(hasStatistics(statisticsView(TODAY, (v) => (v.currentList.total = 1)))).toBe(true);
    expect(hasStatistics({ ...statisticsView(TODAY, (v) => (v.releaseDays[0].nu = 1)), computedAt: null })).toBe(false);
  });
});

it.each([
  [1, 3, 33.3],
  [0, 5, 0],
  [5, 5, 100],
  [0, 0, null],
])("renewedPercent(%s of %s) = %s", (renewed, onList, expected) => {
  expect(renewedPercent(onList, renewed)).toBe(expected);
});

it("knows the charts by name and names their files by chart and day", () => {
  expect(isStatisticsChart("fornyas")).toBe(true);
  expect(isStatisticsChart("okänd")).toBe(false);
  expect(isStatisticsChart("toString")).toBe(false);
  expect(statisticsFileName("slapp-per-dag", new Date("2026-03-20T23:30:00Z"))).toBe("snart-lediga-statistik-slapp-per-dag-2026-03-20.csv");
});
