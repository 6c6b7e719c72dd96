import { sql, type SQL } from "drizzle-orm";
import { parseDomainName, toAscii } from "~/domain/names";
import { escapeLikePattern } from "~/lib/listing-params";
import { domains } from "~/server/db/schema/index.server";
import { containsAtLength, namesLengthByLength } from "./search-match.server";

/**
 * A subquery of names (ACE) among which the `limit` most relevant matches of
 * `term` are sure to be: the exact name, the `limit` best names starting with
 * the term and the `limit` best containing it, "best" being shortest, then
 * highest score. Relevance is rank (exact, prefix, other) then exactly that,
 * so the top `limit` of all matches lies in this union however common the
 * term is. Matches are found in the label, the part before the TLD
 * (labelContainsFilter): "se" does not match every .se name.
 *
 * Both lists read one name length at a time, shortest first, and stop once
 * `limit` names are found: per length, prefixes are one range of
 * domains_length_prefix_idx and substrings one lookup in
 * domains_search_keys_idx. The work stays small at any table size.
 */
export function searchCandidates(term: string, limit: number): SQL {
  const exactNames = exactNamesFor(term);
  const exact = exactNames.length
    ? sql`select ${domains.name} from ${domains} where ${domains.name} in (${sql.join(
        exactNames.map((name) => sql`${name}`),
        sql`, `,
      )})`
    : sql`select null::text where false`;
  const best = { order: [sql`${domains.score} desc nulls last`, sql`${domains.name}`], limit };
  const prefixed = namesLengthByLength(
    term,
    sql`${domains.length} = lengths.len and (${domains.unicodeName} collate "C") like ${`${escapeLikePattern(term)}%`}`,
    { perLength: best, limit },
  );
  const containing = namesLengthByLength(term, containsAtLength(term), { perLength: best, limit });
  // Relevance puts every name starting with the term before the other matches: once `limit` of
  // those are found, no other match can be among the best, and PostgreSQL skips their lookup (a
  // one-time filter). That is every common term, "se" and "nu" among them.
  return sql`with prefixed as (${prefixed})
    (${exact}) union (select name from prefixed)
    union (select name from (${containing}) as containing where (select count(*) from prefixed) < ${limit})`;
}

/** The names a term could be exactly: itself when it is a full name, else the term with each TLD. */
function exactNamesFor(term: string): string[] {
  const asName = parseDomainName(term);
  if (asName.ok) return [asName.ace];
  return [`${term}.se`, `${term}.nu`].map(toAscii).filter((name): name is string => name !== null);
}
