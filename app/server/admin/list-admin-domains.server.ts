import { and, count, type SQL, sql } from "drizzle-orm";
import type { AdminDomainList, AdminDomainRow } from "~/domain/backoffice-rows";
import { NAME_CHAR_VALUE_COUNT } from "~/domain/name-chars";
import type { AdminDomainListQuery } from "~/lib/admin-list-params";
import { cachedDomainQuery, hasCachedDomainQuery } from "~/server/cache/domain-cache.server";
import type { Db } from "~/server/db/client.server";
import { DOMAIN_STATUSES } from "~/server/db/schema/domains.server";
import { domains } from "~/server/db/schema/index.server";
import { countDomains } from "~/server/domains/totals.server";
import {
  adminDomainIndexWhere,
  adminDomainWhere,
  adminFilterKey,
  columnsWithoutSearchKeys,
  nameCharClasses,
} from "./admin-domain-filters.server";
import { readSortGroups, sortGroupKeys } from "./admin-list-groups.server";
import {
  type AdminListPlan,
  chooseAdminListPlan,
  chooseUncountedPlan,
  collectRangeFilters,
  type GroupReadPlan,
  sortIsBounded,
  sortWalkIsIndexOnly,
} from "./admin-list-plan.server";
import { countAdminDomainsByFilters } from "./count-admin-domains.server";
import { collectPage, collectPageCounting, probeWalk, seekPage, walkPage } from "./read-admin-page.server";

/**
 * How long one filter set's count with search text is reused: paging and
 * re-sorting a filter set, the common case, then never counts again. Any
 * change to domains in this process drops it at once (invalidateDomainCaches).
 */
export const ADMIN_COUNT_TTL_MS = 15_000;

/** A way of reading the list forced regardless of cost (listAdminDomainsForcedForTests); none forced: the cost-based choice. */
export type ForcedAdminRead = {
  /** Collect or walk (then the count is always waited for). */
  strategy?: "collect" | "walk";
  /** The walk's row budget (tiny: the walk runs out and the page is collected). */
  walkBudget?: number;
  /**
   * A search text's page read as on its first view, whether or not its count is known
   * (and through the search-key index, however few names the other filters leave).
   */
  uncounted?: boolean;
  /** How a page found through its groups is read within each group (seekPage). */
  groupRead?: GroupReadPlan["kind"];
};

/**
 * The Domains tab's list (docs/product.md, "Lists and their order"): one page of domains matching every filter, and how
 * many match. When the count is known it decides how the page is read
 * (admin-list-plan.server.ts); a search text's first count is not waited
 * for.
 */
export function listAdminDomains(db: Db, query: AdminDomainListQuery): Promise<AdminDomainList> {
  return readAdminDomainList(db, query, {});
}

/**
 * Test seam: the list read a way forced regardless of cost, so that every way
 * can be checked to give the same page and total. Production reads through
 * listAdminDomains, which forces nothing.
 */
export function listAdminDomainsForcedForTests(db: Db, query: AdminDomainListQuery, forced: ForcedAdminRead): Promise<AdminDomainList> {
  return readAdminDomainList(db, query, forced);
}

async function readAdminDomainList(db: Db, query: AdminDomainListQuery, options: ForcedAdminRead): Promise<AdminDomainList> {
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
    const counts = { matches: totalCount, tableRows: rows, collectScans: collectScans === null ? rows : collectScans };
    return { domains: await readCountedPage(db, query, adminDomainIndexWhere(query), counts, options), totalCount };
  }

  // Other filters that leave few names: the text is tested on those names alone, one pass for
  // the page and its total. Through the search-key index a common term would first gather every
  // name holding it (most of the demo data for "xn--").
  const forced = options.strategy !== undefined || options.uncounted === true;
  if (!forced && otherFiltersSet(query) && (await countForChoosing(db, query)) < TEST_TEXT_ON_ROWS_BELOW) {
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
  const page = await readUncountedPage(db, query, where, tableRows, options);
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
 * (collectRangeFilters): null for all of them, undefined when they are the
 * matches themselves (no other filter to test on the way).
 */
function countCollectRange(db: Db, query: AdminDomainListQuery): Promise<number | null | undefined> {
  const range = collectRangeFilters(query);
  if (range.status === null && range.tlds.length === 0) return Promise.resolve(null);
  if (adminFilterKey(range) === adminFilterKey(query)) return Promise.resolve(undefined);
  return countForChoosing(db, range);
}

/**
 * How many names the filters other than the search text leave, when it only
 * chooses how a page is read (a page's total is always counted exactly): so
 * paging through one filter set sums the counts once.
 */
function countForChoosing(db: Db, query: AdminDomainListQuery): Promise<number> {
  const filters = { ...query, filter: "" };
  return cachedDomainQuery(
    db,
    `admin-choosing:${adminFilterKey(filters)}`,
    () => countAdminDomainsByFilters(db, filters),
    ADMIN_COUNT_TTL_MS,
  );
}

/** The page, read the way the exact number of matches makes cheapest. */
async function readCountedPage(
  db: Db,
  query: AdminDomainListQuery,
  where: SQL | undefined,
  counts: { matches: number; tableRows: number; collectScans?: number },
  options: ForcedAdminRead,
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
  tableRows: Promise<number>,
  options: ForcedAdminRead,
): Promise<{ rows: AdminDomainRow[]; total: number | null }> {
  const indexOnly = sortWalkIsIndexOnly(query);
  if (query.page === 1 || indexOnly) {
    // A later page first reads a sample of the walk: a term too rare to reach the page within the
    // budget, or rare enough that collecting costs less than the walk, is collected at once.
    const probe = query.page > 1 && options.walkBudget === undefined ? await probeWalk(db, query, UNCOUNTED_PROBE_ENTRIES) : undefined;
    const collectMatches =
      probe && probe.read > 0 && !otherFiltersSet(query) ? Math.round((probe.matches / probe.read) * (await tableRows)) : undefined;
    const plan = chooseUncountedPlan({
      page: query.page,
      pageSize: query.pageSize,
      indexOnly,
      walkBudget: options.walkBudget,
      probe,
      collectMatches,
    });
    const walked = plan ? await walkPage(db, query, plan) : [];
    if (plan && walked.length === plan.limit) return { rows: walked, total: null };
  }
  return collectPageCounting(db, query, where);
}

/** Index entries the probe of a later page's walk reads (~4 ms index-only). */
const UNCOUNTED_PROBE_ENTRIES = 20_000;

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
    nameCharClasses(query.characters).length < NAME_CHAR_VALUE_COUNT
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
