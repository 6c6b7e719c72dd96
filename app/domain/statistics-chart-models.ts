// The shapes of /statistik's charts, as statistics-charts.ts draws them from the figures (on the
// server and in the browser alike) and the page's components render them as <svg>: coordinates in
// the chart's viewBox, every series one path.

/** A series of rectangles (or an area), drawn solid or hatched (scheduled days, catches seen only at the next check). */
export type ChartSeries = { key: string; color: string; style: "solid" | "hatched"; path: string };

/** What the legend says, in the page's own text; a swatch may stand for several series (all the hatched ones). */
export type LegendEntry = { label: string; color: string; style: "solid" | "hatched" };

export type AxisTick = { at: number; label: string };

export type ChartFrame = { width: number; height: number; plot: { left: number; top: number; right: number; bottom: number } };

/** Vertical bars over days (released per day, caught again per day). */
export type ColumnChartModel = ChartFrame & {
  kind: "columns";
  series: ChartSeries[];
  legend: LegendEntry[];
  xTicks: AxisTick[];
  yTicks: AxisTick[];
  /** The scheduled days, shaded behind their bars. */
  band: { x: number; width: number; label: string } | null;
  /** Today. */
  marker: { x: number; label: string } | null;
};

/** Horizontal bars, one row per group, each with its label above it. */
export type BarRowsModel = ChartFrame & {
  kind: "rows";
  series: ChartSeries[];
  legend: LegendEntry[];
  rows: { label: string; labelY: number; value: { text: string; x: number; y: number } | null }[];
  xTicks: AxisTick[];
};

/** A share over days left (the renewal curve): a line over an area, a dot per day with a basis. */
export type LineChartModel = ChartFrame & {
  kind: "line";
  line: string;
  area: string;
  color: string;
  /** `thin`: fewer names behind the share than the basis rule asks for (MIN_BASIS). */
  points: { x: number; y: number; thin: boolean }[];
  xTicks: AxisTick[];
  yTicks: AxisTick[];
};
