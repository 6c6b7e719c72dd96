import { stringify } from "csv-stringify/sync";
import type { DatabaseHandle } from "~/server/db/client.server";

/** Rows read a statement at a time. */
const ROWS_PER_READ = 10_000;

/**
 * A run's rejected entries as a CSV file (RFC 4180, a header, CRLF): where in
 * the list, the entry as listed and why; null when there is no such run. A
 * run rejecting more than were kept (MAX_KEPT_REJECTIONS) says so in a last
 * line. Cells that a spreadsheet would take for a formula are quoted with a
 * leading apostrophe: the entries come from a file anyone could have written.
 */
export async function importRejectionsCsv(handle: DatabaseHandle, runId: number): Promise<string | null> {
  const [run] = await handle.query<{ failed: number }>("select failed from import_runs where id = $1", [runId]);
  if (!run) return null;
  const parts = [stringify([["position", "entry", "reason"]], CSV)];
  let kept = 0;
  for (let after = 0; ;) {
    const rows = await handle.query<{ position: number; entry: string; reason: string }>(
      "select position, entry, reason from import_rejections where run_id = $1 and position > $2 order by position limit $3",
      [runId, after, ROWS_PER_READ],
    );
    if (rows.length === 0) break;
    parts.push(
      stringify(
        rows.map((row) => [String(row.position), inert(row.entry), inert(row.reason)]),
        CSV,
      ),
    );
    kept += rows.length;
    after = rows[rows.length - 1].position;
  }
  if (kept < run.failed) parts.push(stringify([["", "", `${run.failed - kept} more rejected entries were counted but not kept`]], CSV));
  return parts.join("");
}

const CSV = { record_delimiter: "\r\n" as const };

/** A cell starting like a formula (=, +, -, @, a tab or a carriage return) is read as text. */
function inert(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
