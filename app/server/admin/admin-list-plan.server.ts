/**
 * How the backoffice list reads one page, chosen from the exact number of
 * matches (counted first, and cached) instead of the planner's estimate,
 * which multiplies filter selectivities as if they were independent and then
 * walks a sort index for seconds looking for rows that are not there, or
 * sorts half a million rows for a page of 30.
 *
 * - "collect": gather the sort keys of every match from
 *   domains_admin_sort_idx (migration 0011: all filter and sort columns, so
 *   no table rows are read), sort them, take the page's 30 names, then read
 *   those rows. Costs about one index entry per match.
 * - "walk": read the sort column's index in order, testing each row, until
 *   the page is full. Costs about (rows before the page) × (rows / matches)
 *   steps, so it wins for broad filters and early pages; most orders' indexes
 *   hold every filter column, so their steps read no table rows. When a filter bounds
 *   the sort index (a status for the status, release-date and score orders,
 *   a date range for release dates, a length range for length, a TLD for the
 *   TLD order) the walk only visits that range, so it is taken whatever the
 *   estimate says. A page past the middle is read from the other end in the
 *   opposite direction, so the last page costs what the first does.
 */
import { NO_ADMIN_FILTERS, type AdminDomainListQuery } from "~/lib/admin-list-params";

export type AdminListPlan =
  | { kind: "empty" }
  | { kind: "collect"; offset: number; limit: number }
  | {
      kind: "walk";
      reversed: boolean;
      offset: number;
      limit: number;
      /**
       * At most this many rows of the sort index are read (null: no limit, the
       * walk is bounded by a filter). When they hold too few matches, because
       * the matches cluster at the far end of the order (names with digits
       * among the shortest, say), the page is collected instead.
       */
      budget: number | null;
      /** The page's offset in the requested order, for that fallback. */
      pageOffset: number;
    };

/** Below this many index entries read collecting is cheap whatever the page. */
const ALWAYS_COLLECT_BELOW = 2000;
/**
 * A collect step reads the next entry of domains_admin_sort_idx, which holds
 * every filter and sort column (index-only). A walk step along an order whose
 * index also holds every filter column (migration 0015: release date, status,
 * score, length) costs about the same; along the name and TLD orders it reads
 * a table row at random, so that walk must be this many times shorter.
 */
const WALK_STEP_COST = { indexOnly: 1, tableRows: 4 };
/**
 * How many rows an unbounded walk may read before it gives up: 10× what it
 * expects, at least 2,000, and up to a quarter of the entries the collect
 * would read instead, at most 50,000 table rows or 300,000 index entries (~60 ms on two
 * cores), since collecting those costs far more. Orders do cluster: names
 * sort digits first, so the first 2,000 names by release date (then name)
 * have no letters at all, and ACE names ("xn--") come last within each date.
 */
const WALK_BUDGET_FACTOR = 10;
const MIN_WALK_BUDGET = 2000;
const MAX_BROAD_WALK_BUDGET = { indexOnly: 300_000, tableRows: 50_000 };

type WalkKind = keyof typeof WALK_STEP_COST;

