import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { keysAtLength, MAX_LABEL_LENGTH, pairCodes } from "~/domain/search-keys";
import type { AdminDomainListQuery, AdminTld, CharacterFilter } from "~/lib/admin-list-params";
import { NAME_CHAR_VALUE_COUNT, nameCharValues } from "~/domain/name-chars";
import { domains } from "~/server/db/schema/index.server";
import { nameContainsFilter, type NameFormColumns } from "~/server/domains/name-contains.server";


/**
 * Every filter of the backoffice list as one predicate. Status, TLD, release
 * date, length and character class are all columns of domains_admin_sort_idx
 * (migration 0011), so whatever mix of them is set is tested inside that
 * index, without reading table rows; the search text uses
 * domains_search_keys_idx (decision 0014).
 */
export function adminDomainWhere(query: AdminDomainListQuery, source: AdminFilterColumns = domains): SQL | undefined {
  return and(...adminDomainConditions(query, source));
}

/**
 * The same predicate for collecting through domains_admin_sort_idx, whose
 * first column is the TLD: without a TLD filter it says "any TLD" as a
 * list, which PostgreSQL 15 can use to reach the status, date and length
 * ranges inside the index instead of testing every entry (and the planner
 * then prefers those index-only scans to reading table rows).
 */
export function adminDomainIndexWhere(query: AdminDomainListQuery, columns: AdminFilterColumns = domains): SQL | undefined {
  const anyTld = query.tlds.length === 0 ? [inArray(columns.tld, ALL_TLDS)] : [];
  return and(...anyTld, ...adminDomainConditions(query, columns));
}

/** The table's filter columns without the search keys: the search text is then tested on the names alone. */
export const columnsWithoutSearchKeys: AdminFilterColumns = {
  name: domains.name,
  unicodeName: domains.unicodeName,
  status: domains.status,
  tld: domains.tld,
  releaseDate: domains.releaseDate,
  length: domains.length,
  nameChars: domains.nameChars,
};

/** Every TLD a name can have (domains_tld_check). */
const ALL_TLDS: AdminTld[] = [".se", ".nu"];

/** The columns of the filters other than the search text: the table's, or those of domain_filter_counts. */
export type AdminKeyColumns = Record<"status" | "releaseDate" | "length" | "tld" | "nameChars", AnyPgColumn>;

/**
 * The columns the filters test: the table's, or the same columns of a
 * subquery over it (which has no search keys: no index serves it anyway).
 */
export type AdminFilterColumns = AdminKeyColumns &
  NameFormColumns & {
    searchKeys?: AnyPgColumn;
  };

function adminDomainConditions(query: AdminDomainListQuery, columns: AdminFilterColumns): SQL[] {
  const conditions: SQL[] = [];
  const term = query.filter.trim().toLowerCase();
  if (term) {
    if (columns.searchKeys) conditions.push(...searchKeyConditions(columns.searchKeys, term, query));
    // Both forms are searched: people type "räksmörgås", a pasted ACE name is "xn--...".
    conditions.push(nameContainsFilter(term, columns));
  }
  return [...conditions, ...adminKeyConditions(query, columns)];
}

/** Every filter but the search text, on the table's columns or domain_filter_counts'. */
export function adminKeyConditions(query: AdminDomainListQuery, columns: AdminKeyColumns): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(columns.status, query.status));
  if (query.releaseFrom) conditions.push(gte(columns.releaseDate, query.releaseFrom));
  if (query.releaseTo) conditions.push(lte(columns.releaseDate, query.releaseTo));
  if (query.lengthFrom !== null) conditions.push(gte(columns.length, query.lengthFrom));
  if (query.lengthTo !== null) conditions.push(lte(columns.length, query.lengthTo));
  if (query.tlds.length === 1) conditions.push(eq(columns.tld, query.tlds[0]));
  else if (query.tlds.length > 1) conditions.push(inArray(columns.tld, query.tlds));

  const classes = nameCharClasses(query.characters);
  if (classes.length < NAME_CHAR_VALUE_COUNT) conditions.push(inArray(columns.nameChars, classes));
  return conditions;
}

/** The character filters as the `name_chars` values that satisfy them (nameCharValues: at most 16). */
export function nameCharClasses(characters: Partial<Record<CharacterFilter, boolean>>): number[] {
  return nameCharValues([characters]);
}

/** The filters alone (no sort, no page), as a cache key: every page and sort of one filter set shares its count. */
export function adminFilterKey(query: AdminDomainListQuery): string {
  return JSON.stringify([
    query.filter.trim().toLowerCase(),
    query.status,
    query.releaseFrom,
    query.releaseTo,
    query.lengthFrom,
    query.lengthTo,
    [...query.tlds].sort(),
    nameCharClasses(query.characters),
  ]);
}

/**
 * The names that may contain `term`, through domains_search_keys_idx: a name
 * holds each pair of the term tagged with its own label length, so "holds
 * pair p at some length" for every pair p is "holds all of them at its
 * length". Only the lengths the length filters allow are asked for. A term
 * of one character has no pair: the strpos test alone reads the table (the
 * backoffice does not search for fewer than 2 characters, toAdminListQuery).
 */
function searchKeyConditions(searchKeys: AnyPgColumn, term: string, query: AdminDomainListQuery): SQL[] {
  const lengths: number[] = [];
  for (
    let length = Math.max(1, query.lengthFrom ?? 1);
    length <= Math.min(MAX_LABEL_LENGTH, query.lengthTo ?? MAX_LABEL_LENGTH);
    length++
  ) {
    lengths.push(length);
  }
  // A few pairs narrow the candidates as well as all of a long pasted term's would; strpos decides.
  return pairCodes(term)
    .slice(0, MAX_LOOKUP_PAIRS)
    .map((pair) => sql`${searchKeys} && ${sql.param(lengths.flatMap((length) => keysAtLength([pair], length)))}::int[]`);
}

const MAX_LOOKUP_PAIRS = 6;
