/**
 * A public list view as a file (docs/product.md, "Downloads"): its names in
 * the view's sort, read in keyset-paged batches as the list's pages are
 * (selectRangesInOrder: each batch one or a few ranges of the order's index,
 * after the last row of the batch before), each batch its own query, so the whole
 * result is never in memory and the embedded database's single connection
 * is free between batches for the pages being served meanwhile. Each batch
 * then gets the zone's columns by a keyed read of its names (zone-columns.server.ts).
 */
import type { SQL } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { yesNo } from "~/domain/csv-values";
import { DOWNLOAD_COLUMNS, type DownloadRow, type ExportFormat, toExportRow } from "~/domain/export-rows";
import { swedishSortKey } from "~/domain/swedish-order";
import type { PublicFilters, PublicList } from "~/domain/public-filters";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { selectInOrder, selectRangesInOrder } from "~/server/domains/domain-card-data.server";
import { collectsEveryPage, listOrder, listViewWhere } from "~/server/domains/lists.server";
import { conditionsAfter } from "~/server/domains/order.server";
import { openZoneColumnsReader } from "./zone-columns.server";

/** A download holds at most this many names. */
export const EXPORT_ROW_LIMIT = 1_000_000;
/** The most names one query reads. */
export const EXPORT_BATCH_SIZE = 2_000;
/**
 * The names the first query reads. On a database just opened a row can cost a read of its page, and
 * on the embedded one the query holds the only connection (and the thread) meanwhile: a first batch of
 * 2,000 held it 249 ms. The batches after it are sized by the time the one before took.
 */
export const EXPORT_FIRST_BATCH_SIZE = 250;
/** How long one query should take: as long as other pages wait for the embedded database's connection. */
export const EXPORT_BATCH_BUDGET_MS = 40;
const EXPORT_MIN_BATCH_SIZE = 100;

/** The size of the next batch: what the last one's pace fits in the budget, at most twice the last, at least 100, never past the largest. */
export function nextExportBatchSize(lastSize: number, lastMs: number, largest = EXPORT_BATCH_SIZE): number {
  const fitting = Math.floor((lastSize * EXPORT_BATCH_BUDGET_MS) / Math.max(lastMs, 1));
  return Math.min(largest, Math.max(EXPORT_MIN_BATCH_SIZE, Math.min(lastSize * 2, fitting)));
}

/** The columns of `domains` a download's row is made from (toExportRow). */
export const exportColumns = {
  name: domains.name,
  unicodeName: domains.unicodeName,
  tld: domains.tld,
  length: domains.length,
  status: domains.status,
  releaseDate: domains.releaseDate,
  takenAt: domains.takenAt,
  score: domains.score,
  isFeatured: domains.isFeatured,
  price: domains.price,
  catchRisk: domains.catchRisk,
};

/** A whole small file at once (a user's bookmarks): its head, rows and tail. */
export function exportDocument<Row extends DownloadRow>(
  format: ExportFormat,
  rows: Row[],
  columns: readonly DownloadColumn<Row>[] = DOWNLOAD_COLUMNS,
): string {
  return (
    exportHead(format, columns) + (rows.length > 0 ? exportChunk(format, rows, true, columns) : "") + exportTail(format, rows.length > 0)
  );
}

/** A file's column: a key of its rows and the CSV header (a file with more columns than DOWNLOAD_COLUMNS appends them). */
export type DownloadColumn<Row> = { key: keyof Row & string; header: string };

/** A list view to download: its list, filters, featured toggle (the soon list) and sort (`?sort=`, the list's default when missing or unknown). */
export type ExportView = { list: PublicList; filters: PublicFilters; includeFeatured: boolean; sort?: string | null };

/**
 * The view's rows with their zone columns, a batch at a time, in the view's sort; stops at `limit` rows or when `signal` aborts.
 * `batchSize` is the largest batch; `firstBatchSize` the first (nextExportBatchSize sizes the rest).
 * A batch's zone columns are read while the next batch's rows are (on PostgreSQL on two connections;
 * the embedded database takes the queries in turn): the zone's reads cost about what the list's does.
 */
