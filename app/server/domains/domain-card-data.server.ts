import { or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { LIST_PAGE_SIZE } from "~/lib/listing-params";
import type { Db } from "~/server/db/client.server";
import type { DomainCardData } from "~/domain/domain-card";
import type { DomainStatus } from "~/domain/labels";
import type { Tld } from "~/domain/names";
import { domains } from "~/server/db/schema/index.server";
import { decodeListCursor, encodeListCursor } from "~/lib/list-cursor";
import { conditionsAfter, type ListOrder, orderBySql, swedishNameKey } from "./order.server";

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
  catchRisk: domains.catchRisk,
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
  catchRisk: sql<number | null>`catch_risk`,
};

/**
 * A list's cards (decision 0089): the card's columns and the name's family flags, stored on its row
 * (decision 0087), so that the page's own query reads its cards' marks. The home page, the bookmarks
 * and the domain page select domainCardColumns alone: their cards show no mark.
 */
export const listedCardColumns = {
  ...domainCardColumns,
  siblingRegistered: domains.siblingRegistered,
  twinRegistered: domains.twinRegistered,
};

/** listedCardColumns read back from a subquery named like the table (see subqueryCardColumns). */
export const subqueryListedCardColumns = {
  ...subqueryCardColumns,
  siblingRegistered: sql<boolean | null>`sibling_registered`,
  twinRegistered: sql<boolean | null>`twin_registered`,
};

type CardRow = Pick<typeof domains.$inferSelect, Exclude<keyof DomainCardData, "family" | "catchRiskBasis">> &
  Partial<Pick<typeof domains.$inferSelect, "siblingRegistered" | "twinRegistered">>;

/** A Drizzle row (or any row with these fields) to the plain, serialisable card data; with its family when the row has the flags. */
export function toDomainCardData(row: CardRow): DomainCardData {
  const family =
    row.siblingRegistered !== undefined && row.twinRegistered !== undefined
      ? { family: { siblingRegistered: row.siblingRegistered, twinRegistered: row.twinRegistered } }
      : {};
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
    catchRisk: row.catchRisk,
    ...family,
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
  /**
   * The cards' family flags (listedCardColumns), read with the page: on unless false. Off for the
   * home page's sections, whose cards show no mark, and for the benchmark's list alone.
   */
  families?: boolean;
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
  const conditions = cursor && conditionsAfter(order, cursor);
  const columns = options.families === false ? domainCardColumns : listedCardColumns;
  const rows = await selectInOrder(db, columns, { where, order, conditions, limit: pageSize + 1, collect: options.collect });
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  return {
    domains: shown.map(toDomainCardData),
    nextCursor: rows.length > pageSize && last ? encodeListCursor({ value: last.cursorValue, name: last.name }) : null,
  };
}

type Columns = Record<string, PgColumn>;

/** A row of `columns` as the driver maps them, with its Swedish name key and cursor value. */
export type OrderedRow<T extends Columns> = {
  [K in keyof T]: T[K]["_"]["notNull"] extends true ? T[K]["_"]["data"] : T[K]["_"]["data"] | null;
} & { nameKey: string; cursorValue: string | null };

/**
 * The rows of a list view in its order, `limit` of them: the first ones, those after a cursor (its
 * `conditions`, conditionsAfter) or, with `collect`, every match sorted. Each row has `columns` (table
 * columns, read back under their names), its cursor value and its Swedish name key (`nameKey`, what
 * the next cursor's ties start after). After a cursor the ranges are read in one statement and their
 * union sorted: a page is one round trip.
 */
export function selectInOrder<T extends Columns>(
  db: Db,
  columns: T,
  query: { where: SQL; order: ListOrder; conditions: SQL[] | null; limit: number; collect?: boolean },
): Promise<OrderedRow<T>[]> {
  const { where, order, conditions, limit } = query;
  const rows = query.collect
    ? selectCollected(db, columns, conditions ? sql`(${where}) and (${or(...conditions)})` : where, order, limit)
    : conditions
      ? selectAfter(db, columns, where, order, conditions, limit)
      : selectRange(db, columns, where, order, limit, { nameKey: true });
  // The fields are the columns and the two named above, mapped as the columns map them.
  return rows as unknown as Promise<OrderedRow<T>[]>;
}

