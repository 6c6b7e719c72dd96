/**
 * One release day of the archive as a file (docs/product.md, "The archive of
 * release days"): the day's names as the page filters and orders them, with
 * what became of each. Written as the list downloads are (semicolons, a byte
 * order mark and CRLF for Excel, `ja`/`nej`, decimals with a comma: decision
 * 0066; RFC 4180 commas with `?format=csv-comma`; JSON with the same fields
 * in camelCase). A day is at most a few thousand names, so the file is made
 * whole.
 */
import { stringify } from "csv-stringify/sync";
import { excelNumber, yesNo } from "~/domain/csv-values";
import type { ExportFormat } from "~/domain/export-rows";
import { scoreLabel } from "~/domain/labels";
import type { ArchiveName } from "~/domain/release-archive";
import { releaseInstant } from "~/domain/release-instant";

export type ArchiveExportRow = {
  name: string;
  ace: string;
  tld: string;
  length: number;
  releaseDate: string;
  releasedAt: string;
  /** "taken", "free" or "unchecked". */
  outcome: ArchiveName["verdict"]["outcome"];
  registeredAgainAt: string | null;
  /** "check" (our availability checks), "zone" (the first hourly snapshot that has it), "zone-baseline" (our first snapshot: at the latest then). */
  registeredAgainSource: string | null;
  /** Hours from the release (04:00 UTC) to registeredAgainAt, one decimal. */
  hoursToRegistered: number | null;
  lastSeenFreeAt: string | null;
  /** Where its name servers point now; null when it is not delegated. */
  operator: string | null;
  operatorInTable: boolean | null;
  score: number | null;
  scoreLabel: string | null;
  url: string;
};

const COLUMNS: readonly { key: keyof ArchiveExportRow; header: string }[] = [
  { key: "name", header: "name" },
  { key: "ace", header: "ace" },
  { key: "tld", header: "tld" },
  { key: "length", header: "length" },
  { key: "releaseDate", header: "release_date" },
  { key: "releasedAt", header: "released_at" },
  { key: "outcome", header: "outcome" },
  { key: "registeredAgainAt", header: "registered_again_at" },
  { key: "registeredAgainSource", header: "registered_again_source" },
  { key: "hoursToRegistered", header: "hours_to_registered" },
  { key: "lastSeenFreeAt", header: "last_seen_free_at" },
  { key: "operator", header: "operator" },
  { key: "operatorInTable", header: "operator_in_table" },
  { key: "score", header: "score" },
  { key: "scoreLabel", header: "score_label" },
  { key: "url", header: "url" },
];

const HOUR_MS = 60 * 60 * 1000;

export function archiveExportRow(name: ArchiveName, releaseDate: string, siteUrl: string): ArchiveExportRow {
  const released = releaseInstant(releaseDate);
  const { verdict } = name;
  const taken = verdict.outcome === "taken" ? verdict : null;
  return {
    name: name.unicodeName,
    ace: name.name,
    tld: name.tld,
    length: name.length,
    releaseDate,
    releasedAt: released.toISOString(),
    outcome: verdict.outcome,
    registeredAgainAt: taken ? new Date(taken.at).toISOString() : null,
    registeredAgainSource: taken ? taken.source : null,
    hoursToRegistered: taken ? Math.round((taken.at - released.getTime()) / (HOUR_MS / 10)) / 10 : null,
    lastSeenFreeAt: verdict.outcome === "free" ? new Date(verdict.lastFreeAt).toISOString() : null,
    operator: name.operator?.name ?? null,
    operatorInTable: name.operator ? name.operator.fromTable : null,
    score: name.score,
    scoreLabel: name.score === null ? null : scoreLabel(name.score),
    url: `${siteUrl.replace(/\/$/, "")}/d/${encodeURIComponent(name.unicodeName)}`,
  };
}

/** The whole file. */
export function archiveExportDocument(format: ExportFormat, rows: readonly ArchiveExportRow[]): string {
  if (format === "json") return `${JSON.stringify(rows, null, 0).replace(/^\[/, "[\n").replace(/},{/g, "},\n{").replace(/\]$/, "\n]")}\n`;
  const records = [
    COLUMNS.map((column) => column.header),
    ...rows.map((row) => COLUMNS.map((column) => csvValue(row[column.key], format))),
  ];
  const text = stringify(records, { delimiter: format === "csv" ? ";" : ",", record_delimiter: "\r\n" });
  // Excel reads a semicolon file as UTF-8 only with the byte order mark.
  return format === "csv" ? `\uFEFF${text}` : text;
}

/** Empty for nothing, "ja"/"nej", numbers with Swedish Excel's decimal comma in its file and a point in the RFC 4180 one. */
function csvValue(value: ArchiveExportRow[keyof ArchiveExportRow], format: ExportFormat): string {
  if (value === null) return "";
  if (typeof value === "boolean") return yesNo(value);
  if (typeof value === "number") return format === "csv" ? excelNumber(value) : String(value);
  return value;
}

/** "snart-lediga-slappta-2030-02-14.csv". */
export function archiveExportFileName(releaseDate: string, format: ExportFormat): string {
  return `snart-lediga-slappta-${releaseDate}.${format === "json" ? "json" : "csv"}`;
}
