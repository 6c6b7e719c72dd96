import { and, asc, desc, inArray, ne, sql } from "drizzle-orm";
import type { DomainCardData } from "~/components/domain-card";
import type { Db } from "../db/client.server";
import { domains } from "../db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "./domain-card-data.server";
import { LISTED_STATUSES } from "./listed-statuses.server";

export const SIMILAR_DOMAINS_LIMIT = 8;

// The trigram operator picks candidates through the GIN index on
// unicode_name. A very short label ("ab") shares a trigram with a large part
// of the table, so only this many candidates are ranked: the answer stays
// fast on millions of rows at the cost of, rarely, not the very closest names.
const MAX_CANDIDATES = 500;

/**
 * The names closest to this one by trigram similarity (pg_trgm), at most 8,
 * among names a visitor can still get, the name itself excluded. The label is
 * compared rather than the whole name: ".se" would otherwise make every .se
 * name a candidate. Ties prefer the same TLD, then the better score.
 */
export async function findSimilarDomains(
  db: Db,
  name: { ace: string; label: string; tld: string },
  limit = SIMILAR_DOMAINS_LIMIT,
): Promise<DomainCardData[]> {
  const label = name.label.toLowerCase();
  if (label === "") return [];
  const candidates = db
    .select({
      ...domainCardColumns,
      similarity: sql<number>`similarity(${domains.unicodeName}, ${label})`.as("similarity"),
    })
    .from(domains)
    .where(and(sql`${domains.unicodeName} % ${label}`, ne(domains.name, name.ace), inArray(domains.status, [...LISTED_STATUSES])))
    .limit(MAX_CANDIDATES)
    .as("candidates");

  const rows = await db
    .select()
    .from(candidates)
    .orderBy(desc(candidates.similarity), desc(sql`${candidates.tld} = ${name.tld}`), desc(candidates.score), asc(candidates.name))
    .limit(Math.max(1, Math.min(limit, SIMILAR_DOMAINS_LIMIT)));
  return rows.map(toDomainCardData);
}
