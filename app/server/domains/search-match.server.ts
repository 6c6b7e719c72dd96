import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { SUPPORTED_TLDS } from "~/domain/names";
import { MAX_LABEL_LENGTH, pairCodes } from "~/domain/search-keys";
import { escapeLikePattern } from "~/lib/listing-params";
import { NAME_CHAR_BITS } from "~/domain/name-chars";
import { domains } from "~/server/db/schema/index.server";

// "Name contains the term" on the Unicode form or the ACE form, so "räk" and
// "rksm" both find räksmörgås.se. `term` is already normalised
// (normalizeSearchTerm): lower case, NFC; names are stored lower case (the
// ACE key by constraint, the Unicode form by toUnicode). strpos has no
// wildcards, so "%" and "_" are matched literally.
//
// Matches are read one first-label length at a time through
// domains_search_keys_idx (migration 0012, decision 0014), which holds each
// name's pairs of neighbouring characters tagged with that length. A lookup
// for one length touches only names of that length, so "the shortest
// matches" and "the first few thousand matches" cost the same at any table
// size, and 2-character terms work the same way.

export { MAX_LABEL_LENGTH };

/**
 * The columns holding a name's two forms, and where known its character
 * classes: the table's, or the same columns of a subquery over it.
 */
export type NameFormColumns = Record<"name" | "unicodeName", AnyPgColumn | SQL> & { nameChars?: AnyPgColumn };

// Only the two forms: public searches also run this on subqueries that select just those.
const NAME_FORMS: NameFormColumns = { name: domains.name, unicodeName: domains.unicodeName };

/**
 * The substring test itself, on both forms of the name. The ACE form is
 * tested only where it can add a match: it is plain ASCII, so never for a
 * term with other characters, and it differs from the Unicode form only for
 * an IDN name (name_chars' nonLatin bit: the name starts with "xn--"). A
 * backoffice walk tests this on every entry it passes, and the second strpos
 * was a third of its cost.
 */
export function nameContainsFilter(term: string, columns: NameFormColumns = NAME_FORMS): SQL {
  const inUnicodeForm = sql`strpos(${columns.unicodeName}, ${term}) > 0`;
  if (/\P{ASCII}/u.test(term)) return inUnicodeForm;
  const inAceForm = columns.nameChars
    ? sql`((${columns.nameChars} & ${sql.raw(String(NAME_CHAR_BITS.nonLatin))}) <> 0 and strpos(${columns.name}, ${term}) > 0)`
    : sql`strpos(${columns.name}, ${term}) > 0`;
  return sql`(${inUnicodeForm} or ${inAceForm})`;
}

/**
 * The public searches' test: `term` in the name's label, the part before the
 * TLD, in either form, so "se" does not find every .se name through its TLD
 * (the backoffice keeps nameContainsFilter, the whole name). A term with a
 * dot reaches past the label on purpose ("hund.s"): it is tested on the
 * whole name. For a term without one the two tests differ only for "se" and
 * "nu", the only terms a TLD alone can hold.
 */
export function labelContainsFilter(term: string): SQL {
  if (term.includes(".")) return nameContainsFilter(term);
  const label = (column: AnyPgColumn) => sql`split_part(${column}, '.', 1)`;
  return nameContainsFilter(term, { name: label(domains.name), unicodeName: label(domains.unicodeName) });
}

/**
 * A term a TLD's own letters hold ("se", "nu"): every name of that TLD holds
 * its search keys, so the index does not narrow a search for it.
 */
export function tldHoldsTerm(term: string): boolean {
  return !term.includes(".") && SUPPORTED_TLDS.some((tld) => tld.slice(1).includes(term));
}

/**
 * Names of length `lengths.len` whose label contains `term`: the index finds
 * the names of that length holding every pair of the term, strpos checks the
 * real substring. For a term a TLD holds, the keys would find every name of
 * that TLD and of that length, each read from the table to be checked; the
 * names of that length are instead read from an index on the length that
 * holds both forms (domains_length_prefix_idx, index-only) and checked there.
 */
export function containsAtLength(term: string): SQL {
  if (tldHoldsTerm(term)) return sql`${domains.length} = lengths.len and ${labelContainsFilter(term)}`;
  return sql`${domains.searchKeys} @> ${keysAtLengthSql(pairCodes(term), sql`lengths.len`)} and ${labelContainsFilter(term)}`;
}

/** The pairs tagged with a length the query computes (keysAtLength in app/domain/search-keys.ts). */
export function keysAtLengthSql(pairs: number[], length: SQL): SQL {
  return sql`array(select ${length} * 65536 + pair from unnest(${sql.param(pairs)}::int[]) as pair)`;
}

/**
 * The names matching `condition` (which may use `lengths.len`), one length at
 * a time from the shortest that can match: `select name`, or the given
 * `columns`. `perLength` keeps only the best few of each length; `limit`
 * stops early.
 */
export function namesLengthByLength(
  term: string,
  condition: SQL,
  options: { columns?: SQL; perLength?: { order: SQL[]; limit: number }; limit?: number } = {},
): SQL {
  const columns = options.columns ?? sql`${domains.name}`;
  // Without a per-length limit, OFFSET 0 keeps the planner from flattening
  // the per-length lookup into the outer query (and then walking some other
  // index in the caller's order, testing every row).
  const perLength = options.perLength
    ? sql` order by ${sql.join(options.perLength.order, sql`, `)} limit ${options.perLength.limit}`
    : sql` offset 0`;
  const limit = options.limit === undefined ? sql`` : sql` limit ${options.limit}`;
  return sql`select found.* from generate_series(${shortestPossibleLength(term)}::int, ${MAX_LABEL_LENGTH}) as lengths(len)
    cross join lateral (select ${columns} from ${domains} where ${condition}${perLength}) as found${limit}`;
}

/**
 * Relevance (docs/product.md, "Searching names"): the exact name first, then names that start with the
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

/**
 * No name whose first label is shorter than the term's part before its
 * first dot can contain it in its Unicode form ("hund.s" needs at least 4).
 * An ASCII term may instead match the longer ACE form ("rksmrgs-5wao" is in
 * räksmörgås, 10 characters), so it starts at 1; the lengths where no piece
 * matches cost an empty index lookup each.
 */
function shortestPossibleLength(term: string): number {
  if (/^[\u0020-\u007e]*$/.test(term)) return 1;
  return Math.min(MAX_LABEL_LENGTH, Math.max(1, [...term.split(".")[0]].length));
}
