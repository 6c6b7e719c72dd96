/**
 * One name: its stored detail, an exact-name lookup for the search box, and similar
 * names to show beside it (load-domain-page.server.ts puts the page together).
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DomainCardData } from "~/domain/domain-card";
import type { DomainDetail } from "~/domain/domain-page";
import { keysAtLength, MAX_LABEL_LENGTH, pairCodes } from "~/domain/search-keys";
import type { Db } from "~/server/db/client.server";
import { domains, releaseOutcomes } from "~/server/db/schema/index.server";
import type { ReleaseOutcomeTimes } from "~/server/statistics/domain-release-stats.server";
import { domainCardColumns, subqueryCardColumns, toDomainCardData } from "./domain-card-data.server";
import { LISTED_STATUSES } from "./order.server";

/**
 * One name by its ACE form (the primary key), or null when the database does
 * not know it; with what was seen of its release on its stored release date
 * (all null when nothing was), which the page's statistics tell for a released
 * name: read in the same statement, so that page needs no second round trip.
 */
export async function getDomainDetail(db: Db, aceName: string): Promise<(DomainDetail & { releaseOutcome: ReleaseOutcomeTimes }) | null> {
  const [row] = await db
    .select({
      ...domainCardColumns,
      description: domains.description,
      registrationDate: domains.registrationDate,
      updatedAt: domains.updatedAt,
      lastCheckedAt: domains.lastCheckedAt,
      firstFreeAt: releaseOutcomes.firstFreeAt,
      lastFreeAt: releaseOutcomes.lastFreeAt,
      takenAt: releaseOutcomes.takenAt,
    })
    .from(domains)
    .leftJoin(releaseOutcomes, and(eq(releaseOutcomes.domainName, domains.name), eq(releaseOutcomes.releaseDate, domains.releaseDate)))
    .where(eq(domains.name, aceName))
    .limit(1);
  if (!row) return null;
  const { firstFreeAt, lastFreeAt, takenAt, ...detail } = row;
  return { ...detail, updatedAt: row.updatedAt.toISOString(), releaseOutcome: { firstFreeAt, lastFreeAt, takenAt } };
}

/** One name by its exact name: `name` is the ACE form (the key); null when unknown. */
export async function findDomainByNameExact(db: Db, name: string): Promise<DomainCardData | null> {
  const [row] = await db.select(domainCardColumns).from(domains).where(eq(domains.name, name)).limit(1);
  return row ? toDomainCardData(row) : null;
}

export const SIMILAR_DOMAINS_LIMIT = 8;

/** pg_trgm's own default threshold for "similar" (the % operator). */
const MIN_SIMILARITY = 0.3;
/** Names this much shorter or longer than the label are looked at (trigram similarity falls with the difference). */
const SHORTER_BY = 2;
const LONGER_BY = 3;
/** Pieces of the label looked up, and names taken per piece and length: at most 6 × 6 × 10 candidates are ranked. */
const MAX_PIECES = 6;
const PER_LOOKUP = 10;

/**
 * The names closest to this one by trigram similarity (pg_trgm's
 * similarity(), at least 0.3), at most 8, among names a visitor can still
 * get, the name itself excluded. Ties prefer the same TLD, then the better
 * score.
 *
 * Candidates come from domains_search_keys_idx (decisions 0014 and 0034): names a
 * little shorter or longer that contain a piece of the label (see
 * pieceLength; the last piece ends with the dot, so the same label under the
 * other TLD is found), a few per piece and length. A name close to this one
 * shares many pieces, so it is among them even when a common piece ("ing")
 * has thousands of names. Only the candidates are ranked, so the answer costs
 * the same on a million names. `npm run bench:similar` measures the time and
 * how many of the truly closest names are found.
 */
export async function findSimilarDomains(
  db: Db,
  name: { ace: string; label: string; tld: string },
  limit = SIMILAR_DOMAINS_LIMIT,
): Promise<DomainCardData[]> {
  if (name.label === "") return [];
  const rows = await similarDomainsQuery(db, name, limit);
  return rows.map(toDomainCardData);
}

/** findSimilarDomains' statement, for a test to read its plan; the label must not be empty. */
export function similarDomainsQuery(db: Db, name: { ace: string; label: string; tld: string }, limit = SIMILAR_DOMAINS_LIMIT) {
  const label = name.label.toLowerCase();
  const lookups = candidateLookups(label).map((keys) => `{${keys.join(",")}}`);
  // The candidates' card columns come with them: the index's lookup reads their rows anyway, and
  // reading each of the several hundred candidates again by its key cost 1–7 ms at a million names.
  const candidates = sql`select distinct found.* from unnest(${sql.param(lookups)}::text[]) as lookup(keys)
    cross join lateral (
      select name, unicode_name, tld, status, is_featured, score, length, price, release_date, catch_risk from ${domains}
      where ${domains.searchKeys} @> lookup.keys::int[] and ${and(ne(domains.name, name.ace), inArray(domains.status, [...LISTED_STATUSES]))}
      limit ${PER_LOOKUP}
    ) as found`;
  const similarity = sql<number>`similarity(unicode_name, ${label})`;
  return db
    .select(subqueryCardColumns)
    .from(sql`(${candidates}) as ${domains}`)
    .where(sql`${similarity} >= ${MIN_SIMILARITY}`)
    .orderBy(desc(similarity), desc(sql`tld = ${name.tld}`), desc(sql`score`), asc(sql`name`))
    .limit(Math.max(1, Math.min(limit, SIMILAR_DOMAINS_LIMIT)));
}

/**
 * Longer labels are looked up by longer pieces: a longer piece is held by
 * fewer names, so the few taken per lookup are more often the close ones, and
 * each lookup reads shorter lists of the index. At a million names this finds
 * 48% of the truly closest names where 3- and 4-character pieces found 38%, in
 * a quarter less time (docs/decisions/0034-similar-names-by-longer-pieces.md).
 */
function pieceLength(labelLength: number): number {
  if (labelLength >= 8) return 5;
  if (labelLength >= 5) return 4;
  return 3;
}

/** The search keys of each piece of the label at each length looked at. */
function candidateLookups(label: string): number[][] {
  const characters = [...`${label}.`];
  const labelLength = characters.length - 1;
  const size = Math.min(characters.length, pieceLength(labelLength));
  const starts = Array.from({ length: characters.length - size + 1 }, (_, index) => index);
  // Evenly spread when a long label has more pieces than are looked up; the last (with the dot) always.
  const chosen =
    starts.length <= MAX_PIECES
      ? starts
      : starts.filter((_, index) => index % Math.ceil(starts.length / MAX_PIECES) === 0).concat(starts.at(-1)!);
  const lookups: number[][] = [];
  for (const start of new Set(chosen)) {
    const pairs = pairCodes(characters.slice(start, start + size).join(""));
    for (let length = Math.max(1, labelLength - SHORTER_BY); length <= Math.min(MAX_LABEL_LENGTH, labelLength + LONGER_BY); length++) {
      lookups.push(keysAtLength(pairs, length));
    }
  }
  return lookups;
}
