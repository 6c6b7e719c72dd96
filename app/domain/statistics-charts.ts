// The charts of /statistik: scales and stacks (chart-scales.ts) turn the figures into viewBox
// coordinates and path strings (statistics-chart-models.ts), and the page renders those as plain
// <svg>. The same code draws on the server and, from the same figures, in the browser, so only the
// figures travel with the page.
import { areaPath, linePath, scaleBand, scaleLinear, stackLayers } from "./chart-scales";
import { formatNumberSv, formatPercentSv } from "./format";
import {
  CATCH_BUCKETS,
  CATCH_STATE_LABELS,
  CATCH_STATES,
  MIN_BASIS,
  type CatchCounts,
  type CountedGroup,
  type MorningStatistics,
  type StatisticsView,
} from "./statistics";
import type { AxisTick, BarRowsModel, ChartSeries, ColumnChartModel, LegendEntry, LineChartModel } from "./statistics-chart-models";

export const WIDTH = 640;
const COLUMNS_HEIGHT = 260;
const MONTHS = ["jan", "feb", "mar", "apr", "maj", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];

/**
 * Colours with at least 3:1 contrast against the white page (WCAG 1.4.11), ordered from quick catches
 * (dark blues) to slow ones (teal, green), then "still free" (amber) and "not checked" (grey).
 */
export const TLD_COLORS = { se: "#1d4ed8", nu: "#c2410c" } as const;
export const CATCH_COLORS: Record<(typeof CATCH_STATES)[number], string> = {
  "1h": "#1e3a8a",
  "1d": "#2563eb",
  "7d": "#0e7490",
  "30d": "#0f766e",
  later: "#4d7c0f",
  free: "#b45309",
  unchecked: "#64748b",
};
const SINGLE_COLOR = "#1d4ed8";
const NEXT_CHECK_LEGEND = "Randig del: sågs först vid nästa kontroll (kan ha registrerats tidigare)";

/** One decimal is finer than a pixel at any width the page is shown at, and keeps the HTML short. */
export const round = (value: number) => Math.round(value * 10) / 10;

/** A rectangle as a path segment; many of them make one series' path. */
export function rect(x: number, y: number, width: number, height: number): string {
  return `M${round(x)} ${round(y)}h${round(width)}v${round(height)}h${round(-width)}z`;
}

/** Band ticks on the first of each month, labelled "sep". */
function monthTicks(days: string[], center: (day: string) => number): AxisTick[] {
  return days.filter((day) => day.endsWith("-01")).map((day) => ({ at: round(center(day)), label: MONTHS[Number(day.slice(5, 7)) - 1] }));
}

const plotOf = (height: number, left = 48) => ({ left, top: 12, right: WIDTH - 8, bottom: height - 28 });

/** "Släpp per dag": released names (past) and scheduled ones (ahead), stacked .se under .nu. */
export function releaseDaysChart(view: Omit<StatisticsView, "takenBy">): ColumnChartModel {
  const plot = plotOf(COLUMNS_HEIGHT);
  const days = view.releaseDays.map((day) => day.day);
  const x = scaleBand(days, [plot.left, plot.right], 0.2);
  const maxTotal = Math.max(1, ...view.releaseDays.map((day) => day.se + day.nu));
  const y = scaleLinear([0, maxTotal], [plot.bottom, plot.top], { niced: true });
  const stacked = stackLayers(view.releaseDays, ["se", "nu"] as const, (day, tld) => day[tld]);
  const series: ChartSeries[] = [];
  for (const scheduled of [false, true]) {
    for (const layer of stacked) {
      const tld = layer.key;
      const path = layer.points
        .filter(({ data, bounds }) => data.scheduled === scheduled && bounds[1] > bounds[0])
        .map(({ data, bounds }) => rect(x.x(data.day), y(bounds[1]), x.bandwidth, y(bounds[0]) - y(bounds[1])))
        .join("");
      series.push({ key: `${tld}-${scheduled ? "scheduled" : "released"}`, color: TLD_COLORS[tld], style: scheduled ? "hatched" : "solid", path });
    }
  }
  const firstScheduled = view.releaseDays.find((day) => day.scheduled);
  const center = (day: string) => x.x(day) + x.bandwidth / 2;
  return {
    kind: "columns",
    width: WIDTH,
    height: COLUMNS_HEIGHT,
    plot,
    series,
    legend: [
      { label: ".se, släppta", color: TLD_COLORS.se, style: "solid" },
      { label: ".nu, släppta", color: TLD_COLORS.nu, style: "solid" },
      { label: ".se, schemalagda", color: TLD_COLORS.se, style: "hatched" },
      { label: ".nu, schemalagda", color: TLD_COLORS.nu, style: "hatched" },
    ],
    xTicks: monthTicks(days, center),
    yTicks: y.ticks(4).map((value) => ({ at: round(y(value)), label: formatNumberSv(value) })),
    band: firstScheduled
      ? { x: round(x.x(firstScheduled.day) - (x.step - x.bandwidth) / 2), width: round(plot.right - x.x(firstScheduled.day)), label: "Schemalagt" }
      : null,
    marker: days.includes(view.today) ? { x: round(center(view.today)), label: "Idag" } : null,
  };
}

