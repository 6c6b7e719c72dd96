import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "~/server/db/client.server";
import * as schema from "~/server/db/schema/index.server";
import type { DomainPage } from "~/server/domains/domain-card-data.server";
import {
  countAvailable,
  countFeatured,
  countSoonAvailable,
  findAvailable,
  findFeatured,
  findPremium,
  findRandomAvailable,
  findSoonAvailable,
} from "~/server/domains/lists.server";
import { findDomainByNameExact } from "~/server/domains/detail.server";
import { countSearchMatches, searchDomains, searchSoonAvailable } from "~/server/domains/search.server";
import { SOON_SORTS, TABLE_PAGE_SIZE } from "~/lib/listing-params";

/**
 * A query as a page runs it. `families`: a list page whose cards carry their siblings' and twins' flags
 * (decision 0089), which `run` reads unless given false: bench:search --zone times it both ways.
 */
export type BenchCase = { name: string; run: (db: Db, families?: boolean) => Promise<unknown>; families?: true };

type ReadPage<Sort> = (db: Db, after: string | null, sort: Sort, families?: boolean) => Promise<DomainPage>;

/**
 * "Visa fler" deep into a list: page N read after the cursor page N-1 ended
 * with (keyset paging), for each sort. The cursor is found once by reading
 * the pages before it through an unrecorded database on the same pool, so
 * the printed plans are the measured page's only. A list shorter than N
 * pages measures its last page.
 */
function deepPageCases<Sort extends string>(list: string, read: ReadPage<Sort>, sorts: readonly Sort[], pages: number[]): BenchCase[] {
  return sorts.flatMap((sort) =>
    pages.map((page) => {
      let cursor: Promise<string | null> | undefined;
      return {
        name: `${list} p${page} ${sort} (cursor)`,
        run: async (db: Db, families?: boolean) => {
          cursor ??= cursorBeforePage(db, (quiet, after) => read(quiet, after, sort), page);
          return read(db, await cursor, sort, families);
        },
        families: true as const,
      };
    }),
  );
}

async function cursorBeforePage(db: Db, read: (db: Db, after: string | null) => Promise<DomainPage>, page: number): Promise<string | null> {
  const quiet = drizzle({ client: (db as unknown as { $client: pg.Pool }).$client, schema }) as unknown as Db;
  let after: string | null = null;
  for (let current = 1; current < page; current++) {
    const next: string | null = (await read(quiet, after)).nextCursor;
    if (next === null) break;
    after = next;
  }
  return after;
}

/** Search terms: common words of the demo set, a Unicode fragment, a 2-letter term, an ACE fragment, no match. */
export const SEARCH_TERMS = ["hund", "räk", "stockholm", "kaffe", "ab", "xn--", "qzx"];

/** Every query a public page runs, as the pages call them. */
export const SEARCH_BENCH_CASES: BenchCase[] = [
  // The home page's cards show no siblings' or twins' marks.
  { name: "home: featured 8", run: (db) => findFeatured(db, { pageSize: 8, families: false }) },
  { name: "home: premium 8", run: (db) => findPremium(db, { pageSize: 8, families: false }) },
  { name: "home: random available 8", run: (db) => findRandomAvailable(db) },
  { name: "home: soon-available 8", run: (db) => findSoonAvailable(db, { pageSize: 8, families: false }) },
  { name: "featured p1 relevance", run: (db, families) => findFeatured(db, { families }), families: true },
  { name: "featured p1 name-asc", run: (db, families) => findFeatured(db, { sort: "name-asc", families }), families: true },
  { name: "featured p1 name-desc", run: (db, families) => findFeatured(db, { sort: "name-desc", families }), families: true },
  ...deepPageCases(
    "featured",
    (db, after, sort, families) => findFeatured(db, { after, sort, families }),
    ["relevance", "name-asc"] as const,
    [10, 500],
  ),
  { name: "featured count", run: (db) => countFeatured(db) },
  { name: "available p1 relevance", run: (db, families) => findAvailable(db, { families }), families: true },
  { name: "available p1 name-asc", run: (db, families) => findAvailable(db, { sort: "name-asc", families }), families: true },
  { name: "available p1 score-desc", run: (db, families) => findAvailable(db, { sort: "score-desc", families }), families: true },
  ...deepPageCases(
    "available",
    (db, after, sort, families) => findAvailable(db, { after, sort, families }),
    ["relevance", "name-asc"] as const,
    [10, 500],
  ),
  { name: "available count", run: (db) => countAvailable(db) },
  ...SOON_SORTS.map((sort) => ({
    name: `soon p1 ${sort}`,
    run: (db: Db, families?: boolean) => findSoonAvailable(db, { sort, families }),
    families: true as const,
  })),
  {
    name: "soon p1 table (500 rows)",
    run: (db, families) => findSoonAvailable(db, { pageSize: TABLE_PAGE_SIZE, families }),
    families: true,
  },
  { name: "soon p1 without featured", run: (db, families) => findSoonAvailable(db, { includeFeatured: false, families }), families: true },
  ...deepPageCases(
    "soon",
    (db, after, sort, families) => findSoonAvailable(db, { after, sort, families }),
    ["date-asc"] as const,
    [10, 100],
  ),
  ...deepPageCases("soon", (db, after, sort, families) => findSoonAvailable(db, { after, sort, families }), SOON_SORTS, [500]),
  ...deepPageCases(
    "soon w/o featured",
    (db, after, sort, families) => findSoonAvailable(db, { after, sort, includeFeatured: false, families }),
    ["date-asc"] as const,
    [500],
  ),
  { name: "soon count", run: (db) => countSoonAvailable(db) },
  { name: "soon count w/o featured", run: (db) => countSoonAvailable(db, { includeFeatured: false }) },
  { name: "premium p1", run: (db, families) => findPremium(db, { families }), families: true },
  ...deepPageCases("premium", (db, after, _sort, families) => findPremium(db, { after, families }), ["score-desc"] as const, [200]),
  { name: "exact name", run: (db) => findDomainByNameExact(db, "xn--rksmrgs-5wao1o.se") },
  ...SEARCH_TERMS.map((term) => ({ name: `search "${term}"`, run: (db: Db) => searchDomains(db, { term }) })),
  { name: 'search "hund" name-asc', run: (db) => searchDomains(db, { term: "hund", sort: "name-asc" }) },
  // "se" is held by every .se name's TLD: the search matches labels only (decision 0020).
  { name: 'search "se"', run: (db) => searchDomains(db, { term: "se" }) },
  // What /search asks when it shows 50: the matches counted up to 1,000.
  ...["hund", "ab", "stockholm"].map((term) => ({ name: `search count "${term}"`, run: (db: Db) => countSearchMatches(db, { term }) })),
  ...["hund", "räk", "ab", "se"].map((term) => ({
    name: `soon search "${term}"`,
    run: (db: Db) => searchSoonAvailable(db, { term }),
  })),
];
