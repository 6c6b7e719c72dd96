import { formatNumberSv, formatPercentSv } from "~/domain/format";
import type { StatisticsTable as Table, TableValue } from "~/domain/statistics-tables";

/** A count with its share of the row's basis: "12 (34 %)". */
function cellText(value: TableValue, basis: TableValue | undefined): string {
  if (value === null) return "–";
  if (typeof value === "string") return value;
  const text = formatNumberSv(value);
  return typeof basis === "number" && basis > 0 ? `${text} (${formatPercentSv(value / basis)})` : text;
}

/**
 * A chart's figures as a table, in a region that scrolls sideways on a narrow screen; the region
 * takes keyboard focus so that it can be scrolled without a mouse.
 */
export function StatisticsTable({ label, table }: { label: string; table: Table }) {
  const basisIndex = table.columns.map((column) => (column.shareOf ? table.columns.findIndex((other) => other.key === column.shareOf) : -1));
  return (
    <div role="region" aria-label={`Tabell: ${label}`} tabIndex={0} className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700">
      <table className="min-w-full border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="sticky top-0 bg-slate-100 text-left">
          <tr>
            {table.columns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 align-bottom font-semibold text-slate-900">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-t border-slate-200">
              {row.map((value, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-medium text-slate-900">
                    {cellText(value, undefined)}
                  </th>
                ) : (
                  <td key={index} className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums text-slate-800">
                    {cellText(value, basisIndex[index] >= 0 ? row[basisIndex[index]] : undefined)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