/** `force` picks the way regardless of cost (tests compare both). */
export function chooseAdminListPlan(options: {
  matches: number;
  tableRows: number;
  page: number;
  pageSize: number;
  /** A filter limits the sort index to a range (see above). */
  sortBounded?: boolean;
  /** The sort's index holds every filter column (sortWalkIsIndexOnly). */
  indexOnly?: boolean;
  force?: "collect" | "walk";
  /** Overrides the walk budget (tests make it tiny to exercise the fallback). */
  walkBudget?: number;
  /**
   * Index entries a collect reads (the range collectRangeFilters allows,
   * every match included), when known; else the matches alone.
   */
  collectScans?: number;
}): AdminListPlan {
  const { matches, pageSize, force } = options;
  const walk: WalkKind = options.indexOnly ? "indexOnly" : "tableRows";
  const offset = (options.page - 1) * pageSize;
  if (offset >= matches) return { kind: "empty" };
  const limit = Math.min(pageSize, matches - offset);
  const fromEnd = matches - offset - limit;
  const reversed = fromEnd < offset;
  const skipped = reversed ? fromEnd : offset;
  const rowsPerMatch = Math.max(1, options.tableRows / matches);
  const walkSteps = (skipped + limit) * rowsPerMatch;
  const collectScans = Math.max(matches, options.collectScans ?? matches);
  const collect = force
    ? force === "collect"
    : collectScans < ALWAYS_COLLECT_BELOW || (!options.sortBounded && walkSteps * WALK_STEP_COST[walk] > collectScans);
  if (collect) return { kind: "collect", offset, limit };
  const budget = options.walkBudget ?? (options.sortBounded ? null : walkBudget(walkSteps, collectScans, walk));
  return { kind: "walk", reversed, offset: skipped, limit, budget, pageOffset: offset };
}

/**
 * Rows an uncounted walk may read for each row of the page: page 1 of a term
 * in one name of 300 (of 3,000 along an index-only order) is found; when it
 * fails, the term is rare and cheap to collect.
 */
const UNCOUNTED_WALK_ROWS_PER_PAGE_ROW = { indexOnly: 3000, tableRows: 300 };

/**
 * The plan while the number of matches is not known yet (a search text's
 * first view; its count follows): walk the sort order forward for a bounded
 * number of rows, then collect. Never backwards and never "empty": both need
 * the count. With a `probe` (how many of the walk's first entries matched)
 * the walk is sized to about twice what the page needs at that density, and
 * skipped (null: collect) when even the largest budget would not reach it.
 */
export function chooseUncountedPlan(options: {
  page: number;
  pageSize: number;
  indexOnly?: boolean;
  walkBudget?: number;
  probe?: WalkProbe;
  /**
   * How many names a collect would read (the probe's density over the whole
   * table), when the search text is the only filter: then that is every name
   * the search-key index yields.
   */
  collectMatches?: number;
}): Extract<AdminListPlan, { kind: "walk" }> | null {
  const { probe } = options;
  const walk: WalkKind = options.indexOnly ? "indexOnly" : "tableRows";
  const offset = (options.page - 1) * options.pageSize;
  const needed = offset + options.pageSize;
  let budget =
    options.walkBudget ?? Math.min(MAX_BROAD_WALK_BUDGET[walk], Math.max(MIN_WALK_BUDGET, needed * UNCOUNTED_WALK_ROWS_PER_PAGE_ROW[walk]));
  if (options.walkBudget === undefined && probe) {
    // A probe that read the whole range knows: the page is there or nowhere.
    if (probe.matches === 0 || (probe.wholeRange && probe.matches < needed)) return null;
    const expected = Math.ceil((needed * probe.read) / probe.matches);
    if (expected > budget) return null;
    // At even cost the collect wins: it counts the matches in the same pass, so no count follows.
    if (options.collectMatches !== undefined && options.collectMatches * COLLECTED_MATCH_COST <= expected) return null;
    budget = Math.min(budget, Math.max(MIN_WALK_BUDGET, 2 * expected));
  }
  return { kind: "walk", reversed: false, offset, limit: options.pageSize, budget, pageOffset: offset };
}

/**
 * A match collected through the search-key index (its pairs looked up, its
 * row read and its name tested) costs about as much as this many entries of
 * an index-only walk (measured at a million names: ~5–6 µs against ~0.25 µs).
 */
const COLLECTED_MATCH_COST = 20;

/** How many of a walk's first `read` entries match; `wholeRange`: there were no more. */
export type WalkProbe = { read: number; matches: number; wholeRange: boolean };

function walkBudget(walkSteps: number, collectScans: number, walk: WalkKind): number {
  return Math.max(
    MIN_WALK_BUDGET,
    Math.ceil(walkSteps * WALK_BUDGET_FACTOR),
    Math.min(Math.floor(collectScans / 4), MAX_BROAD_WALK_BUDGET[walk]),
  );
}