export async function* exportBatches(
  db: Db,
  view: ExportView,
  options: { siteUrl: string; now: Date; limit?: number; batchSize?: number; firstBatchSize?: number; signal?: AbortSignal },
): AsyncGenerator<DownloadRow[]> {
  const limit = options.limit ?? EXPORT_ROW_LIMIT;
  const largest = options.batchSize ?? EXPORT_BATCH_SIZE;
  let batchSize = Math.min(largest, options.firstBatchSize ?? EXPORT_FIRST_BATCH_SIZE);
  const where = listViewWhere(view.list, { filters: view.filters, includeFeatured: view.includeFeatured, now: options.now });
  const order = listOrder(view.list, view.sort ?? null);
  const collect = collectsEveryPage(view.list, view.sort ?? null);
  const addZoneColumns = await openZoneColumnsReader(db);
  const readBatch = async (conditions: SQL[] | null, wanted: number) => {
    const started = performance.now();
    const query = { where, order, conditions, limit: wanted };
    const rows = collect
      ? await selectInOrder(db, exportColumns, { ...query, collect })
      : await selectRangesInOrder(db, exportColumns, query);
    // The list's query alone sizes the next: the zone's reads are queries of their own.
    return { rows, wanted, tookMs: performance.now() - started };
  };
  const start = (conditions: SQL[] | null, wanted: number) => {
    const read = readBatch(conditions, wanted);
    // Handled where it is awaited; until then a failure must not count as unhandled.
    read.catch(() => undefined);
    return read;
  };
  let sent = 0;
  let next: ReturnType<typeof readBatch> | null = limit > 0 && !options.signal?.aborted ? start(null, Math.min(batchSize, limit)) : null;
  try {
    while (next) {
      const { rows, wanted, tookMs } = await next;
      next = null;
      if (rows.length === 0) return;
      sent += rows.length;
      const withZone = addZoneColumns(rows.map((row) => toExportRow(row, options.siteUrl)));
      if (rows.length === wanted && sent < limit && !options.signal?.aborted) {
        // The next batch starts after this one's last row, its Swedish name key known (no look-up):
        // the database's swedish_sort_key and swedishSortKey write the same key (swedish-name-order.server.test.ts).
        const last = rows[rows.length - 1];
        const conditions = conditionsAfter(order, { value: last.cursorValue, name: last.name }, swedishSortKey(last.unicodeName));
        if (conditions === null) throw new Error(`A download's row ${last.name} is no position in its own order`);
        batchSize = nextExportBatchSize(batchSize, tookMs, largest);
        next = start(conditions, Math.min(batchSize, limit - sent));
      }
      yield await withZone;
    }
  } finally {
    // A batch read for a download that stopped: let its query end before the connection is given back to others.
    await next?.catch(() => undefined);
  }
}

/** The file's text before the first row: the header (and for Excel a byte order mark), or the JSON array's start. */
export function exportHead<Row extends DownloadRow>(
  format: ExportFormat,
  columns: readonly DownloadColumn<Row>[] = DOWNLOAD_COLUMNS,
): string {
  if (format === "json") return "[";
  const header = stringify([columns.map((column) => column.header)], csvOptions(format));
  // Excel reads a semicolon file as UTF-8 only with the byte order mark.
  return format === "csv" ? `\uFEFF${header}` : header;
}

/** A batch of rows as the file's text; `first` says whether rows were written before (a JSON separator). */
export function exportChunk<Row extends DownloadRow>(
  format: ExportFormat,
  rows: Row[],
  first: boolean,
  columns: readonly DownloadColumn<Row>[] = DOWNLOAD_COLUMNS,
): string {
  if (format === "json") return rows.map((row, index) => `${first && index === 0 ? "\n" : ",\n"}${JSON.stringify(row)}`).join("");
  return stringify(
    rows.map((row) => columns.map((column) => csvValue(row[column.key] as CsvCell))),
    csvOptions(format),
  );
}

export function exportTail(format: ExportFormat, wroteRows: boolean): string {
  return format === "json" ? (wroteRows ? "\n]\n" : "]\n") : "";
}

function csvOptions(format: ExportFormat) {
  return { delimiter: format === "csv" ? ";" : ",", record_delimiter: "\r\n" as const };
}

/** Empty for nothing; yes and no as every CSV spells them ("ja", "nej"); numbers as written (no thousands separators); a list space-separated. */
type CsvCell = string | number | boolean | string[] | null;

function csvValue(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "boolean") return yesNo(value);
  if (Array.isArray(value)) return value.join(" ");
  return String(value);
}
