/**
 * The public search: a term matched on a name's Unicode or ACE form through the
 * search-key index, relevance and the list orders, and the soon-available list's search.
 */
import { and, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { DomainCardData } from "~/domain/domain-card";
import { filtersFor, type PublicFilters } from "~/domain/public-filters";
import { parseDomainName, SUPPORTED_TLDS, toAscii } from "~/domain/names";
import { normalizeSearchTerm } from "~/domain/search-input";
import { compareSwedishNames } from "~/domain/swedish-order";
import { MAX_LABEL_LENGTH, pairCodes } from "~/domain/search-keys";
import type { SearchTotal } from "~/lib/count-text";
import { DEFAULT_SOON_SORT, escapeLikePattern, type ListingSort, SEARCH_LIMIT, type SoonSort } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { listedCardColumns, subqueryListedCardColumns, toDomainCardData } from "./domain-card-data.server";
import { publicFilterWhere } from "./filters.server";
import { labelContainsFilter } from "./name-contains.server";
import { lengthAscOrder, nameOrder, orderBySql, scoreDescOrder, soonAvailableOrder, soonAvailablePredicate, swedishNameKey } from "./order.server";

/**
 * The public search (docs/product.md, "Searching names"), any status: the 50
 * most relevant names whose label (the part before the TLD) contains it, shown in the chosen order (the sort arranges the
 * result, it does not pick a different one). One statement, so one round
 * trip. Under 2 characters: nothing.
 */
export async function searchDomains(
  db: Db,
  options: { term: string; sort?: ListingSort; limit?: number; filters?: PublicFilters; now?: Date },
): Promise<DomainCardData[]> {
  const term = normalizeSearchTerm(options.term);
  if (term === null) return [];
  const limit = options.limit ?? SEARCH_LIMIT;
  const mostRelevant = db
    .select({ name: domains.name })
    .from(domains)
    .where(sql`${domains.name} in (${searchCandidates(term, limit, searchFilterWhere(options))})`)
    .orderBy(...relevanceOrder(term, false))
    .limit(limit);
  const rows = await db
    .select(listedCardColumns)
    .from(domains)
    .where(sql`${domains.name} in (${mostRelevant})`)
    .orderBy(...searchOrder(options.sort ?? "relevance", term));
  return rows.map(toDomainCardData);
}

/** Matches beyond this many are not counted: "fler än 1 000". */
export const SEARCH_COUNT_LIMIT = 1000;

/**
 * The number of names searchDomains could show for `term`, counted up to
 * `limit` (SEARCH_COUNT_LIMIT): the page asks only when the 50 shown are not
 * all. The names are read length by length through the search keys, as the
 * search reads them, and counting stops one name past `limit`, so a common
 * term costs about as much as reading a thousand matches. Null for a term a
 * TLD holds ("se", "nu"): the keys would give every name of the TLD, each to
 * be read and checked, so the count is not cheaply known.
 */
export async function countSearchMatches(
  db: Db,
  options: { term: string; limit?: number; filters?: PublicFilters; now?: Date },
): Promise<SearchTotal | null> {
  const term = normalizeSearchTerm(options.term);
  if (term === null) return { count: 0, more: false };
  if (tldHoldsTerm(term)) return null;
  const limit = options.limit ?? SEARCH_COUNT_LIMIT;
  const filter = searchFilterWhere(options);
  const condition = filter ? sql`${containsAtLength(term)} and ${filter}` : containsAtLength(term);
  const matches = namesLengthByLength(term, condition, { limit: limit + 1 });
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(sql`(${matches}) as matches`);
  return { count: Math.min(row.count, limit), more: row.count > limit };
}

/**
 * The search page's filters as one condition: those of a list of any status
 * (no release dates), without the contains filter, which the searched text is.
 */
function searchFilterWhere(options: { filters?: PublicFilters; now?: Date }): SQL | undefined {
  if (!options.filters) return undefined;
  return publicFilterWhere({ ...filtersFor("other", options.filters), contains: null }, options.now ?? new Date());
}

function searchOrder(sort: ListingSort, term: string): SQL[] {
  if (sort === "length-asc") return orderBySql(lengthAscOrder());
  if (sort === "name-asc") return orderBySql(nameOrder("asc"));
  if (sort === "name-desc") return orderBySql(nameOrder("desc"));
  if (sort === "score-desc") return orderBySql(scoreDescOrder());
  return relevanceOrder(term);
}

/**
 * Up to this many matches are collected and sorted; more means the term is
 * common, and walking the release order finds 50 within a few ten thousand
 * index entries. Chosen so both paths cost about the same at the boundary
 * with a million names (see bench:search).
 */
export const SOON_COLLECT_LIMIT = 1000;

/**
 * How many entries of the release order are read first, in the index alone:
 * a common term has its earliest 50 among them (one in 200 names matching
 * is enough) and needs no other read. A rare term pays this walk on top of
 * collecting its matches, so it is kept short: at a million names about 2 ms
 * (bench:search, and decision 0040).
 */
export const SOON_WALK_LIMIT = 10_000;

/**
 * The earliest releases first, the search's 50 (docs/product.md, "Searching names"; index
 * domains_status_release_idx, which holds every column the walk tests). Which names of the last
 * date make the 50 goes by the ACE name, the walk's index order; they are shown in the list's order.
 */
const earliestFirst = [sql`${domains.releaseDate} asc nulls last`, sql`${domains.name} asc`];

/**
 * The card columns read back from the collected matches (named like the
 * table, so the shared sort expressions apply), plus how many were collected.
 */
const collectedFields = { ...subqueryListedCardColumns, collected: sql<number>`count(*) over ()`.mapWith(Number) };

/**
 * The soon-available search (docs/product.md, "Searching names"): the 50 soon-available names
 * whose label (the part before the TLD) contains the term that release
 * first, optionally without featured names, shown in the chosen order (the
 * sort arranges the result, as in the main search). Under 2 characters:
 * nothing.
 *
 * First the earliest SOON_WALK_LIMIT entries of the release-order index are
 * tested, in the index itself: a common term finds its 50 there. Otherwise,
 * a rare term: its matches are collected by name length through the
 * search-token index and the earliest 50 kept, in one statement. A term
 * between the two (more than SOON_COLLECT_LIMIT matches, but not 50 among
 * the first releases), and "se" and "nu", which the search keys cannot
 * narrow: the release-order index is walked until 50 match.
 */
export function searchSoonAvailable(db: Db, options: SoonSearchOptions): Promise<DomainCardData[]> {
  return searchSoonAvailableWithin(db, options, SOON_WALK_LIMIT);
}

export type SoonSearchOptions = {
  term: string;
  sort?: SoonSort;
  includeFeatured?: boolean;
  limit?: number;
  /** The list's other filters (app/domain/public-filters.ts), and the moment their date presets count from. */
  filters?: PublicFilters;
  now?: Date;
};

/**
 * Test seam: the soon-available search with a first walk of `walkLimit`
 * entries instead of SOON_WALK_LIMIT, so that a few test names reach the
 * other two paths.
 */
export function searchSoonAvailableWalkingForTests(db: Db, options: SoonSearchOptions, walkLimit: number): Promise<DomainCardData[]> {
  return searchSoonAvailableWithin(db, options, walkLimit);
}

async function searchSoonAvailableWithin(db: Db, options: SoonSearchOptions, walkLimit: number): Promise<DomainCardData[]> {
  const term = normalizeSearchTerm(options.term);
  if (term === null) return [];
  const filtered = options.filters && publicFilterWhere(filtersFor("soon", options.filters), options.now ?? new Date());
  const soonAvailable = soonAvailablePredicate(options.includeFeatured ?? true);
  const listed = filtered ? sql`${soonAvailable} and ${filtered}` : soonAvailable;
  const sort = options.sort ?? DEFAULT_SOON_SORT;
  const limit = options.limit ?? SEARCH_LIMIT;

  const firstReleases = sql`(select ${domains.name}, ${domains.unicodeName}, ${domains.releaseDate} from ${domains}
    where ${listed} order by ${sql.join(earliestFirst, sql`, `)} limit ${walkLimit}) as ${domains}`;
  const earliestMatches = db
    .select({ name: sql<string>`name` })
    .from(firstReleases)
    .where(labelContainsFilter(term))
    .orderBy(...earliestFirst)
    .limit(limit);
  const early = await selectCards(db, earliestMatches, sort);
  if (early.length === limit) return early;
  const walkReleaseOrder = db
    .select({ name: domains.name })
    .from(domains)
    .where(and(listed, labelContainsFilter(term)))
    .orderBy(...earliestFirst)
    .limit(limit);
  // For "se" and "nu" the search keys would collect every name of a TLD: walk the release order.
  if (tldHoldsTerm(term)) return selectCards(db, walkReleaseOrder, sort);

  const columns = sql.join(Object.values(listedCardColumns), sql`, `);
  const matches = namesLengthByLength(term, sql`${listed} and ${containsAtLength(term)}`, {
    columns,
    limit: SOON_COLLECT_LIMIT + 1,
  });
  const collected = await db
    .select(collectedFields)
    .from(sql`(${matches}) as ${domains}`)
    .orderBy(...earliestFirst)
    .limit(limit);
  if (collected.length === 0) return [];

  const common = collected[0].collected > SOON_COLLECT_LIMIT;
  if (!common && sort === "date-asc") return collected.map(toDomainCardData).sort(compareReleaseOrder);
  const chosen = common ? walkReleaseOrder : sql`select unnest(${sql.param(collected.map((row) => row.name))}::text[])`;
  return selectCards(db, chosen, sort);
}

/** The list's "Datum (tidigast först)": release date (missing last), then names A-Ö (releaseOrder). */
function compareReleaseOrder(a: DomainCardData, b: DomainCardData): number {
  if (a.releaseDate !== b.releaseDate) {
    if (a.releaseDate === null) return 1;
    if (b.releaseDate === null) return -1;
    return a.releaseDate < b.releaseDate ? -1 : 1;
  }
  return compareSwedishNames(a, b);
}

/** The cards of the chosen names, in the visitor's sort. */
async function selectCards(db: Db, chosen: SQLWrapper, sort: SoonSort): Promise<DomainCardData[]> {
  const rows = await db
    .select(listedCardColumns)
    .from(domains)
    .where(sql`${domains.name} in (${chosen})`)
    .orderBy(...orderBySql(soonAvailableOrder(sort)));
  return rows.map(toDomainCardData);
}

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
export function searchCandidates(term: string, limit: number, filter?: SQL): SQL {
  const exactNames = exactNamesFor(term);
  const also = filter ? sql` and ${filter}` : sql``;
  const exact = exactNames.length
    ? sql`select ${domains.name} from ${domains} where ${domains.name} in (${sql.join(
        exactNames.map((name) => sql`${name}`),
        sql`, `,
      )})${also}`
    : sql`select null::text where false`;
  const best = { order: [sql`${domains.score} desc nulls last`, sql`${domains.name}`], limit };
  const prefixed = namesLengthByLength(
    term,
    sql`${domains.length} = lengths.len and (${domains.unicodeName} collate "C") like ${`${escapeLikePattern(term)}%`}${also}`,
    { perLength: best, limit },
  );
  const containing = namesLengthByLength(term, sql`${containsAtLength(term)}${also}`, { perLength: best, limit });
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

// Matches are read one first-label length at a time through
// domains_search_keys_idx (migration 0012, decision 0014), which holds each
// name's pairs of neighbouring characters tagged with that length. A lookup
// for one length touches only names of that length, so "the shortest
// matches" and "the first few thousand matches" cost the same at any table
// size, and 2-character terms work the same way.

export { MAX_LABEL_LENGTH };

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
 * term, then shorter names, then higher scores; then, as shown, names in Swedish order (a–z, å, ä, ö)
 * and last the ACE name. Which names make the 50 goes by the ACE name after the score (`shown` false),
 * as searchCandidates reads the best of each length: the Swedish key is computed for the 50 alone.
 */
export function relevanceOrder(term: string, shown = true): SQL[] {
  const prefix = `${escapeLikePattern(term)}%`;
  const rank = sql`case
    when ${domains.unicodeName} in (${`${term}.se`}, ${`${term}.nu`}) or ${domains.name} in (${`${term}.se`}, ${`${term}.nu`}) then 0
    when ${domains.unicodeName} like ${prefix} or ${domains.name} like ${prefix} then 1
    else 2 end`;
  return [
    sql`${rank} asc`,
    sql`${domains.length} asc`,
    sql`${domains.score} desc nulls last`,
    ...(shown ? [sql`${swedishNameKey} asc`] : []),
    sql`${domains.name} asc`,
  ];
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
