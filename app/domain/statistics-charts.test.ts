import { describe, expect, it } from "vitest";
import { catchCounts, statisticsView } from "~tests/factories/statistics-view";
import { basisText, catchByDayChart, catchByGroupChart, countedGroupsChart, releaseDaysChart, renewalCurveChart } from "./statistics-charts";

const TODAY = "2026-03-20";

type Rect = { x: number; y: number; width: number; height: number };

/** The rectangles of a series' path (each written "Mx yhWvHh-Wz"). */
function rects(path: string): Rect[] {
  return [...path.matchAll(/M(-?[\d.]+) (-?[\d.]+)h(-?[\d.]+)v(-?[\d.]+)h-?[\d.]+z/g)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
    width: Number(match[3]),
    height: Number(match[4]),
  }));
}

const seriesRects = (model: { series: { key: string; path: string }[] }, key: string) => rects(model.series.find((entry) => entry.key === key)!.path);

describe("releaseDaysChart", () => {
  const view = statisticsView(TODAY, (v) => {
    Object.assign(v.releaseDays.find((day) => day.day === "2026-03-10")!, { se: 30, nu: 10 });
    Object.assign(v.releaseDays.find((day) => day.day === "2026-03-11")!, { se: 15, nu: 0 });
    Object.assign(v.releaseDays.find((day) => day.day === "2026-04-02")!, { se: 20, nu: 20 });
  });
  const chart = releaseDaysChart(view);

  it("stacks .nu on .se, heights in proportion, past days solid and scheduled ones hatched", () => {
    const [seTen, seEleven] = seriesRects(chart, "se-released");
    const [nuTen] = seriesRects(chart, "nu-released");
    expect(seTen.height / seEleven.height).toBeCloseTo(2, 1);
    expect(nuTen.y + nuTen.height).toBeCloseTo(seTen.y, 0);
    expect(seTen.height / nuTen.height).toBeCloseTo(3, 1);
    expect(seriesRects(chart, "se-scheduled")).toHaveLength(1);
    expect(seriesRects(chart, "nu-scheduled")).toHaveLength(1);
    expect(chart.series.filter((entry) => entry.key.endsWith("scheduled")).every((entry) => entry.style === "hatched")).toBe(true);
    expect(chart.series.filter((entry) => entry.key.endsWith("released")).every((entry) => entry.style === "solid")).toBe(true);
    // Bars stand on the plot's floor; the tallest (40 names) reaches no higher than its top.
    expect(seTen.y + seTen.height).toBeCloseTo(chart.plot.bottom, 0);
    expect(nuTen.y).toBeGreaterThanOrEqual(chart.plot.top);
  });

  it("marks today, shades the scheduled days after it and labels the months", () => {
    const [scheduled] = seriesRects(chart, "se-scheduled");
    expect(chart.marker?.label).toBe("Idag");
    expect(chart.band!.x).toBeGreaterThan(chart.marker!.x);
    expect(chart.band!.x).toBeLessThan(scheduled.x);
    expect(chart.band!.x + chart.band!.width).toBeCloseTo(chart.plot.right, 0);
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(["jan", "feb", "mar", "apr", "maj"]);
    expect(chart.yTicks[0]).toEqual({ at: chart.plot.bottom, label: "0" });
  });
});

describe("catchByDayChart", () => {
  it("fills each day with released names to the full height, splits the next-check part off, and leaves a day without names empty", () => {
    const view = statisticsView(TODAY, (v) => {
      Object.assign(v.catchByDay.find((day) => day.day === "2026-03-10")!, catchCounts({ "1h": 1, "1d": 2, free: 1 }, { "1d": 1 }));
    });
    const chart = catchByDayChart(view);
    const day = chart.series.flatMap((entry) => rects(entry.path).map((rect) => ({ key: entry.key, ...rect })));
    expect(day.map((rect) => rect.key)).toEqual(["1h", "1d", "1d-next", "free"]);
    const plotHeight = chart.plot.bottom - chart.plot.top;
    expect(day.reduce((sum, rect) => sum + rect.height, 0)).toBeCloseTo(plotHeight, 0);
    expect(day.find((rect) => rect.key === "1h")!.height).toBeCloseTo(plotHeight / 4, 0);
    expect(day.find((rect) => rect.key === "1d-next")!.height).toBeCloseTo(plotHeight / 4, 0);
    expect(chart.series.find((entry) => entry.key === "1d-next")?.style).toBe("hatched");
    expect(chart.yTicks.map((tick) => tick.label.replace(/\s/g, " "))).toEqual(["0 %", "25 %", "50 %", "75 %", "100 %"]);
  });
});

