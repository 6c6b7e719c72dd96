// The downloadable list views (docs/product.md, "Downloads"): the columns a
// row has, in the file's order, and the file's name. The server streams the
// rows (app/server/exports/list-export.server.ts) with what the registry's
// zone says of each name (app/server/exports/zone-columns.server.ts); the
// formats are CSV for Swedish Excel (semicolons, a byte order mark), CSV by
// RFC 4180 (commas), and JSON.
import { z } from "zod";
import { scoreLabel } from "./labels";
import { releaseInstant } from "./release-instant";

/**
 * One name as a download and the public API give it. Dates are ISO 8601:
 * "2026-11-25", "2026-11-25T04:00:00.000Z". The API's OpenAPI document is
 * generated from this schema (app/routes/api/v1/openapi.ts).
 */
export const exportRowSchema = z
  .object({
    name: z.string().meta({ description: "The name in Unicode form.", example: "räksmörgås.se" }),
    ace: z.string().meta({ description: "The name in ACE (punycode) form, as the registry lists it.", example: "xn--rksmrgs-5wao1o.se" }),
    tld: z.enum([".se", ".nu"]),
    length: z.int().meta({ description: "Characters before the TLD." }),
    status: z.enum(["soonavailable", "available", "registered", "renewed", "premium", "unlisted"]),
    releaseDate: z.iso
      .date()
      .nullable()
      .meta({ description: "The registry's release date; the name is released from 04:00 UTC that day." }),
    releasedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When it became free to register (its release date at 04:00 UTC), once released." }),
    registeredAgainAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When it was seen registered again after its release, where known." }),
    score: z.int().min(0).max(100),
    scoreLabel: z.enum(["Utmärkt", "Mycket bra", "Bra", "Genomsnittlig", "Mindre bra"]),
    featured: z.boolean(),
    premiumPrice: z.int().nullable().meta({ description: "Price in kronor, for premium names." }),
    url: z.url().meta({ description: "The name's page on the site." }),
    catchRiskPercent: z.int().min(0).max(100).nullable().meta({
      description:
        "For a soon-available name: the risk that it is taken at once when released, in whole per cent, as the lists sort and filter it (updated daily); null for other names, under 100 released names of history, or not computed yet.",
    }),
  })
  .meta({ id: "Domain" });

export type ExportRow = z.infer<typeof exportRowSchema>;

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

/**
 * What the registry's zone says of a name in a download, beside its list
 * columns (the API's `zone` object, flattened): every one null when the
 * site has no snapshot of the name's TLD, so nothing is said.
 */
export type ZoneExportColumns = {
  /** In the zone in force (delegated), or not. */
  zoneDelegated: boolean | null;
  /** Delegated: the time of the snapshot it was first seen in since it was last absent. */
  zoneDelegatedSince: string | null;
  /** Delegated since the site's first snapshot of the TLD: at least since then. */
  zoneSinceIsFirstSnapshot: boolean | null;
  /** Who its name servers belong to (where it points, not who registered it). */
  zoneOperator: string | null;
  /** Its name servers, sorted; empty when not delegated. */
  zoneNameServers: string[] | null;
  zoneLastChange: "appeared" | "disappeared" | "name_servers_changed" | null;
  zoneLastChangeAt: string | null;
};

/**
 * A name's sibling and twins in brief (app/domain/name-family.ts), as the API's list and a
 * download give them: null where the zone (or for the status, the lists) says nothing.
 */
export const familyColumnsSchema = z.object({
  siblingRegistered: z
    .boolean()
    .nullable()
    .meta({ description: "The same label in the other TLD is delegated in the zone in force; null when that TLD has no zone snapshot." }),
  siblingStatus: z
    .enum(["soonavailable", "available", "registered", "renewed", "premium", "unlisted"])
    .nullable()
    .meta({ description: "The sibling's status on the site's lists as shown now; null when it is on none." }),
  twinRegistered: z.boolean().nullable().meta({
    description:
      "A twin (a name whose label is the same once every accented letter is written as its base letter, the name and its sibling left out) is delegated; null when no TLD has a zone snapshot.",
  }),
});

export type FamilyExportColumns = z.infer<typeof familyColumnsSchema>;

/** A download's row: the list's columns, the zone's, then the sibling's and twins'. */
export type DownloadRow = ExportRow & ZoneExportColumns & FamilyExportColumns;

export const NO_ZONE_COLUMNS: ZoneExportColumns = {
  zoneDelegated: null,
  zoneDelegatedSince: null,
  zoneSinceIsFirstSnapshot: null,
  zoneOperator: null,
  zoneNameServers: null,
  zoneLastChange: null,
  zoneLastChangeAt: null,
};

/** The columns of a download file, in order: the list's, then the zone's (name servers space-separated in a CSV), then the family's, then the catch risk. */
export const DOWNLOAD_COLUMNS: readonly { key: keyof DownloadRow; header: string }[] = [
  ...EXPORT_COLUMNS,
  { key: "zoneDelegated", header: "zone_delegated" },
  { key: "zoneDelegatedSince", header: "zone_delegated_since" },
  { key: "zoneSinceIsFirstSnapshot", header: "zone_since_is_first_snapshot" },
  { key: "zoneOperator", header: "zone_operator" },
  { key: "zoneNameServers", header: "zone_name_servers" },
  { key: "zoneLastChange", header: "zone_last_change" },
  { key: "zoneLastChangeAt", header: "zone_last_change_at" },
  { key: "siblingRegistered", header: "sibling_registered" },
  { key: "siblingStatus", header: "sibling_status" },
  { key: "twinRegistered", header: "twin_registered" },
  // The stored risk of being taken at once (decision 0085), appended last as every later column is.
  { key: "catchRiskPercent", header: "catch_risk_percent" },
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
    /** domains.catch_risk; left out by readers that have none to give. */
    catchRisk?: number | null;
  },
  siteUrl: string,
): ExportRow {
  const released = stored.releaseDate !== null && stored.status !== "soonavailable" && stored.status !== "renewed";
  return {
    name: stored.unicodeName,
    ace: stored.name,
    tld: stored.tld as ExportRow["tld"],
    length: stored.length,
    status: stored.status as ExportRow["status"],
    releaseDate: stored.releaseDate,
    releasedAt: released ? releaseInstant(stored.releaseDate!).toISOString() : null,
    registeredAgainAt: stored.takenAt?.toISOString() ?? null,
    score: stored.score,
    scoreLabel: scoreLabel(stored.score),
    featured: stored.isFeatured,
    premiumPrice: stored.status === "premium" ? stored.price : null,
    url: `${siteUrl.replace(/\/$/, "")}/d/${encodeURIComponent(stored.unicodeName)}`,
    catchRiskPercent: stored.status === "soonavailable" ? (stored.catchRisk ?? null) : null,
  };
}

/** "snart-lediga-soon-available-2026-11-25.csv": what and when. */
export function exportFileName(list: string, format: ExportFormat, now: Date): string {
  return `snart-lediga-${list}-${now.toISOString().slice(0, 10)}.${format === "json" ? "json" : "csv"}`;
}
