import type { ColumnChartModel } from "~/domain/statistics-chart-models";
import { ChartText, HatchPatterns, SeriesPaths, svgProps, XAxis, YAxis } from "./chart-parts";

/** Vertical (stacked) bars over days, drawn from the server's geometry; scheduled days shaded, today marked. */
export function ColumnChart({ chartId, title, description, model }: { chartId: string; title: string; description: string; model: ColumnChartModel }) {
  const { plot, band, marker } = model;
  return (
    <svg {...svgProps(chartId, model.width, model.height)}>
      <ChartText chartId={chartId} title={title} description={description} />
      <HatchPatterns chartId={chartId} series={model.series} />
      {band && (
        <g>
          <rect x={band.x} y={plot.top} width={band.width} height={plot.bottom - plot.top} fill="#f1f5f9" />
          <text x={band.x + band.width - 4} y={plot.top + 12} textAnchor="end" fontSize={12} fill="#334155">
            {band.label}
          </text>
        </g>
      )}
      <YAxis ticks={model.yTicks} left={plot.left} right={plot.right} />
      <SeriesPaths chartId={chartId} series={model.series} />
      <XAxis ticks={model.xTicks} y={plot.bottom} left={plot.left} right={plot.right} />
      {marker && (
        <g>
          <line x1={marker.x} x2={marker.x} y1={plot.top} y2={plot.bottom} stroke="#0f172a" strokeWidth={1.5} strokeDasharray="4 3" />
          <text x={marker.x - 4} y={plot.top + 12} textAnchor="end" fontSize={12} fontWeight={600} fill="#0f172a">
            {marker.label}
          </text>
        </g>
      )}
    </svg>
  );
}
