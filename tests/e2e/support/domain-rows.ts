import { parseDomainName } from "~/domain/names";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { withServerDb } from "./server-db";

export type E2eDomain = {
  status: "soonavailable" | "available" | "registered" | "renewed" | "premium" | "unlisted";
  isFeatured?: boolean;
  price?: number | null;
  description?: string | null;
  /** Days from today (UTC) for the release date; null for none. */
  releaseInDays?: number | null;
  registrationInDays?: number | null;
  /** 60 when left out. */
  score?: number;
  /** domains.word_class (app/domain/swedish-words.ts); left out: not known yet, as before the start's fill. */
  wordClass?: 0 | 1 | 2 | null;
  /** An available name was seen free at its release morning unless this is false: not checked since its release. */
  checked?: boolean;
};

let counter = 0;

/** A label no other test (or demo row) uses, readable in failure output. */
export function uniqueLabel(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

export function releaseDateIn(days: number): string {
  return addDays(todayUtc(new Date()), days);
}

/** Inserts one name into the e2e server's database and returns its forms. */
export async function insertE2eDomain(unicodeName: string, row: E2eDomain) {
  const parsed = parseDomainName(unicodeName);
  if (!parsed.ok) throw new Error(`not a valid test name: ${unicodeName}`);
  const releaseDate = row.releaseInDays == null ? null : releaseDateIn(row.releaseInDays);
  const registrationDate = row.registrationInDays == null ? null : releaseDateIn(row.registrationInDays);
  await withServerDb((client) =>
    client.query(
      `insert into domains (name, unicode_name, tld, status, length, score, is_featured, price, description, release_date, registration_date, word_class,
                            last_checked_at)
       values ($1, $2, $3, $4, $5, $12, $6, $7, $8, $9, $10, $11, $13)`,
      [
        parsed.ace,
        parsed.unicode,
        parsed.tld,
        row.status,
        parsed.length,
        row.isFeatured ?? false,
        row.price ?? null,
        row.description ?? null,
        releaseDate,
        registrationDate,
        row.wordClass ?? null,
        row.score ?? 60,
        // Seen free an hour after its release instant.
        row.status === "available" && row.checked !== false ? (releaseDate ? new Date(`${releaseDate}T05:00:00Z`) : new Date()) : null,
      ],
    ),
  );
  return { ...parsed, releaseDate, registrationDate, path: `/d/${encodeURIComponent(parsed.unicode)}` };
}
