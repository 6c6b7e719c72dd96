import { and, asc, count, desc, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AdminDomainListQuery, AdminSortField } from "~/lib/admin-list-params";
import { cachedDomainQuery, hasCachedDomainQuery } from "../cache/domain-cache.server";
import type { Db } from "../db/client.server";
import { DOMAIN_STATUSES } from "../db/schema/domains.server";
import { domains } from "../db/schema/index.server";
import { countDomains } from "../domains/count-domains.server";
import {
  adminDomainIndexWhere,
  adminDomainWhere,
  adminFilterKey,
  adminKeyConditions,
  columnsWithoutSearchKeys,
  NAME_CHAR_CLASS_COUNT,
  nameCharClasses,
} from "./admin-domain-filters.server";
import {
  chooseAdminListPlan,
  chooseGroupRead,
  chooseUncountedPlan,
  collectRangeFilters,
  sortBoundFilters,
  sortIsBounded,
  sortWalkIsIndexOnly,
  type AdminListPlan,
  type GroupReadPlan,
  type WalkProbe,
} from "./admin-list-plan.server";
import { groupsHoldingPage, inGroup, readSortGroups, sortGroupKeys, type SortGroup } from "./admin-list-groups.server";
import { countAdminDomainsByFilters } from "./count-admin-domains.server";

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
  /**
   * Exact number of names matching the filters (spec §7 "exact count").
   * Without search text it is known at once (domain_filter_counts). With it,
   * counting reads every match, which for a term in tens of thousands of
   * names takes longer than the page: a count not known yet follows as a
   * promise, which the page streams in when it settles; the rows never wait
   * for it.
   */
  totalCount: number | Promise<number>;
};

/**
 * How long one filter set's count with search text is reused: paging and
 * re-sorting a filter set, the common case, then never counts again. Any
 * change to domains in this process drops it at once (invalidateDomainCaches).
 */
export const ADMIN_COUNT_TTL_MS = 15_000;

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

export type AdminListStrategy = "collect" | "walk";
type ListOptions = {
  strategy?: AdminListStrategy;
  walkBudget?: number;
  /**
   * Tests: read a search text's page as on its first view, whether or not its count is known
   * (and through the search-key index, however few names the other filters leave).
   */
  uncounted?: boolean;
  /** Tests: how a page found through its groups is read within each group (seekPage). */
  groupRead?: GroupReadPlan["kind"];
};

/**
 * Spec §7 "Admin list": one page of domains matching every filter, and how
 * many match. When the count is known it decides how the page is read
 * (admin-list-plan.server.ts); a search text's first count is not waited
 * for. `strategy` and `walkBudget` force a way, for tests (and then the
 * count is always waited for).
 */