/** The stack's layers: each catch bucket split into "seen within" and "seen only at the next check". */
const CATCH_LAYERS = CATCH_STATES.flatMap((state) => {
  const seen = { key: state, state, byNextCheck: false };
  return state === "1h" || !CATCH_BUCKETS.some((bucket) => bucket.key === state) ? [seen] : [seen, { key: `${state}-next`, state, byNextCheck: true }];
});

function catchLayerValue(counts: CatchCounts, layer: (typeof CATCH_LAYERS)[number]): number {
  const state = layer.state;
  const byNextCheck = state === "free" || state === "unchecked" ? 0 : counts.byNextCheck[state];
  return layer.byNextCheck ? byNextCheck : counts.states[state] - byNextCheck;
}

/** Each group's counts as shares of its released names, stacked from quickest catch to not checked. */
function catchStack<T extends CatchCounts>(groups: T[]) {
  return stackLayers(
    groups,
    CATCH_LAYERS.map((layer) => layer.key),
    (group, key) => catchLayerValue(group, CATCH_LAYERS.find((layer) => layer.key === key)!),
    { expand: true },
  );
}

const catchLegend: LegendEntry[] = [
  ...CATCH_STATES.map((state) => ({ label: CATCH_STATE_LABELS[state], color: CATCH_COLORS[state], style: "solid" as const })),
  { label: NEXT_CHECK_LEGEND, color: "#475569", style: "hatched" },
];

const layerSeries = (layerKey: string, path: string): ChartSeries => {
  const layer = CATCH_LAYERS.find((candidate) => candidate.key === layerKey)!;
  return { key: layer.key, color: CATCH_COLORS[layer.state], style: layer.byNextCheck ? "hatched" : "solid", path };
};

export const percentTicks = (scale: (value: number) => number, values = [0, 0.25, 0.5, 0.75, 1]): AxisTick[] =>
  values.map((value) => ({ at: round(scale(value)), label: formatPercentSv(value) }));

/** "Registreras igen", per release day: 100 % stacked columns; a day with no released names has none. */
export function catchByDayChart(view: Omit<StatisticsView, "takenBy">): ColumnChartModel {
  const plot = plotOf(COLUMNS_HEIGHT);
  const days = view.catchByDay.map((day) => day.day);
  const x = scaleBand(days, [plot.left, plot.right], 0.2);
  const y = scaleLinear([0, 1], [plot.bottom, plot.top]);
  const layers = catchStack(view.catchByDay);
  const path = (points: (typeof layers)[number]["points"]) =>
    points
      .filter(({ data, bounds }) => data.released > 0 && bounds[1] > bounds[0])
      .map(({ data, bounds }) => rect(x.x(data.day), y(bounds[1]), x.bandwidth, y(bounds[0]) - y(bounds[1])))
      .join("");
  const center = (day: string) => x.x(day) + x.bandwidth / 2;
  return {
    kind: "columns",
    width: WIDTH,
    height: COLUMNS_HEIGHT,
    plot,
    series: layers.map((layer) => layerSeries(layer.key, path(layer.points))),
    legend: catchLegend,
    xTicks: monthTicks(days, center),
    yTicks: percentTicks(y),
    band: null,
    marker: null,
  };
}

const ROW_HEIGHT = 46;
export const BAR_HEIGHT = 18;

