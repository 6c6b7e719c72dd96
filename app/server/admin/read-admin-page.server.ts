// The ways of reading one page of the backoffice list, each a statement or
// two: collect the matches' sort keys, walk a sort order testing each entry,
// probe a walk's density, or seek the page's group (decision 0024). Which
// one runs is chosen in list-admin-domains.server.ts from the counts
// (admin-list-plan.server.ts).
import { and, asc, desc, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AdminDomainListQuery, AdminSortField } from "~/lib/admin-list-params";
import type { Db } from "~/server/db/client.server";
import { DOMAIN_STATUSES } from "~/server/db/schema/domains.server";
import { domains } from "~/server/db/schema/index.server";
import { adminDomainIndexWhere, adminDomainWhere, adminKeyConditions, columnsWithoutSearchKeys } from "./admin-domain-filters.server";
import { groupsHoldingPage, inGroup, type SortGroup } from "./admin-list-groups.server";
import { chooseGroupRead, sortBoundFilters, type AdminListPlan, type GroupReadPlan, type WalkProbe } from "./admin-list-plan.server";
import type { AdminDomainRow } from "~/domain/backoffice-rows";

/**
 * Each sort ends with the unique name so pages never overlap, and each order
 * is one an index serves. TLD and status have few values: within one, rows
 * keep the default release-date order.
 */
const SORT_KEYS: Record<AdminSortField, SortKey[]> = {
  release_date: ["releaseDate", "name"],
  name: ["name"],
  status: ["status", "releaseDate", "name"],
  tld: ["tld", "status", "releaseDate", "name"],
  score: ["score", "name"],
  length: ["length", "name"],
};
type SortKey = "releaseDate" | "name" | "status" | "tld" | "score" | "length";

const columns = {
  name: domains.name,
  unicodeName: domains.unicodeName,
  tld: domains.tld,
  status: domains.status,
  isFeatured: domains.isFeatured,
  length: domains.length,
  score: domains.score,
  releaseDate: domains.releaseDate,
  description: domains.description,
};

/** One direction for every column, so a descending sort is the same index read backwards. */
function directionOf(query: AdminDomainListQuery, reversed = false) {
  return (query.sortDirection === "desc") !== reversed ? desc : asc;
}

/**
 * The page's names first, from the matches' sort keys alone (an index-only
 * scan of domains_admin_sort_idx unless there is search text), then their rows.
 */
export async function collectPage(db: Db, query: AdminDomainListQuery, where: SQL | undefined, offset: number, limit: number) {
  const direction = directionOf(query);
  const keys = SORT_KEYS[query.sortField];
  const page = db
    .select({ name: domains.name })
    .from(domains)
    .where(where)
    .orderBy(...keys.map((key) => direction(withoutIndex(domains[key]))))
    .limit(limit)
    .offset(offset);
  return db
    .select(columns)
    .from(domains)
    .where(inArray(domains.name, page))
    .orderBy(...keys.map((key) => direction(domains[key])));
}

/** collectPage with the number of matches (count(*) over ()), which is null when the page is past the end. */
export async function collectPageCounting(db: Db, query: AdminDomainListQuery, where: SQL | undefined) {
  const direction = directionOf(query);
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(domains)
    .where(where)
    .orderBy(...SORT_KEYS[query.sortField].map((key) => direction(withoutIndex(domains[key]))))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? null };
}

/**
 * The sort index read in order, each row tested, until the page is full. The
 * walk reads only the range the filters bounding the index allow
 * (sortBoundFilters), and at most `budget` rows of it unless that is null. A
 * late page is read backwards from the end. Only the columns the filters test and the sort
 * keys are read while walking (all in the release date, status, score and
 * length orders' indexes, so those walks read no table rows), then the page's
 * rows by name. The search text is tested on the names themselves: the
 * search-key index cannot be read in a sort order.
 */