describe("catchByGroupChart", () => {
  it("draws a bar across the plot per group with names, none for an empty group, and says the basis in each label", () => {
    const groups = [
      { label: "4 tecken", ...catchCounts({ "7d": 150, later: 50 }, { "7d": 50 }) },
      { label: "5 tecken", ...catchCounts({ free: 40 }) },
      { label: "6–8 tecken", ...catchCounts() },
    ];
    const chart = catchByGroupChart(groups);
    const all = chart.series.flatMap((entry) => rects(entry.path));
    expect(all).toHaveLength(4);
    const first = all.filter((rect) => rect.y === all[0].y);
    expect(first.reduce((sum, rect) => sum + rect.width, 0)).toBeCloseTo(chart.plot.right - chart.plot.left, 0);
    expect(chart.rows.map((row) => row.label.replace(/\s/g, " "))).toEqual([
      "4 tecken: 200 släppta",
      "5 tecken: 40 släppta (färre än 100, osäker andel)",
      "6–8 tecken: inga släppta namn än",
    ]);
  });

  it("basisText flags fewer than 100 names", () => {
    expect(basisText(99)).toContain("färre än 100");
    expect(basisText(100)).toBe("100 släppta");
  });
});

describe("countedGroupsChart", () => {
  it("draws bars in proportion with their counts beside them", () => {
    const chart = countedGroupsChart([
      { key: ".se", label: ".se", names: 1200 },
      { key: ".nu", label: ".nu", names: 300 },
    ]);
    const [se, nu] = rects(chart.series[0].path);
    expect(se.width / nu.width).toBeCloseTo(4, 1);
    expect(chart.rows.map((row) => row.value?.text.replace(/\s/g, " "))).toEqual(["1 200", "300"]);
    expect(chart.rows[0].value!.x).toBeGreaterThan(se.x + se.width);
  });
});

describe("renewalCurveChart", () => {
  it("puts a dot only where names were on the list, hollow under the basis, and breaks the line where there were none", () => {
    const view = statisticsView(TODAY, (v) => {
      const point = (daysLeft: number) => v.renewalCurve.find((entry) => entry.daysLeft === daysLeft)!;
      Object.assign(point(40), { onList: 200, renewed: 50 });
      Object.assign(point(39), { onList: 200, renewed: 40 });
      Object.assign(point(10), { onList: 50, renewed: 5 });
      Object.assign(point(9), { onList: 50, renewed: 0 });
    });
    const chart = renewalCurveChart(view);
    expect(chart.points).toHaveLength(4);
    expect(chart.points.map((point) => point.thin)).toEqual([false, false, true, true]);
    // Two runs of days with names: the line starts twice.
    expect(chart.line.match(/M/g)).toHaveLength(2);
    // 40 days left sits left of 10 days left (the axis runs 60 → 0), and 25 % stands higher than 10 %.
    expect(chart.points[0].x).toBeLessThan(chart.points[2].x);
    expect(chart.points[0].y).toBeLessThan(chart.points[2].y);
    expect(chart.points[3].y).toBeCloseTo(chart.plot.bottom, 0);
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(["60", "50", "40", "30", "20", "10", "0"]);
  });

  it("draws no line at all without names", () => {
    const chart = renewalCurveChart(statisticsView(TODAY));
    expect(chart.points).toEqual([]);
    expect(chart.line).toBe("");
  });
});
