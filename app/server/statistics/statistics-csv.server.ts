import { stringify } from "csv-stringify/sync";
import type { StatisticsTable } from "~/domain/statistics-tables";

/**
 * A chart's table as the site's CSV downloads are written (docs/product.md, "Downloads"): semicolons,
 * CRLF, UTF-8 with the byte order mark Excel needs, numbers as written (no thousands separators),
 * dates in ISO form, an empty field for no value.
 */
export function statisticsCsv(table: StatisticsTable): string {
  const rows = [table.columns.map((column) => column.key), ...table.rows.map((row) => row.map((value) => (value === null ? "" : String(value))))];
  return `\uFEFF${stringify(rows, { delimiter: ";", record_delimiter: "\r\n" })}`;
}
