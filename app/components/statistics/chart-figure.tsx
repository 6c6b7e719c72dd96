import type { ReactNode } from "react";
import type { LegendEntry } from "~/domain/statistics-chart-models";
import type { StatisticsTable as Table } from "~/domain/statistics-tables";
import { ChartLegend } from "./chart-parts";
import { StatisticsTable } from "./statistics-table";

/**
 * One chart with what belongs to it: a heading, a caption that says what the figures show, the
 * picture, its legend, the same figures as a table (a native <details>, which opens without
 * JavaScript) and a CSV link.
 */
export function ChartFigure({
  id,
  title,
  headingLevel = 3,
  caption,
  legend = [],
  table,
  csvHref,
  children,
}: {
  id: string;
  title: string;
  headingLevel?: 2 | 3;
  caption: ReactNode;
  legend?: LegendEntry[];
  table: Table;
  csvHref: string;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 break-inside-avoid">
      <Heading id={`${id}-heading`} className={headingLevel === 2 ? "text-2xl font-semibold text-slate-900" : "text-xl font-semibold text-slate-900"}>
        {title}
      </Heading>
      <div className="space-y-2 text-slate-700">{caption}</div>
      {children}
      <ChartLegend entries={legend} />
      <details className="group rounded-lg print:hidden">
        <summary className="cursor-pointer font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">Visa som tabell</summary>
        <div className="mt-3">
          <StatisticsTable label={title} table={table} />
        </div>
      </details>
      <p className="text-sm">
        <a className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800" href={csvHref} download>
          Ladda ner som CSV<span className="sr-only"> ({title})</span>
        </a>
      </p>
    </section>
  );
}
