import type { ChartSeries, LegendEntry } from "~/domain/statistics-chart-models";

/** The id of the stripes a hatched series of `color` is filled with, unique per chart. */
export const hatchId = (chartId: string, color: string) => `${chartId}-hatch-${color.replace("#", "")}`;

/** One pattern per colour that is drawn hatched: stripes of the colour on white. */
export function HatchPatterns({ chartId, series }: { chartId: string; series: readonly { color: string; style: ChartSeries["style"] }[] }) {
  const colors = [...new Set(series.filter((entry) => entry.style === "hatched").map((entry) => entry.color))];
  if (colors.length === 0) return null;
  return (
    <defs>
      {colors.map((color) => (
        <pattern key={color} id={hatchId(chartId, color)} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="5" height="5" fill="#ffffff" />
          <rect width="2.5" height="5" fill={color} />
        </pattern>
      ))}
    </defs>
  );
}

export function SeriesPaths({ chartId, series }: { chartId: string; series: ChartSeries[] }) {
  return (
    <g>
      {series.map((entry) =>
        entry.path ? (
          <path
            key={entry.key}
            d={entry.path}
            fill={entry.style === "hatched" ? `url(#${hatchId(chartId, entry.color)})` : entry.color}
            // A thin outline keeps a hatched bar's edge, and white seams keep stacked segments apart.
            stroke={entry.style === "hatched" ? entry.color : "#ffffff"}
            strokeWidth={0.6}
          />
        ) : null,
      )}
    </g>
  );
}

/** The legend as text beside the chart (not inside the picture), so it reads at any width and prints. */
export function ChartLegend({ entries }: { entries: LegendEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
      {entries.map((entry) => (
        <li key={entry.label} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-3.5 shrink-0 rounded-sm border"
            style={{
              borderColor: entry.color,
              background:
                entry.style === "hatched" ? `repeating-linear-gradient(45deg, ${entry.color} 0 2px, #ffffff 2px 4px)` : entry.color,
            }}
          />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

const TICK_TEXT = { fontSize: 12, fill: "#334155" } as const;

/** Horizontal grid lines with their labels at the left of the plot. */
export function YAxis({ ticks, left, right }: { ticks: { at: number; label: string }[]; left: number; right: number }) {
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick.label}>
          <line x1={left} x2={right} y1={tick.at} y2={tick.at} stroke="#e2e8f0" />
          <text x={left - 6} y={tick.at} dy="0.32em" textAnchor="end" {...TICK_TEXT}>
            {tick.label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Labels under the plot, centred on their positions. */
export function XAxis({ ticks, y, left, right }: { ticks: { at: number; label: string }[]; y: number; left: number; right: number }) {
  return (
    <g>
      <line x1={left} x2={right} y1={y} y2={y} stroke="#64748b" />
      {ticks.map((tick) => (
        <g key={`${tick.at}-${tick.label}`}>
          <line x1={tick.at} x2={tick.at} y1={y} y2={y + 4} stroke="#64748b" />
          <text x={tick.at} y={y + 18} textAnchor="middle" {...TICK_TEXT}>
            {tick.label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The <title> and <desc> a chart is named and described by (role="img" reads them, nothing inside). */
export function ChartText({ chartId, title, description }: { chartId: string; title: string; description: string }) {
  return (
    <>
      <title id={`${chartId}-title`}>{title}</title>
      <desc id={`${chartId}-desc`}>{description}</desc>
    </>
  );
}

export const svgProps = (chartId: string, width: number, height: number) => ({
  viewBox: `0 0 ${width} ${height}`,
  width: "100%",
  role: "img",
  "aria-labelledby": `${chartId}-title ${chartId}-desc`,
  className: "block h-auto w-full",
  fontFamily: "inherit",
});