/**
 * A download's batch (app/server/exports/list-export.server.ts): the rows selectInOrder would give,
 * without their Swedish name key (the caller writes the last row's with swedishSortKey), the ranges
 * after a cursor read one after another, as many as fill `limit`: usually the first alone, a second
 * round trip only where a key's value ends. Every field but the cursor value is a table column, which
 * Drizzle maps several times faster than a union's fields: at 100,000 rows a second that was most of
 * the time.
 */
export async function selectRangesInOrder<T extends Columns>(
  db: Db,
  columns: T,
  query: { where: SQL; order: ListOrder; conditions: SQL[] | null; limit: number },
): Promise<Omit<OrderedRow<T>, "nameKey">[]> {
  const { where, order, limit } = query;
  const read = (condition: SQL | null, wanted: number) =>
    selectRange(db, columns, condition ? sql`(${where}) and (${condition})` : where, order, wanted, {}) as unknown as Promise<
      Omit<OrderedRow<T>, "nameKey">[]
    >;
  if (!query.conditions) return read(null, limit);
  // conditionsAfter gives the ranges in the order's order: each one's rows come after the last one's.
  const rows: Omit<OrderedRow<T>, "nameKey">[] = [];
  for (const condition of query.conditions) {
    rows.push(...(await read(condition, limit - rows.length)));
    if (rows.length >= limit) break;
  }
  return rows;
}

type Extras = { sortKey?: boolean; nameKey?: boolean };

/** The columns and the row's cursor value; the Swedish name key and, for sorting a union below, the order's key where asked. */
function orderedFields<T extends Columns>(columns: T, order: ListOrder, extras: Extras) {
  return {
    ...columns,
    ...(extras.sortKey ? { sortKey: sql`${order.key}`.as("sort_key") } : {}),
    ...(extras.nameKey ? { nameKey: sql<string>`${swedishNameKey}`.as("name_key") } : {}),
    cursorValue: sql<string | null>`${order.cursor.write}`.as("cursor_value"),
  };
}

/**
 * The same columns read back from a subquery named like the table, which keeps their names (Drizzle
 * refuses table columns there), each mapped as its column maps it.
 */
function readBack<T extends Columns>(columns: T) {
  const read = Object.fromEntries(Object.entries(columns).map(([field, column]) => [field, sql`${sql.identifier(column.name)}`.mapWith(column)]));
  return {
    ...read,
    nameKey: sql<string>`name_key`,
    cursorValue: sql<string | null>`cursor_value`,
  };
}

function selectRange<T extends Columns>(db: Db, columns: T, where: SQL, order: ListOrder, limit: number, extras: Extras) {
  return db
    .select(orderedFields(columns, order, extras))
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
function selectCollected<T extends Columns>(db: Db, columns: T, where: SQL, order: ListOrder, limit: number) {
  const matches = db.select(orderedFields(columns, order, { sortKey: true, nameKey: true })).from(domains).where(where);
  // Written out: Drizzle leaves an `.offset(0)` out of the statement.
  return db
    .select(readBack(columns))
    .from(sql`(${matches} offset 0) as ${domains}`)
    .orderBy(...orderBySql(order, sql`sort_key`, sql`name_key`))
    .limit(limit);
}

/**
 * The first `limit` rows after a cursor: each of its conditions reads one
 * index range (at most `limit` rows), and the union of those few rows is put
 * in order. The union is named like the table so the order applies to it.
 */
function selectAfter<T extends Columns>(db: Db, columns: T, where: SQL, order: ListOrder, conditions: SQL[], limit: number) {
  const ranges = conditions.map((condition) => sql`(${selectRange(db, columns, sql`(${where}) and (${condition})`, order, limit, { sortKey: true, nameKey: true })})`);
  return db
    .select(readBack(columns))
    .from(sql`(${sql.join(ranges, sql` union all `)}) as ${domains}`)
    .orderBy(...orderBySql(order, sql`sort_key`, sql`name_key`))
    .limit(limit);
}
