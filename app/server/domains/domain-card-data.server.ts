import { or, type SQL, sql } from "drizzle-orm";
import { LIST_PAGE_SIZE } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import type { DomainCardData } from "~/domain/domain-card";
import type { DomainStatus } from "~/domain/labels";
import type { Tld } from "~/domain/names";
import { domains } from "~/server/db/schema/index.server";
import { decodeListCursor, encodeListCursor } from "~/lib/list-cursor";
import { conditionsAfter, type ListOrder, orderBySql } from "./order.server";

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

/**
 * The same columns read back from a subquery named like the table, which
 * keeps their names (Drizzle refuses table columns there). Both drivers hand
 * dates over as YYYY-MM-DD strings in Drizzle queries.
 */
export const subqueryCardColumns = {
  name: sql<string>`name`,
  unicodeName: sql<string>`unicode_name`,
  tld: sql<Tld>`tld`,
  status: sql<DomainStatus>`status`,
  isFeatured: sql<boolean>`is_featured`,
  score: sql<number>`score`,
  length: sql<number>`length`,
  price: sql<number | null>`price`,
  releaseDate: sql<string | null>`release_date`,
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

export type DomainPage = {
  domains: DomainCardData[];
  /** Where the next page starts (?after=); null on the last page. */
  nextCursor: string | null;
};

export type PageOptions = {
  /** A cursor from an earlier page's `nextCursor`; anything else reads the first page. */
  after?: string | null;
  pageSize?: number;
  /**
   * Read every match and sort them, instead of walking the order's index:
   * for a filtered view known to hold few names (FILTERED_COLLECT_LIMIT), which
   * a walk would look for through the whole list.
   */
  collect?: boolean;
};

/**
 * One page of cards in the given order. Later pages start after the cursor
 * (keyset paging), so page 500 reads as few index entries as page 1. It
 * reads one row more than a page: that row's presence says there is a next
 * page, so the last page already says "no more".
 */
export async function selectCardPage(db: Db, where: SQL, order: ListOrder, options: PageOptions = {}): Promise<DomainPage> {
  const pageSize = options.pageSize ?? LIST_PAGE_SIZE;
  const cursor = decodeListCursor(options.after);
  const after = cursor && conditionsAfter(order, cursor);
  const rows = options.collect
    ? await selectCollected(db, after ? sql`(${where}) and (${or(...after)})` : where, order, pageSize + 1)
    : after
      ? await selectAfter(db, where, order, after, pageSize + 1)
      : await selectRange(db, where, order, pageSize + 1);
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  return {
    domains: shown.map(toDomainCardData),
    nextCursor: rows.length > pageSize && last ? encodeListCursor({ value: last.cursorValue, name: last.name }) : null,
  };
}

/** The card columns, the order's key (for sorting the union below) and the row's cursor value. */
function pageFields(order: ListOrder) {
  return {
    ...domainCardColumns,
    sortKey: sql`${order.key}`.as("sort_key"),
    cursorValue: sql<string | null>`${order.cursor.write}`.as("cursor_value"),
  };
}

function selectRange(db: Db, where: SQL, order: ListOrder, limit: number) {
  return db
    .select(pageFields(order))
    .from(domains)
    .where(where)
    .orderBy(...orderBySql(order))
    .limit(limit);
}

/**
 * Every match, then the first `limit` of them in order. OFFSET 0 keeps
 * PostgreSQL from merging the two: the matches are found through whichever
 * index suits the filters, not by walking the order's index.
 */
function selectCollected(db: Db, where: SQL, order: ListOrder, limit: number) {
  const matches = db.select(pageFields(order)).from(domains).where(where);
  // Written out: Drizzle leaves an `.offset(0)` out of the statement.
  return db
    .select({ ...subqueryCardColumns, cursorValue: sql<string | null>`cursor_value` })
    .from(sql`(${matches} offset 0) as ${domains}`)
    .orderBy(...orderBySql(order, sql`sort_key`))
    .limit(limit);
}

/**
 * The first `limit` rows after a cursor: each of its conditions reads one
 * index range (at most `limit` rows), and the union of those few rows is put
 * in order. The union is named like the table so the order applies to it.
 */
function selectAfter(db: Db, where: SQL, order: ListOrder, conditions: SQL[], limit: number) {
  const ranges = conditions.map((condition) => sql`(${selectRange(db, sql`(${where}) and (${condition})`, order, limit)})`);
  return db
    .select({ ...subqueryCardColumns, cursorValue: sql<string | null>`cursor_value` })
    .from(sql`(${sql.join(ranges, sql` union all `)}) as ${domains}`)
    .orderBy(...orderBySql(order, sql`sort_key`))
    .limit(limit);
}
