import type { LineChartModel } from "~/domain/statistics-chart-models";
import { ChartText, svgProps, XAxis, YAxis } from "./chart-parts";

/** A share over days left: an area under a line, a dot per day that has a basis (hollow when the basis is thin). */
export function LineChart({ chartId, title, description, model }: { chartId: string; title: string; description: string; model: LineChartModel }) {
  const { plot } = model;
  return (
    <svg {...svgProps(chartId, model.width, model.height)}>
      <ChartText chartId={chartId} title={title} description={description} />
      <YAxis ticks={model.yTicks} left={plot.left} right={plot.right} />
      {model.area && <path d={model.area} fill={model.color} fillOpacity={0.15} />}
      {model.line && <path d={model.line} fill="none" stroke={model.color} strokeWidth={2} />}
      {model.points.map((point) => (
        <circle
          key={point.x}
          cx={point.x}
          cy={point.y}
          r={2.8}
          fill={point.thin ? "#ffffff" : model.color}
          stroke={model.color}
          strokeWidth={1.4}
        />
      ))}
      <XAxis ticks={model.xTicks} y={plot.bottom} left={plot.left} right={plot.right} />
    </svg>
  );
}
