import { sql, type SQL } from "drizzle-orm";
import { escapeLikePattern } from "~/lib/listing-params";
import { domains } from "../db/schema/index.server";

/**
 * "Name contains the term", on the ACE form or the Unicode form, so "räk" and
 * "rksm" both find räksmörgås.se. Both columns have trigram GIN indexes.
 * `term` must already be normalised (normalizeSearchTerm): lower case, NFC.
 * The ACE form is pure ASCII, so a term with any other character can only
 * match the Unicode form and the second index is skipped.
 */
export function nameContains(term: string): SQL {
  const pattern = `%${escapeLikePattern(term)}%`;
  const unicodeMatch = sql`${domains.unicodeName} ilike ${pattern}`;
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(term)) return unicodeMatch;
  return sql`(${domains.name} ilike ${pattern} or ${unicodeMatch})`;
}

/**
 * Spec "relevance": the exact name first, then names that start with the
 * term, then shorter names, then higher scores; the ACE name breaks ties.
 */
export function relevanceOrder(term: string): SQL[] {
  const prefix = `${escapeLikePattern(term)}%`;
  const rank = sql`case
    when ${domains.unicodeName} in (${`${term}.se`}, ${`${term}.nu`}) or ${domains.name} in (${`${term}.se`}, ${`${term}.nu`}) then 0
    when ${domains.unicodeName} like ${prefix} or ${domains.name} like ${prefix} then 1
    else 2 end`;
  return [sql`${rank} asc`, sql`${domains.length} asc`, sql`${domains.score} desc nulls last`, sql`${domains.name} asc`];
}