/** Rows of horizontal bars: each group's label (and basis) above its bar; room at both ends for "0 %" and "100 %" under them. */
export function rowsFrame(count: number, width: number) {
  const height = count * ROW_HEIGHT + 32;
  return { height, plot: { left: 20, top: 4, right: width - 24, bottom: height - 28 } };
}
/** Today's list is drawn four to a row on a wide screen: a narrower picture keeps its text as large as the rest. */
export const SMALL_WIDTH = 320;
export const barTop = (index: number, top: number) => top + index * ROW_HEIGHT + 20;

/**
 * 100 % stacked bars, one a group, each under its label ("5 tecken: 1 234 släppta"), with percent ticks
 * below: `drawSeries` gets `bar`, which draws group `index`'s part from share `from` to share `to`.
 */
export function stackedShareRows(
  labels: string[],
  legend: LegendEntry[],
  drawSeries: (bar: (index: number, from: number, to: number) => string) => ChartSeries[],
): BarRowsModel {
  const { height, plot } = rowsFrame(labels.length, WIDTH);
  const x = scaleLinear([0, 1], [plot.left, plot.right]);
  const bar = (index: number, from: number, to: number) => rect(x(from), barTop(index, plot.top), x(to) - x(from), BAR_HEIGHT);
  return {
    kind: "rows",
    width: WIDTH,
    height,
    plot,
    series: drawSeries(bar),
    legend,
    rows: labels.map((label, index) => ({ label, labelY: barTop(index, plot.top) - 6, value: null })),
    xTicks: percentTicks(x),
  };
}

/** "Registreras igen" per length or character group: 100 % stacked bars; a thin basis is said in the label. */
export function catchByGroupChart(groups: (CatchCounts & { label: string })[]): BarRowsModel {
  const labels = groups.map((group) => `${group.label}: ${basisText(group.released)}`);
  return stackedShareRows(labels, catchLegend, (bar) =>
    catchStack(groups).map((layer) =>
      layerSeries(
        layer.key,
        layer.points
          .map(({ data, bounds }, index) => ({ data, bounds, index }))
          .filter(({ data, bounds }) => data.released > 0 && bounds[1] > bounds[0])
          .map(({ bounds, index }) => bar(index, bounds[0], bounds[1]))
          .join(""),
      ),
    ),
  );
}

/** "1 234 släppta", and a warning when fewer than MIN_BASIS names are behind the shares. */
export function basisText(released: number): string {
  if (released === 0) return "inga släppta namn än";
  const count = `${formatNumberSv(released)} släppta`;
  return released < MIN_BASIS ? `${count} (färre än ${MIN_BASIS}, osäker andel)` : count;
}

/** One grouping of today's list: plain horizontal bars with the count at each bar's end. */
export function countedGroupsChart(groups: CountedGroup[]): BarRowsModel {
  const { height, plot } = rowsFrame(groups.length, SMALL_WIDTH);
  // Room at the right for the count after the longest bar.
  const x = scaleLinear([0, Math.max(1, ...groups.map((group) => group.names))], [plot.left, plot.right - 48], { niced: true });
  const path = groups
    .map((group, index) => (group.names > 0 ? rect(x(0), barTop(index, plot.top), x(group.names) - x(0), BAR_HEIGHT) : ""))
    .join("");
  return {
    kind: "rows",
    width: SMALL_WIDTH,
    height,
    plot,
    series: [{ key: "names", color: SINGLE_COLOR, style: "solid", path }],
    legend: [],
    rows: groups.map((group, index) => ({
      label: group.label,
      labelY: barTop(index, plot.top) - 6,
      value: { text: formatNumberSv(group.names), x: round(x(group.names) + 6), y: barTop(index, plot.top) + BAR_HEIGHT - 4 },
    })),
    xTicks: x.ticks(3).map((value) => ({ at: round(x(value)), label: formatNumberSv(value) })),
  };
}