export async function listAdminDomains(db: Db, query: AdminDomainListQuery, options: ListOptions = {}): Promise<AdminDomainList> {
  const tableRows = cachedDomainQuery(db, "admin-table-rows", () => estimateTableRows(db));
  if (query.filter.trim() === "") {
    // An order made of groups the counts know (all but score and name) is read by seeking its page's
    // group. No filter or a status alone: the matches are dense along every such order (or bound it),
    // a plain walk finds any page at once and the total is free.
    const groupKeys = options.strategy === undefined && !onlyStatusFilter(query) ? sortGroupKeys(query.sortField) : null;
    if (groupKeys) {
      const [groups, rows] = await Promise.all([readSortGroups(db, query, groupKeys), tableRows]);
      const totalCount = groups.reduce((sum, group) => sum + group.matches, 0);
      return { domains: await seekPage(db, query, groups, rows / Math.max(1, totalCount), options.groupRead), totalCount };
    }
    if (onlyStatusFilter(query)) {
      const [totalCount, rows] = await Promise.all([
        countDomains(db, { statuses: query.status ? [query.status] : DOMAIN_STATUSES }),
        tableRows,
      ]);
      return {
        domains: await readCountedPage(db, query, adminDomainIndexWhere(query), { matches: totalCount, tableRows: rows }, options),
        totalCount,
      };
    }
    const [totalCount, rows, collectScans] = await Promise.all([
      countAdminDomainsByFilters(db, query),
      tableRows,
      countCollectRange(db, query),
    ]);
    const counts = { matches: totalCount, tableRows: rows, collectScans: collectScans ?? rows };
    return { domains: await readCountedPage(db, query, adminDomainIndexWhere(query), counts, options), totalCount };
  }

  // Other filters that leave few names: the text is tested on those names alone, one pass for
  // the page and its total. Through the search-key index a common term would first gather every
  // name holding it (most of the demo data for "xn--").
  const forced = options.strategy !== undefined || options.uncounted === true;
  if (!forced && otherFiltersSet(query) && (await countOtherFilters(db, query)) < TEST_TEXT_ON_ROWS_BELOW) {
    // The names come from domains_admin_sort_idx alone (OFFSET 0 keeps that a query of its own: the
    // planner would otherwise read the table through some narrower index to test the text sooner).
    const others = adminDomainIndexWhere({ ...query, filter: "" });
    const testedOnRows = and(
      sql`${domains.name} in (select ${domains.name} from ${domains} where ${others} offset 0)`,
      adminDomainWhere(query, columnsWithoutSearchKeys),
    );
    const page = await collectPageCounting(db, query, testedOnRows);
    return { domains: page.rows, totalCount: page.total ?? (await countMatches(db, testedOnRows)) };
  }

  const where = adminDomainIndexWhere(query);
  const countKey = `admin-count:${adminFilterKey(query)}`;
  const count = () => cachedDomainQuery(db, countKey, () => countMatches(db, where), ADMIN_COUNT_TTL_MS);
  const known = hasCachedDomainQuery(db, countKey) ? await settledValue(count()) : undefined;
  if (!options.uncounted && (known !== undefined || options.strategy)) {
    const [totalCount, rows] = await Promise.all([known ?? count(), tableRows]);
    return { domains: await readCountedPage(db, query, where, { matches: totalCount, tableRows: rows }, options), totalCount };
  }
  const page = await readUncountedPage(db, query, where, options);
  if (page.total !== null) {
    const total = page.total;
    await cachedDomainQuery(db, countKey, async () => total, ADMIN_COUNT_TTL_MS);
    return { domains: page.rows, totalCount: total };
  }
  // Counted only now: on two cores a count running beside the page's read slowed it several times over.
  const counting = count();
  return { domains: page.rows, totalCount: (await settledValue(counting)) ?? counting };
}

/**
 * How many entries of domains_admin_sort_idx a collect of `query` reads
 * (collectRangeFilters), null for all of them. Like countOtherFilters it only
 * chooses a way, so it is reused while the filters are.
 */
async function countCollectRange(db: Db, query: AdminDomainListQuery): Promise<number | null> {
  const range = collectRangeFilters(query);
  if (range.status === null && range.tlds.length === 0) return null;
  return cachedDomainQuery(db, `admin-range:${adminFilterKey(range)}`, () => countAdminDomainsByFilters(db, range), ADMIN_COUNT_TTL_MS);
}

/**
 * How many names the filters other than the search text leave: it only
 * chooses how a text's page is read (that page's total is counted exactly),
 * so paging through one filter set sums the counts once.
 */
function countOtherFilters(db: Db, query: AdminDomainListQuery): Promise<number> {
  const others = { ...query, filter: "" };
  return cachedDomainQuery(db, `admin-others:${adminFilterKey(others)}`, () => countAdminDomainsByFilters(db, others), ADMIN_COUNT_TTL_MS);
}

/** The page, read the way the exact number of matches makes cheapest. */
async function readCountedPage(
  db: Db,
  query: AdminDomainListQuery,
  where: SQL | undefined,
  counts: { matches: number; tableRows: number; collectScans?: number },
  options: ListOptions,
): Promise<AdminDomainRow[]> {
  const plan = chooseAdminListPlan({
    ...counts,
    page: query.page,
    pageSize: query.pageSize,
    // With search text the walk tests every name of the bounded range (the search-key index cannot
    // be read in order): the plan compares it with collecting through that index instead.
    sortBounded: sortIsBounded(query) && query.filter.trim() === "",
    indexOnly: sortWalkIsIndexOnly(query),
    force: options.strategy,
    walkBudget: options.walkBudget,
  });
  if (plan.kind === "empty") return [];
  if (plan.kind === "collect") return collectPage(db, query, where, plan.offset, plan.limit);
  return walkThenCollect(db, query, where, plan);
}

/**
 * The page while the number of matches is unknown (a search text's first
 * view). Page 1, and any page of an order whose walk reads only an index,
 * walks the sort order forward for a limited number of rows, which finds a
 * common term's page at once; its count (which reads every match) then
 * follows. Otherwise, a rarer term or a later page, the matches
 * are collected through the search-key index, counting them in the same
 * pass. `total` is null when it was not counted (or the page is past the end).
 */
