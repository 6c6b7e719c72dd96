// The table view of a public list (docs/product.md, "A table view"): which
// column headers sort the list, and how. A header is a link that sets the
// list's existing sort parameter; clicking the header of the current order
// turns it round where the list has the other direction.
import type { ListingSort, SoonSort } from "./listing-params";

export type TableColumn = "name" | "tld" | "length" | "release" | "status" | "score" | "family" | "risk";

/** The columns in their order, with their Swedish headers. */
export const TABLE_COLUMNS: readonly { key: TableColumn; header: string }[] = [
  { key: "name", header: "Namn" },
  { key: "tld", header: "TLD" },
  { key: "length", header: "Längd" },
  { key: "release", header: "Släppdatum" },
  { key: "status", header: "Status" },
  { key: "score", header: "Poäng" },
  // The sibling and twins in brief (app/domain/name-family.ts): does not sort.
  { key: "family", header: "Syskon/tvilling" },
];

/** The soon list's last column: the risk of being taken at once (decision 0085). */
export const CATCH_RISK_COLUMN: { key: TableColumn; header: string } = { key: "risk", header: "Risk att tas direkt" };

export type SortDirection = "ascending" | "descending";

/** A column's sorts: the first is what its header gives from another order, the second (if any) the other way round. */
type ColumnSorts<S extends string> = Partial<Record<TableColumn, readonly (readonly [S, SortDirection])[]>>;

const NAME_SORTS = [
  ["name-asc", "ascending"],
  ["name-desc", "descending"],
] as const;

export const SOON_TABLE_SORTS: ColumnSorts<SoonSort> = {
  name: NAME_SORTS,
  length: [["length-asc", "ascending"]],
  release: [
    ["date-asc", "ascending"],
    ["date-desc", "descending"],
  ],
  score: [
    ["score-desc", "descending"],
    ["score-asc", "ascending"],
  ],
  risk: [
    ["risk-desc", "descending"],
    ["risk-asc", "ascending"],
  ],
};

/** /available, /featured, /premium and the search: their "Relevans" belongs to no column. */
export const LISTING_TABLE_SORTS: ColumnSorts<ListingSort> = {
  name: NAME_SORTS,
  length: [["length-asc", "ascending"]],
  score: [["score-desc", "descending"]],
};

export type HeaderSort<S extends string> = {
  /** The order the header's link asks for. */
  next: S;
  /** aria-sort: the column's direction when the list is in its order, else null. */
  current: SortDirection | null;
};

/** What a column's header does under the list's current order; null when the column does not sort. */
export function headerSort<S extends string>(sorts: ColumnSorts<S>, column: TableColumn, current: S): HeaderSort<S> | null {
  const options = sorts[column];
  if (!options || options.length === 0) return null;
  const index = options.findIndex(([sort]) => sort === current);
  if (index === -1) return { next: options[0][0], current: null };
  const other = options[(index + 1) % options.length];
  return { next: other[0], current: options[index][1] };
}
