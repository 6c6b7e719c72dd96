import { and, asc, count, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from "drizzle-orm";
import type { AdminDomainListQuery, AdminSortField, CharacterFilter } from "~/lib/admin-list-params";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { NAME_CHAR_BITS } from "../db/schema/domains.server";
import type { Db } from "../db/client.server";
import { domains } from "../db/schema/index.server";

export type AdminDomainRow = {
  name: string;
  unicodeName: string;
  tld: string;
  status: string;
  isFeatured: boolean;
  length: number;
  score: number;
  releaseDate: string | null;
  description: string | null;
};

export type AdminDomainList = {
  domains: AdminDomainRow[];
  /** Exact up to the cap (COUNT_CAP); beyond it `countCapped` is true and the total is the cap. */
  totalCount: number;
  countCapped: boolean;
};

/**
 * Counting every match of a broad filter over a million rows costs more than
 * the page itself, and nobody pages through 10,000 rows: past this the count
 * line says "10,000+" and the admin narrows the filters.
 */
export const COUNT_CAP = 10_000;

/**
 * Each sort ends with the unique name so pages never overlap, and each order
 * is one an index serves. TLD and status have few values: within one, rows
 * keep the default release-date order.
 */
const SORT_ORDERS: Record<AdminSortField, AnyPgColumn[]> = {
  release_date: [domains.releaseDate, domains.name],
  name: [domains.name],
  status: [domains.status, domains.releaseDate, domains.name],
  tld: [domains.tld, domains.status, domains.releaseDate, domains.name],
  score: [domains.score, domains.name],
  length: [domains.length, domains.name],
};

const NAME_CHAR_CLASS_COUNT = 16;

/** Spec §7 "Admin list": one page of domains matching every filter, and how many match. */
export async function listAdminDomains(db: Db, query: AdminDomainListQuery, options: { countCap?: number } = {}): Promise<AdminDomainList> {
  const cap = options.countCap ?? COUNT_CAP;
  const where = and(...adminDomainConditions(query));
  const direction = query.sortDirection === "desc" ? desc : asc;
  // One direction for every column, so a descending sort is the same index read backwards.
  const orderBy = SORT_ORDERS[query.sortField].map((column) => direction(column));
  const offset = (query.page - 1) * query.pageSize;

  const [rows, counted] = await Promise.all([
    db
      .select({
        name: domains.name,
        unicodeName: domains.unicodeName,
        tld: domains.tld,
        status: domains.status,
        isFeatured: domains.isFeatured,
        length: domains.length,
        score: domains.score,
        releaseDate: domains.releaseDate,
        description: domains.description,
      })
      .from(domains)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(offset),
    countMatches(db, where, cap),
  ]);
  return { domains: rows, totalCount: Math.min(counted, cap), countCapped: counted > cap };
}

/** Counts at most cap + 1 matches: enough to know whether there are more than the cap. */
async function countMatches(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(domains)
    .where(where)
    .limit(cap + 1)
    .as("limited");
  const [row] = await db.select({ total: count() }).from(limited);
  return Number(row?.total ?? 0);
}

/** Every filter as a predicate the planner can use an index for where one exists. */
export function adminDomainConditions(query: AdminDomainListQuery): SQL[] {
  const conditions: SQL[] = [];
  const term = query.filter.trim().toLowerCase();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    // Both forms are searched: people type "räksmörgås", a pasted ACE name is "xn--...".
    conditions.push(or(like(domains.unicodeName, pattern), like(domains.name, pattern))!);
  }
  if (query.status) conditions.push(eq(domains.status, query.status));
  if (query.releaseFrom) conditions.push(gte(domains.releaseDate, query.releaseFrom));
  if (query.releaseTo) conditions.push(lte(domains.releaseDate, query.releaseTo));
  if (query.lengthFrom !== null) conditions.push(gte(domains.length, query.lengthFrom));
  if (query.lengthTo !== null) conditions.push(lte(domains.length, query.lengthTo));
  if (query.tlds.length === 1) conditions.push(eq(domains.tld, query.tlds[0]));
  else if (query.tlds.length > 1) conditions.push(inArray(domains.tld, query.tlds));

  const classes = nameCharClasses(query.characters);
  if (classes.length < NAME_CHAR_CLASS_COUNT) conditions.push(inArray(domains.nameChars, classes));
  return conditions;
}

/**
 * The character filters as the set of `name_chars` values that satisfy them
 * (four bits, so at most 16 values). An equality list on a small column the
 * database keeps per row is cheap to test and indexed for the rare mixes.
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

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