async function readUncountedPage(
  db: Db,
  query: AdminDomainListQuery,
  where: SQL | undefined,
  options: ListOptions,
): Promise<{ rows: AdminDomainRow[]; total: number | null }> {
  const indexOnly = sortWalkIsIndexOnly(query);
  if (query.page === 1 || indexOnly) {
    // A later page first reads a sample of the walk: a term too rare to reach the page within the
    // budget is collected at once instead of after the whole budget was walked.
    const probe = query.page > 1 && options.walkBudget === undefined ? await probeWalk(db, query, UNCOUNTED_PROBE_ENTRIES) : undefined;
    const plan = chooseUncountedPlan({ page: query.page, pageSize: query.pageSize, indexOnly, walkBudget: options.walkBudget, probe });
    const walked = plan ? await walkPage(db, query, plan) : [];
    if (plan && walked.length === plan.limit) return { rows: walked, total: null };
  }
  return collectPageCounting(db, query, where);
}

/** Index entries the probe of a later page's walk reads (~4 ms index-only). */
const UNCOUNTED_PROBE_ENTRIES = 20_000;

/** How many of the first `entries` entries of the walk match. */
async function probeWalk(db: Db, query: AdminDomainListQuery, entries: number): Promise<WalkProbe> {
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

async function walkThenCollect(
  db: Db,
  query: AdminDomainListQuery,
  where: SQL | undefined,
  plan: Extract<AdminListPlan, { kind: "walk" }>,
) {
  const walked = await walkPage(db, query, plan);
  // Too few matches among the rows the walk may read: they lie further along the order.
  return walked.length === plan.limit ? walked : collectPage(db, query, where, plan.pageOffset, plan.limit);
}

const PENDING = Symbol("pending");

/** The promise's value if it has already settled (a cached count), else undefined; a rejection is thrown. */
async function settledValue<T>(promise: Promise<T>): Promise<T | undefined> {
  const value = await Promise.race([promise, Promise.resolve(PENDING)]);
  return value === PENDING ? undefined : (value as T);
}

/** One direction for every column, so a descending sort is the same index read backwards. */
function directionOf(query: AdminDomainListQuery, reversed = false) {
  return (query.sortDirection === "desc") !== reversed ? desc : asc;
}

/**
 * The page's names first, from the matches' sort keys alone (an index-only
 * scan of domains_admin_sort_idx unless there is search text), then their rows.
 */
async function collectPage(db: Db, query: AdminDomainListQuery, where: SQL | undefined, offset: number, limit: number) {
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
async function collectPageCounting(db: Db, query: AdminDomainListQuery, where: SQL | undefined) {
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
async function walkPage(db: Db, query: AdminDomainListQuery, plan: Extract<AdminListPlan, { kind: "walk" }>) {
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
async function seekPage(
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

/**
 * Below this many names matching the filters other than the search text,
 * reading them all and testing the text (~5 µs a name) is cheaper than the
 * search-key index's candidates for a term of 2–4 characters.
 */
const TEST_TEXT_ON_ROWS_BELOW = 10_000;

/** Any filter but the search text. */
function otherFiltersSet(query: AdminDomainListQuery): boolean {
  return query.status !== null || rangeOrKindFilterSet(query);
}

/** No filter, or only a status: the total the database keeps per status (migration 0010) is exact and costs nothing. */
function onlyStatusFilter(query: AdminDomainListQuery): boolean {
  return query.filter.trim() === "" && !rangeOrKindFilterSet(query);
}

/** A release date or length bound, a TLD or a character filter. */
function rangeOrKindFilterSet(query: AdminDomainListQuery): boolean {
  return (
    query.releaseFrom !== null ||
    query.releaseTo !== null ||
    query.lengthFrom !== null ||
    query.lengthTo !== null ||
    query.tlds.length > 0 ||
    nameCharClasses(query.characters).length < NAME_CHAR_CLASS_COUNT
  );
}

async function countMatches(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(domains).where(where);
  return Number(row?.total ?? 0);
}

/** The planner's row count for the table (kept by ANALYZE and autovacuum): only a cost estimate needs it. */
async function estimateTableRows(db: Db): Promise<number> {
  const [row] = await db
    .select({ rows: sql<number>`greatest(reltuples, 0)::float8` })
    .from(sql`pg_class`)
    .where(sql`oid = 'domains'::regclass`);
  return Number(row?.rows ?? 0);
}
