import { asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AdminDomainListQuery, AdminSortField } from "~/lib/admin-list-params";
import type { Db } from "~/server/db/client.server";
import type { DomainRow } from "~/server/db/schema/index.server";
import { filterCountRows, type FilterCountKey } from "./count-admin-domains.server";

/**
 * The leading sort keys of each order that domain_filter_counts also holds:
 * the order is a sequence of groups (one release date; one status and date;
 * one TLD, status and date; one length), and how many names of each group
 * match the filters is known without reading domains. The score and name
 * orders have no such groups.
 */
const SORT_GROUP_KEYS: Record<AdminSortField, GroupKey[] | null> = {
  release_date: ["releaseDate"],
  status: ["status", "releaseDate"],
  tld: ["tld", "status", "releaseDate"],
  length: ["length"],
  score: null,
  name: null,
};

export type GroupKey = FilterCountKey;
export type GroupValues = Partial<Pick<DomainRow, GroupKey>>;

export type SortGroup = {
  values: GroupValues;
  /** Names of the group that match every filter. */
  matches: number;
};

/** Which part of one group a page holds: `take` matches after the first `skip`, in the requested order. */
export type GroupSpan = { group: SortGroup; skip: number; take: number };

export function sortGroupKeys(sortField: AdminSortField): GroupKey[] | null {
  return SORT_GROUP_KEYS[sortField];
}

/**
 * Every group of the query's order holding at least one match, in the
 * requested order (nulls where the table's order puts them: last ascending,
 * first descending), from domain_filter_counts and its unfolded changes: a
 * few hundred rows whatever the number of names, costing about what the
 * total alone does; their matches add up to the exact total.
 */
export async function readSortGroups(db: Db, query: AdminDomainListQuery, keys: GroupKey[]): Promise<SortGroup[]> {
  const direction = query.sortDirection === "desc" ? desc : asc;
  const fields = filterCountRows(db, query, keys);
  const keyFields: Record<string, AnyPgColumn> = Object.fromEntries(keys.map((key) => [key, fields[key]]));
  const matches = sql<number>`sum(${fields.n})`.mapWith(Number);
  const rows = await db
    .select({ ...keyFields, matches })
    .from(fields)
    .groupBy(...keys.map((key) => fields[key]))
    .having(sql`${matches} > 0`)
    .orderBy(...keys.map((key) => direction(fields[key])));
  return rows.map(({ matches, ...values }) => ({ values: values as GroupValues, matches: matches as number }));
}

/** The groups holding the page's matches `offset` to `offset + limit`, and which of each group's matches those are. */
export function groupsHoldingPage(groups: SortGroup[], offset: number, limit: number): GroupSpan[] {
  const spans: GroupSpan[] = [];
  let before = 0;
  for (const group of groups) {
    const end = offset + limit;
    if (before >= end) break;
    if (before + group.matches > offset) {
      const skip = Math.max(0, offset - before);
      spans.push({ group, skip, take: Math.min(group.matches - skip, end - before - skip) });
    }
    before += group.matches;
  }
  return spans;
}

/** One group's rows of the table: equal to each of its values (a group of names without a release date included). */
export function inGroup(values: GroupValues, columns: Record<GroupKey, AnyPgColumn>): SQL[] {
  return (Object.entries(values) as [GroupKey, string | number | null][]).map(([key, value]) =>
    value === null ? isNull(columns[key]) : eq(columns[key], value),
  );
}
