/**
 * Which names the public lists show and in which order: the statuses that are listed,
 * each list's sort orders as SQL with their cursors, and the soon-available list's
 * predicate and orders (docs/product.md, "Lists and their order").
 */
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { toUnicode } from "~/domain/names";
import { isValidIsoDate } from "~/domain/utc-dates";
import type { ListCursor } from "~/lib/list-cursor";
import type { SoonSort } from "~/lib/listing-params";
import { domains, type DomainStatus } from "~/server/db/schema/index.server";

type Direction = "asc" | "desc";

/** How a row's sort value travels in a cursor: written as text by the database, checked and read back. */
type CursorValue = {
  write: SQL;
  /** The value as SQL of the key's type, or null when the text cannot be one (the cursor is then ignored). */
  read: (text: string) => SQL | null;
};

/**
 * How a public list is ordered: by one key, then by the name in Swedish order
 * (its sort key) and last by the ACE name (unique), so the order is total and
 * the end of a page is an exact position: within a release date, a score or
 * a length, names come a–z, then å, ä, ö. Every order is one of the list
 * indexes read forwards or backwards (migrations 0002, 0008 and the one of
 * decision 0067), and `nulls` must be where that index keeps them in that
 * direction, or the planner sorts instead of reading the index.
 */
export type ListOrder = {
  key: SQLWrapper;
  direction: Direction;
  nulls: "first" | "last";
  /** Only the release date can be missing. */
  nullable: boolean;
  /** The direction of the ties: the Swedish name key, then the ACE name. */
  nameDirection: Direction;
  /** Whether ties are broken by the Swedish name key before the ACE name (not when the key is that key). */
  swedishTies: boolean;
  cursor: CursorValue;
};

/** The Swedish sort key of the display name (migration 0008; app/domain/swedish-order.ts). */
export const swedishNameKey = sql`swedish_sort_key(${domains.unicodeName}) collate "C"`;

/**
 * The ORDER BY of a list; `key` and `tieKey` stand in for the order's key and the Swedish name key
 * where a subquery already computed them.
 */
export function orderBySql(order: ListOrder, key: SQLWrapper = order.key, tieKey: SQLWrapper = swedishNameKey): SQL[] {
  const ties = sql.raw(order.nameDirection);
  return [
    sql`${key} ${sql.raw(order.direction)} nulls ${sql.raw(order.nulls)}`,
    ...(order.swedishTies ? [sql`${tieKey} ${ties}`] : []),
    sql`${domains.name} ${ties}`,
  ];
}

/**
 * The Swedish name key of the row a cursor names (its ACE name): the row's own key, or, when the row
 * is gone, the key of the name's Unicode form (which is how every writer fills unicode_name).
 */
function cursorNameKey(name: string): SQL {
  return sql`coalesce((select swedish_sort_key(${domains.unicodeName}) from ${domains} where ${domains.name} = ${name}), swedish_sort_key(${toUnicode(name)}::text)) collate "C"`;
}

/**
 * The rows after `cursor`, as separate conditions that each read one range
 * of the order's index, in the order's order (every row of one comes before
 * every row of the next): the rest of the cursor's key value (a row comparison
 * of the Swedish name key and the ACE name), then every later value, then
 * (where they sort last) the rows without one. A single row comparison
 * cannot say "score lower, or equal with a later name" when the key and the
 * name run in opposite directions. Null when the cursor's value cannot
 * belong to this order. `nameKey` is the cursor row's Swedish name key when
 * the caller knows it (a download's last row); else it is looked up.
 */
export function conditionsAfter(order: ListOrder, cursor: ListCursor, nameKey?: string): SQL[] | null {
  const later = sql.raw(order.direction === "asc" ? ">" : "<");
  const laterTies = sql.raw(order.nameDirection === "asc" ? ">" : "<");
  const laterName = order.swedishTies
    ? sql`(${swedishNameKey}, ${domains.name}) ${laterTies} (${nameKey === undefined ? cursorNameKey(cursor.name) : sql`${nameKey}::text collate "C"`}, ${cursor.name})`
    : sql`${domains.name} ${laterTies} ${cursor.name}`;
  if (cursor.value === null) {
    if (!order.nullable) return null;
    const rest = sql`${order.key} is null and ${laterName}`;
    return order.nulls === "first" ? [rest, sql`${order.key} is not null`] : [rest];
  }
  const value = order.cursor.read(cursor.value);
  if (value === null) return null;
  const conditions = [sql`${order.key} = ${value} and ${laterName}`, sql`${order.key} ${later} ${value}`];
  if (order.nullable && order.nulls === "last") conditions.push(sql`${order.key} is null`);
  return conditions;
}

/** Whether `cursor` can be a position in `order` (its value one the order's key can hold). */
export function cursorFitsOrder(order: ListOrder, cursor: ListCursor): boolean {
  return conditionsAfter(order, cursor) !== null;
}

/**
 * Names in Swedish order (a–z, å, ä, ö; decision note 0010), read from the
 * expression indexes on the sort key (domains_status_sv_name_idx,
 * domains_featured_list_sv_name_idx).
 */
export function nameOrder(direction: Direction): ListOrder {
  return {
    key: swedishNameKey,
    direction,
    nulls: direction === "asc" ? "last" : "first",
    nullable: false,
    nameDirection: direction,
    swedishTies: false,
    cursor: {
      write: sql`${domains.unicodeName}`,
      read: (text) => (text.length <= 300 ? sql`swedish_sort_key(${text}::text) collate "C"` : null),
    },
  };
}