/**
 * Whether walking the query's sort order reads only an index: the release
 * date, status, score and length orders' indexes hold every filter column
 * (migration 0015); the name order walks the primary key and the TLD order
 * domains_admin_sort_idx, which lack the name forms, so each step reads a row.
 */
export function sortWalkIsIndexOnly(query: Pick<AdminDomainListQuery, "sortField">): boolean {
  return query.sortField !== "name" && query.sortField !== "tld";
}

/** Whether a filter of `query` bounds the index its sort walks (the walk then reads only that range). */
export function sortIsBounded(query: AdminDomainListQuery): boolean {
  const status = query.status !== null;
  const dates = query.releaseFrom !== null || query.releaseTo !== null;
  switch (query.sortField) {
    case "release_date":
      return status || dates;
    case "status":
      return status;
    // (status, score desc, name) has names ascending under each score: neither direction of the score order.
    case "score":
      return false;
    case "length":
      return query.lengthFrom !== null || query.lengthTo !== null;
    case "tld":
      return query.tlds.length === 1;
    case "name":
      return false;
  }
}

/**
 * Only the filters of `query` that bound the index its sort walks (those
 * sortIsBounded names): a walk limited by its row budget starts inside that
 * range instead of spending the budget on rows before it.
 */
export function sortBoundFilters(query: AdminDomainListQuery): AdminDomainListQuery {
  const none = withoutFilters(query);
  switch (query.sortField) {
    case "release_date":
      return { ...none, status: query.status, releaseFrom: query.releaseFrom, releaseTo: query.releaseTo };
    case "status":
      return { ...none, status: query.status };
    case "length":
      return { ...none, lengthFrom: query.lengthFrom, lengthTo: query.lengthTo };
    case "tld":
      return query.tlds.length === 1 ? { ...none, tlds: query.tlds } : none;
    case "score":
    case "name":
      return none;
  }
}

/** How one group's share of a page is read when the page was found by its group (admin-list-groups.server.ts). */
export type GroupReadPlan = { kind: "walk" | "collect"; reversed: boolean; offset: number; limit: number };

/**
 * Within one group every way is bounded by the group: a walk reads its
 * rows in order from the nearer end, about (matches skipped + taken) ×
 * `rowsPerMatch` steps (the table's: how a group's own names divide is not
 * counted, and a wrong guess costs at most one group); a collect reads the
 * group's matches and sorts them. `walkOnly`: no index reaches a group's
 * matches directly (a length group), so walk. `force` picks the way (tests).
 */
export function chooseGroupRead(
  span: { matches: number; skip: number; take: number },
  rowsPerMatch: number,
  walkOnly: boolean,
  force?: GroupReadPlan["kind"],
): GroupReadPlan {
  const fromEnd = span.matches - span.skip - span.take;
  const reversed = fromEnd < span.skip;
  const skipped = reversed ? fromEnd : span.skip;
  const walkSteps = (skipped + span.take) * Math.max(1, rowsPerMatch);
  const walk = force ? force === "walk" : walkOnly || walkSteps <= span.matches;
  if (walk) return { kind: "walk", reversed, offset: skipped, limit: span.take };
  return { kind: "collect", reversed: false, offset: span.skip, limit: span.take };
}

/**
 * Only the filters of `query` that bound the range of domains_admin_sort_idx
 * (TLD, status, release date, ...) a collect reads: the TLD, then the status,
 * then, with a status, the release dates. Length and character filters are
 * tested on every entry of that range.
 */
export function collectRangeFilters(query: AdminDomainListQuery): AdminDomainListQuery {
  const dates = query.status === null ? {} : { releaseFrom: query.releaseFrom, releaseTo: query.releaseTo };
  return { ...withoutFilters(query), tlds: query.tlds, status: query.status, ...dates };
}

function withoutFilters(query: AdminDomainListQuery): AdminDomainListQuery {
  return { ...query, ...NO_ADMIN_FILTERS };
}
