import { stringify } from "csv-stringify/sync";
import { excelNumber } from "~/domain/csv-values";
import type { StatisticsTable, TableValue } from "~/domain/statistics-tables";

/**
 * A chart's table as the site's CSV downloads are written (docs/product.md, "Downloads"): semicolons,
 * CRLF, UTF-8 with the byte order mark Excel needs, numbers as Swedish Excel reads them (no
 * thousands separators, a decimal comma: "7,9"), dates in ISO form, an empty field for no value.
 */
export function statisticsCsv(table: StatisticsTable): string {
  const rows = [table.columns.map((column) => column.key), ...table.rows.map((row) => row.map(csvField))];
  return `\uFEFF${stringify(rows, { delimiter: ";", record_delimiter: "\r\n" })}`;
}

function csvField(value: TableValue): string {
  if (value === null) return "";
  return typeof value === "number" ? excelNumber(value) : value;
}