/** "Förnyas i stället för att släppas": the share renewed, 60 days left to 0; no dot where nobody was on the list. */
export function renewalCurveChart(view: Omit<StatisticsView, "takenBy">): LineChartModel {
  const height = 260;
  const plot = plotOf(height);
  const x = scaleLinear([view.renewalCurve[0]?.daysLeft ?? 60, 0], [plot.left, plot.right]);
  const shares = view.renewalCurve.map((point) => ({ ...point, share: point.onList === 0 ? null : point.renewed / point.onList }));
  const highest = Math.max(0.1, ...shares.map((point) => point.share ?? 0));
  const y = scaleLinear([0, highest], [plot.bottom, plot.top], { niced: true });
  type Share = (typeof shares)[number];
  const defined = (point: Share) => point.share !== null;
  // A gap where nobody was on the list: the line and the area break there.
  const drawn = shares.map((point) => (defined(point) ? { x: round(x(point.daysLeft)), y: round(y(point.share!)) } : null));
  return {
    kind: "line",
    width: WIDTH,
    height,
    plot,
    line: linePath(drawn),
    area: areaPath(drawn, plot.bottom),
    color: SINGLE_COLOR,
    points: shares.filter(defined).map((point) => ({ x: round(x(point.daysLeft)), y: round(y(point.share!)), thin: point.onList < MIN_BASIS })),
    xTicks: [60, 50, 40, 30, 20, 10, 0].map((days) => ({ at: round(x(days)), label: String(days) })),
    yTicks: y.ticks(4).map((value) => ({ at: round(y(value)), label: formatPercentSv(value) })),
  };
}

/** "Släppmorgonen": names first seen free in each ten-minute bucket after 04:00 UTC, over the measured mornings. */
export function releaseMinutesChart(mornings: MorningStatistics): ColumnChartModel {
  const plot = plotOf(COLUMNS_HEIGHT);
  const buckets = mornings.releaseMinutes.map((bucket) => String(bucket.minute));
  const x = scaleBand(buckets, [plot.left, plot.right], 0.15);
  const y = scaleLinear([0, Math.max(1, ...mornings.releaseMinutes.map((bucket) => bucket.names))], [plot.bottom, plot.top], { niced: true });
  const path = mornings.releaseMinutes
    .filter((bucket) => bucket.names > 0)
    .map((bucket) => rect(x.x(String(bucket.minute)), y(bucket.names), x.bandwidth, y(0) - y(bucket.names)))
    .join("");
  return {
    kind: "columns",
    width: WIDTH,
    height: COLUMNS_HEIGHT,
    plot,
    series: [{ key: "names", color: SINGLE_COLOR, style: "solid", path }],
    legend: [],
    // A tick on each hour, in UTC as the release moment is given.
    xTicks: mornings.releaseMinutes
      .filter((bucket) => bucket.minute % 60 === 0)
      .map((bucket) => ({ at: round(x.x(String(bucket.minute))), label: `${String(4 + bucket.minute / 60).padStart(2, "0")}:00` })),
    yTicks: y.ticks(4).map((value) => ({ at: round(y(value)), label: formatNumberSv(value) })),
    band: null,
    marker: null,
  };
}

/** Per group, the share of measured names first seen free in the morning's first hour: plain bars with the share at their end. */
export function firstHourChart(groups: MorningStatistics["firstHour"]): BarRowsModel {
  const { height, plot } = rowsFrame(groups.length, WIDTH);
  const x = scaleLinear([0, 1], [plot.left, plot.right - 48]);
  const share = (group: MorningStatistics["firstHour"][number]) => (group.names === 0 ? 0 : group.inFirstHour / group.names);
  const path = groups
    .map((group, index) => (share(group) > 0 ? rect(x(0), barTop(index, plot.top), x(share(group)) - x(0), BAR_HEIGHT) : ""))
    .join("");
  return {
    kind: "rows",
    width: WIDTH,
    height,
    plot,
    series: [{ key: "first-hour", color: SINGLE_COLOR, style: "solid", path }],
    legend: [],
    rows: groups.map((group, index) => ({
      label: `${group.label}: ${group.names === 0 ? "inga mätta namn än" : `${formatNumberSv(group.names)} namn${group.names < MIN_BASIS ? ` (färre än ${MIN_BASIS}, osäker andel)` : ""}`}`,
      labelY: barTop(index, plot.top) - 6,
      value: group.names === 0 ? null : { text: formatPercentSv(share(group)), x: round(x(share(group)) + 6), y: barTop(index, plot.top) + BAR_HEIGHT - 4 },
    })),
    xTicks: percentTicks(x, [0, 0.5, 1]),
  };
}
