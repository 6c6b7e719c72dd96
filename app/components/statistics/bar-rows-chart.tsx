import type { BarRowsModel } from "~/domain/statistics-chart-models";
import { ChartText, HatchPatterns, SeriesPaths, svgProps, XAxis } from "./chart-parts";

/** Horizontal bars, each group's label above its bar (long Swedish labels fit at phone width this way). */
export function BarRowsChart({ chartId, title, description, model }: { chartId: string; title: string; description: string; model: BarRowsModel }) {
  const { plot } = model;
  return (
    <svg {...svgProps(chartId, model.width, model.height)}>
      <ChartText chartId={chartId} title={title} description={description} />
      <HatchPatterns chartId={chartId} series={model.series} />
      {model.xTicks.map((tick) => (
        <line key={tick.label} x1={tick.at} x2={tick.at} y1={plot.top} y2={plot.bottom} stroke="#e2e8f0" />
      ))}
      {model.rows.map((row) => (
        <g key={row.label}>
          <text x={plot.left} y={row.labelY} fontSize={14} fill="#0f172a">
            {row.label}
          </text>
          {row.value && (
            <text x={row.value.x} y={row.value.y} fontSize={13} fill="#0f172a">
              {row.value.text}
            </text>
          )}
        </g>
      ))}
      <SeriesPaths chartId={chartId} series={model.series} />
      <XAxis ticks={model.xTicks} y={plot.bottom} left={plot.left} right={plot.right} />
    </svg>
  );
}
