import { sql, type SQL } from "drizzle-orm";
import { LIST_PAGE_SIZE } from "~/lib/listing-params";
import type { Db } from "../db/client.server";
import type { DomainCardData } from "~/components/domain-card";
import { domains } from "../db/schema/index.server";

/** The columns a domain card needs: select exactly these for every list, never whole rows. */
export const domainCardColumns = {
  name: domains.name,
  unicodeName: domains.unicodeName,
  tld: domains.tld,
  status: domains.status,
  isFeatured: domains.isFeatured,
  score: domains.score,
  length: domains.length,
  price: domains.price,
  releaseDate: domains.releaseDate,
};

type CardRow = Pick<typeof domains.$inferSelect, keyof DomainCardData>;

/** A Drizzle row (or any row with these fields) to the plain, serialisable card data. */
export function toDomainCardData(row: CardRow): DomainCardData {
  return {
    name: row.name,
    unicodeName: row.unicodeName,
    tld: row.tld,
    status: row.status,
    isFeatured: row.isFeatured,
    score: row.score,
    length: row.length,
    price: row.price,
    releaseDate: row.releaseDate,
  };
}

export type DomainPage = { domains: DomainCardData[]; hasMore: boolean };

export type PageOptions = { page?: number; pageSize?: number };

/**
 * One page of cards in the given order. It reads one row more than a page:
 * that row's presence is `hasMore`, so the last page already says "no more".
 */
export async function selectCardPage(db: Db, where: SQL, order: SQL[], options: PageOptions = {}): Promise<DomainPage> {
  const pageSize = options.pageSize ?? LIST_PAGE_SIZE;
  const rows = await db
    .select(domainCardColumns)
    .from(domains)
    .where(where)
    .orderBy(...order)
    .limit(pageSize + 1)
    .offset(((options.page ?? 1) - 1) * pageSize);
  return { domains: rows.slice(0, pageSize).map(toDomainCardData), hasMore: rows.length > pageSize };
}

/**
 * Names sort on the display form byte-wise (collation "C"): the same order on
 * PGlite and every PostgreSQL install, and the collation the name indexes are
 * built with, so the sort reads an index instead of sorting the table. The
 * ACE name breaks ties so paging is stable.
 */
export function nameOrder(direction: "asc" | "desc"): SQL[] {
  return direction === "asc"
    ? [sql`${domains.unicodeName} collate "C" asc`, sql`${domains.name} asc`]
    : [sql`${domains.unicodeName} collate "C" desc`, sql`${domains.name} desc`];
}

/**
 * Score high first, name as the tie-break (index domains_status_score_name_idx).
 * "nulls last" is spelled out because Drizzle builds `.desc()` indexes as
 * DESC NULLS LAST while a bare DESC means NULLS FIRST: without it the planner
 * cannot read the index in order, even though score is never null.
 */
export function scoreDescOrder(): SQL[] {
  return [sql`${domains.score} desc nulls last`, sql`${domains.name} asc`];
}
