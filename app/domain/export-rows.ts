// The downloadable list views (docs/product.md, "Downloads"): the columns a
// row has, in the file's order, and the file's name. The server streams the
// rows (app/server/exports/list-export.server.ts); the formats are CSV for
// Swedish Excel (semicolons, a byte order mark), CSV by RFC 4180 (commas), and JSON.
import { scoreLabel, type ScoreLabel } from "./labels";
import { releaseInstant } from "./release";

/** One name as a download holds it. Dates are ISO 8601: "2026-11-25", "2026-11-25T04:00:00.000Z". */
export type ExportRow = {
  name: string;
  ace: string;
  tld: string;
  length: number;
  status: string;
  releaseDate: string | null;
  /** When it became free to register: its release date at 04:00 UTC, once it has been released. */
  releasedAt: string | null;
  /** When it was seen registered again after its release, where known. */
  registeredAgainAt: string | null;
  score: number;
  scoreLabel: ScoreLabel;
  featured: boolean;
  /** Kronor, for premium names. */
  premiumPrice: number | null;
  url: string;
};

/** The columns, with the CSV header each gets. */
export const EXPORT_COLUMNS: readonly { key: keyof ExportRow; header: string }[] = [
  { key: "name", header: "name" },
  { key: "ace", header: "ace" },
  { key: "tld", header: "tld" },
  { key: "length", header: "length" },
  { key: "status", header: "status" },
  { key: "releaseDate", header: "release_date" },
  { key: "releasedAt", header: "released_at" },
  { key: "registeredAgainAt", header: "registered_again_at" },
  { key: "score", header: "score" },
  { key: "scoreLabel", header: "score_label" },
  { key: "featured", header: "featured" },
  { key: "premiumPrice", header: "premium_price" },
  { key: "url", header: "url" },
];

export type ExportFormat = "csv" | "csv-comma" | "json";

/** What a stored name becomes in a download. */
export function toExportRow(
  stored: {
    name: string;
    unicodeName: string;
    tld: string;
    length: number;
    status: string;
    releaseDate: string | null;
    takenAt: Date | null;
    score: number;
    isFeatured: boolean;
    price: number | null;
  },
  siteUrl: string,
): ExportRow {
  const released = stored.releaseDate !== null && stored.status !== "soonavailable" && stored.status !== "renewed";
  return {
    name: stored.unicodeName,
    ace: stored.name,
    tld: stored.tld,
    length: stored.length,
    status: stored.status,
    releaseDate: stored.releaseDate,
    releasedAt: released ? releaseInstant(stored.releaseDate!).toISOString() : null,
    registeredAgainAt: stored.takenAt?.toISOString() ?? null,
    score: stored.score,
    scoreLabel: scoreLabel(stored.score),
    featured: stored.isFeatured,
    premiumPrice: stored.status === "premium" ? stored.price : null,
    url: `${siteUrl.replace(/\/$/, "")}/d/${encodeURIComponent(stored.unicodeName)}`,
  };
}

/** "snart-lediga-soon-available-2026-11-25.csv": what and when. */
export function exportFileName(list: string, format: ExportFormat, now: Date): string {
  return `snart-lediga-${list}-${now.toISOString().slice(0, 10)}.${format === "json" ? "json" : "csv"}`;
}