export async function walkPage(db: Db, query: AdminDomainListQuery, plan: Extract<AdminListPlan, { kind: "walk" }>) {
  const direction = directionOf(query, plan.reversed);
  const keys = SORT_KEYS[query.sortField];
  let page;
  if (plan.budget === null) {
    page = db
      .select({ name: domains.name })
      .from(domains)
      .where(adminDomainWhere(query, columnsWithoutSearchKeys))
      .orderBy(...keys.map((key) => direction(domains[key])))
      .limit(plan.limit)
      .offset(plan.offset);
  } else {
    const walked = walkedEntries(db, query, direction, plan.budget);
    page = db
      .select({ name: walked.name })
      .from(walked)
      .where(adminDomainWhere(query, walked))
      .orderBy(...keys.map((key) => direction((walked as unknown as Record<SortKey, AnyPgColumn>)[key])))
      .limit(plan.limit)
      .offset(plan.offset);
  }
  return db
    .select(columns)
    .from(domains)
    .where(inArray(domains.name, page))
    .orderBy(...keys.map((key) => directionOf(query)(domains[key])));
}

/**
 * The first `budget` entries of the sort order within the range its bounding
 * filters allow, with the columns the filters test: the walk's input.
 */
function walkedEntries(db: Db, query: AdminDomainListQuery, direction: typeof asc, budget: number) {
  return db
    .select({ ...columnsWithoutSearchKeys, ...(query.sortField === "score" ? { score: domains.score } : {}) })
    .from(domains)
    .where(and(...adminKeyConditions(sortBoundFilters(query), domains)))
    .orderBy(...SORT_KEYS[query.sortField].map((key) => direction(domains[key])))
    .limit(budget)
    .as("walked");
}

/**
 * The page found through its order's groups (admin-list-groups.server.ts):
 * the groups' counts say which group holds the page's first match and at
 * which offset, so the page is read inside that group (and the next, when
 * it runs over), each part the cheaper way within its group, all in one
 * statement. Nothing before the group is read, however far the page is
 * or however sparse the matches.
 */
export async function seekPage(
  db: Db,
  query: AdminDomainListQuery,
  groups: SortGroup[],
  rowsPerMatch: number,
  force?: GroupReadPlan["kind"],
): Promise<AdminDomainRow[]> {
  const spans = groupsHoldingPage(groups, (query.page - 1) * query.pageSize, query.pageSize);
  if (spans.length === 0) return [];
  const keys = SORT_KEYS[query.sortField];
  // Collecting without a status filter: "any status" lets domains_admin_sort_idx reach a release
  // date under each status (as adminDomainIndexWhere does for the TLD) instead of testing every entry.
  const anyStatus = query.status === null ? [inArray(domains.status, DOMAIN_STATUSES)] : [];
  const parts = spans.map(({ group, skip, take }) => {
    const plan = chooseGroupRead({ matches: group.matches, skip, take }, rowsPerMatch, query.sortField === "length", force);
    const part = db.select({ name: domains.name }).from(domains);
    if (plan.kind === "walk") {
      const direction = directionOf(query, plan.reversed);
      return part
        .where(and(...inGroup(group.values, domains), adminDomainWhere(query, columnsWithoutSearchKeys)))
        .orderBy(...keys.map((key) => direction(domains[key])))
        .limit(plan.limit)
        .offset(plan.offset);
    }
    return part
      .where(and(...inGroup(group.values, domains), ...anyStatus, adminDomainIndexWhere(query)))
      .orderBy(...keys.map((key) => directionOf(query)(withoutIndex(domains[key]))))
      .limit(plan.limit)
      .offset(plan.offset);
  });
  return db
    .select(columns)
    .from(domains)
    .where(sql`${domains.name} in (${sql.join(parts, sql` union all `)})`)
    .orderBy(...keys.map((key) => directionOf(query)(domains[key])));
}

/**
 * The same values in the same order (same type, same collation), as an
 * expression no index holds: ordering by it, the planner cannot walk a sort
 * index and fetches the matches through the filter indexes instead.
 */
function withoutIndex(column: AnyPgColumn): SQL {
  return column === domains.releaseDate || column.dataType === "number" ? sql`(${column} + 0)` : sql`(${column} || '')`;
}

/** How many of the first `entries` entries of the walk match. */
export async function probeWalk(db: Db, query: AdminDomainListQuery, entries: number): Promise<WalkProbe> {
  const walked = walkedEntries(db, query, directionOf(query), entries);
  const [row] = await db
    .select({
      read: sql<number>`count(*)`.mapWith(Number),
      matches: sql<number>`count(*) filter (where ${adminDomainWhere(query, walked)})`.mapWith(Number),
    })
    .from(walked);
  const read = row?.read ?? 0;
  return { read, matches: row?.matches ?? 0, wholeRange: read < entries };
}