const scoreCursor: CursorValue = {
  write: sql`${domains.score}::text`,
  read: (text) => (/^-?\d{1,9}$/.test(text) ? sql`${Number(text)}::integer` : null),
};

/**
 * Score high first, names A-Ö as the tie-break (domains_status_score_sv_idx,
 * domains_featured_list_score_sv_idx). "nulls last" is spelled out because
 * Drizzle builds `.desc()` indexes as DESC NULLS LAST while a bare DESC means
 * NULLS FIRST: without it the planner cannot read the index in order, even
 * though score is never null.
 */
export function scoreDescOrder(): ListOrder {
  return { key: domains.score, direction: "desc", nulls: "last", nullable: false, nameDirection: "asc", swedishTies: true, cursor: scoreCursor };
}

/** Score low first, names A-Ö as the tie-break (domains_soon_score_asc_sv_idx: only the soon list offers it). */
export function scoreAscOrder(): ListOrder {
  return { key: domains.score, direction: "asc", nulls: "last", nullable: false, nameDirection: "asc", swedishTies: true, cursor: scoreCursor };
}

/**
 * Shortest label first, names A-Ö as the tie-break (domains_length_sv_idx,
 * which also holds the status and the featured flag the lists test).
 */
export function lengthAscOrder(): ListOrder {
  return {
    key: domains.length,
    direction: "asc",
    nulls: "last",
    nullable: false,
    nameDirection: "asc",
    swedishTies: true,
    cursor: { write: sql`${domains.length}::text`, read: (text) => (/^\d{1,2}$/.test(text) ? sql`${Number(text)}::integer` : null) },
  };
}

/**
 * Release date (which may be missing: those rows come last, or first latest first), then names A-Ö
 * both ways (domains_status_release_sv_idx, domains_status_release_desc_sv_idx).
 */
export function releaseOrder(direction: Direction): ListOrder {
  return {
    key: domains.releaseDate,
    direction,
    nulls: direction === "asc" ? "last" : "first",
    nullable: true,
    nameDirection: "asc",
    swedishTies: true,
    cursor: {
      write: sql`to_char(${domains.releaseDate}, 'YYYY-MM-DD')`,
      read: (text) => (isValidIsoDate(text) ? sql`${text}::date` : null),
    },
  };
}

// Microseconds and UTC, so the value reads back as exactly the stored instant.
const UTC_MICROSECONDS = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;

/** Most recently changed first, names A-Ö as the tie-break (domains_available_updated_sv_idx). */
export function updatedDescOrder(): ListOrder {
  return {
    key: domains.updatedAt,
    direction: "desc",
    nulls: "last",
    nullable: false,
    nameDirection: "asc",
    swedishTies: true,
    cursor: {
      write: sql`to_char(${domains.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      read: (text) => {
        const match = UTC_MICROSECONDS.exec(text);
        return match && isValidIsoDate(match[1]) ? sql`${text}::timestamptz` : null;
      },
    },
  };
}

/**
 * The risk of being taken at once (domains.catch_risk, whole per cent; decision 0085) either way, names
 * A-Ö as the tie-break and names without a known risk last (domains_soon_catch_risk_asc_sv_idx,
 * domains_soon_catch_risk_desc_sv_idx: only the soon list offers it).
 */
export function catchRiskOrder(direction: Direction): ListOrder {
  return {
    key: domains.catchRisk,
    direction,
    nulls: "last",
    nullable: true,
    nameDirection: "asc",
    swedishTies: true,
    cursor: {
      write: sql`${domains.catchRisk}::text`,
      read: (text) => (/^\d{1,3}$/.test(text) ? sql`${Number(text)}::smallint` : null),
    },
  };
}

/** Literal status so the planner uses the status-leading indexes. */
export function soonAvailablePredicate(includeFeatured: boolean): SQL {
  return includeFeatured
    ? sql`${domains.status} = 'soonavailable'`
    : sql`${domains.status} = 'soonavailable' and not ${domains.isFeatured}`;
}

/**
 * The soon-available orders (docs/product.md, "Lists and their order"). Each matches an index read forwards
 * (the name orders also backwards): status + release date (either way) + Swedish name key + name, status +
 * Swedish name key + name, status + score (either way) + Swedish name key + name, length + Swedish name key
 * + name, so a page never sorts the whole list.
 */
export function soonAvailableOrder(sort: SoonSort): ListOrder {
  switch (sort) {
    case "date-desc":
      return releaseOrder("desc");
    case "name-asc":
      return nameOrder("asc");
    case "name-desc":
      return nameOrder("desc");
    case "score-desc":
      return scoreDescOrder();
    case "score-asc":
      return scoreAscOrder();
    case "length-asc":
      return lengthAscOrder();
    case "risk-asc":
      return catchRiskOrder("asc");
    case "risk-desc":
      return catchRiskOrder("desc");
    default:
      return releaseOrder("asc");
  }
}

/**
 * The statuses of names worth showing to visitors and search engines: ones a
 * person can still get. Registered, renewed and unlisted names keep their
 * page but are not advertised (sitemap, similar names).
 */
export const LISTED_STATUSES = ["soonavailable", "available", "premium"] as const satisfies readonly DomainStatus[];
