import type { Db } from "../../app/server/db/client.server";
import { countAvailable, findAvailable } from "../../app/server/domains/find-available.server";
import { findDomainByNameExact } from "../../app/server/domains/find-domain-by-name-exact.server";
import { countFeatured, findFeatured } from "../../app/server/domains/find-featured.server";
import { findPremium } from "../../app/server/domains/find-premium.server";
import { findRandomAvailable } from "../../app/server/domains/find-random-available.server";
import { countSoonAvailable, findSoonAvailable } from "../../app/server/domains/find-soon-available.server";
import { searchDomains } from "../../app/server/domains/search-domains.server";
import { searchSoonAvailable } from "../../app/server/domains/search-soon-available.server";
import { SOON_SORTS } from "../../app/lib/listing-params";

export type BenchCase = { name: string; run: (db: Db) => Promise<unknown> };

/** Search terms: common words of the demo set, a Unicode fragment, a 2-letter term, an ACE fragment, no match. */
export const SEARCH_TERMS = ["hund", "räk", "stockholm", "kaffe", "ab", "xn--", "qzx"];

/** Every query a public page runs, as the pages call them. */
export const SEARCH_BENCH_CASES: BenchCase[] = [
  { name: "home: featured 8", run: (db) => findFeatured(db, { pageSize: 8 }) },
  { name: "home: premium 8", run: (db) => findPremium(db, { pageSize: 8 }) },
  { name: "home: random available 8", run: (db) => findRandomAvailable(db) },
  { name: "home: soon-available 8", run: (db) => findSoonAvailable(db, { pageSize: 8 }) },
  { name: "featured p1 relevance", run: (db) => findFeatured(db) },
  { name: "featured p1 name-asc", run: (db) => findFeatured(db, { sort: "name-asc" }) },
  { name: "featured p1 name-desc", run: (db) => findFeatured(db, { sort: "name-desc" }) },
  { name: "featured p10", run: (db) => findFeatured(db, { page: 10 }) },
  { name: "featured count (cached 15 s)", run: (db) => countFeatured(db) },
  { name: "available p1 relevance", run: (db) => findAvailable(db) },
  { name: "available p1 name-asc", run: (db) => findAvailable(db, { sort: "name-asc" }) },
  { name: "available p1 score-desc", run: (db) => findAvailable(db, { sort: "score-desc" }) },
  { name: "available p10", run: (db) => findAvailable(db, { page: 10 }) },
  { name: "available count (cached 15 s)", run: (db) => countAvailable(db) },
  ...SOON_SORTS.map((sort) => ({ name: `soon p1 ${sort}`, run: (db: Db) => findSoonAvailable(db, { sort }) })),
  { name: "soon p1 without featured", run: (db) => findSoonAvailable(db, { includeFeatured: false }) },
  { name: "soon p10 date-asc", run: (db) => findSoonAvailable(db, { page: 10 }) },
  { name: "soon p100 date-asc", run: (db) => findSoonAvailable(db, { page: 100 }) },
  { name: "soon count (cached 15 s)", run: (db) => countSoonAvailable(db) },
  { name: "soon count w/o featured (cached)", run: (db) => countSoonAvailable(db, { includeFeatured: false }) },
  { name: "premium p1", run: (db) => findPremium(db) },
  { name: "exact name", run: (db) => findDomainByNameExact(db, "xn--rksmrgs-5wao1o.se") },
  ...SEARCH_TERMS.map((term) => ({ name: `search "${term}"`, run: (db: Db) => searchDomains(db, { term }) })),
  { name: 'search "hund" name-asc', run: (db) => searchDomains(db, { term: "hund", sort: "name-asc" }) },
  ...["hund", "räk", "ab"].map((term) => ({
    name: `soon search "${term}"`,
    run: (db: Db) => searchSoonAvailable(db, { term }),
  })),
];
