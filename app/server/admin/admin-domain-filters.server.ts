import { and, eq, gte, inArray, like, lte, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AdminDomainListQuery, AdminTld, CharacterFilter } from "~/lib/admin-list-params";
import { NAME_CHAR_BITS } from "../db/schema/domains.server";
import { domains } from "../db/schema/index.server";

export const NAME_CHAR_CLASS_COUNT = 16;

/**
 * Every filter of the backoffice list as one predicate. Status, TLD, release
 * date, length and character class are all columns of
 * domains_admin_filter_idx (migration 0011), so whatever mix of them is set
 * is tested inside that small index, without reading table rows; the search
 * text uses the trigram indexes.
 */
export function adminDomainWhere(query: AdminDomainListQuery, source: AdminFilterColumns = domains): SQL | undefined {
  return and(...adminDomainConditions(query, source));
}

/**
 * The same predicate for counting and collecting through the admin indexes,
 * whose first column is the TLD: without a TLD filter it says "any TLD" as a
 * list, which PostgreSQL 15 can use to reach the status, date and length
 * ranges inside the index instead of testing every entry (and the planner
 * then prefers those index-only scans to reading table rows).
 */
export function adminDomainIndexWhere(query: AdminDomainListQuery): SQL | undefined {
  const anyTld = query.tlds.length === 0 ? [inArray(domains.tld, ALL_TLDS)] : [];
  return and(...anyTld, ...adminDomainConditions(query, domains));
}

/** Every TLD a name can have (domains_tld_check). */
const ALL_TLDS: AdminTld[] = [".se", ".nu"];

/** The columns the filters test: the table's, or the same columns of a subquery over it. */
export type AdminFilterColumns = Record<"name" | "unicodeName" | "status" | "releaseDate" | "length" | "tld" | "nameChars", AnyPgColumn>;

function adminDomainConditions(query: AdminDomainListQuery, columns: AdminFilterColumns): SQL[] {
  const conditions: SQL[] = [];
  const term = query.filter.trim().toLowerCase();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    // Both forms are searched: people type "räksmörgås", a pasted ACE name is "xn--...".
    conditions.push(or(like(columns.unicodeName, pattern), like(columns.name, pattern))!);
  }
  if (query.status) conditions.push(eq(columns.status, query.status));
  if (query.releaseFrom) conditions.push(gte(columns.releaseDate, query.releaseFrom));
  if (query.releaseTo) conditions.push(lte(columns.releaseDate, query.releaseTo));
  if (query.lengthFrom !== null) conditions.push(gte(columns.length, query.lengthFrom));
  if (query.lengthTo !== null) conditions.push(lte(columns.length, query.lengthTo));
  if (query.tlds.length === 1) conditions.push(eq(columns.tld, query.tlds[0]));
  else if (query.tlds.length > 1) conditions.push(inArray(columns.tld, query.tlds));

  const classes = nameCharClasses(query.characters);
  if (classes.length < NAME_CHAR_CLASS_COUNT) conditions.push(inArray(columns.nameChars, classes));
  return conditions;
}

/**
 * The character filters as the set of `name_chars` values that satisfy them
 * (four bits, so at most 16 values): an equality list is something an index
 * can test, a bit test (`name_chars & 2 <> 0`) is not.
 */
export function nameCharClasses(characters: Partial<Record<CharacterFilter, boolean>>): number[] {
  const classes: number[] = [];
  for (let value = 0; value < NAME_CHAR_CLASS_COUNT; value++) {
    const fits = (Object.entries(characters) as [CharacterFilter, boolean | undefined][]).every(
      ([key, wanted]) => wanted === undefined || ((value & NAME_CHAR_BITS[key]) !== 0) === wanted,
    );
    if (fits) classes.push(value);
  }
  return classes;
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

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
