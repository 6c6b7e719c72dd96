// How the account's watch list is ordered and filtered (docs/product.md,
// "Accounts, bookmarks and the calendar"): both in the address, as a GET
// form sends them, so a page without JavaScript sorts and filters too.
import { compareCodePoints, compareSwedishNames } from "./swedish-order";
import type { WatchStateOfName } from "./watch-state-of-name";
import { isWatchStateKind, WATCH_STATE_KINDS, WATCH_STATE_LABELS, type WatchStateKind } from "./watch-states";
import { WATCH_PAGE_PARAM, type WatchedName } from "./watches";

export const WATCH_SORT_PARAM = "ordning";
export const WATCH_FILTER_PARAM = "visa";

export const WATCH_SORTS = ["andrad", "tillstand", "namn", "bevakad"] as const;
export type WatchSort = (typeof WATCH_SORTS)[number];
export const DEFAULT_WATCH_SORT: WatchSort = "andrad";

export const WATCH_SORT_LABELS: Record<WatchSort, string> = {
  andrad: "Senast ändrad först",
  tillstand: "Läge",
  namn: "Namn (A–Ö)",
  bevakad: "Senast bevakad först",
};

/** Loads of the list no more than this apart are one visit: a change shown in it stays "Ny" until it ends. */
export const WATCH_VISIT_GAP_MS = 30 * 60 * 1000;

/** "Bara ändrade": the watches whose state changed since the list last showed them. */
export const CHANGED_FILTER = "andrade";
export type WatchFilter = WatchStateKind | typeof CHANGED_FILTER | null;

export type WatchListView = { sort: WatchSort; filter: WatchFilter; page: number };

/** The state order of "Läge": what a hunter acts on first (free now, soon free), then the rest. */
export const WATCH_STATE_ORDER: readonly WatchStateKind[] = [
  "released_free",
  "on_list",
  "gone_from_zone",
  "taken_again",
  "renewed",
  "free",
  "registered",
  "premium",
  "unknown",
];

export function parseWatchSort(value: string | null): WatchSort {
  return (WATCH_SORTS as readonly string[]).includes(value ?? "") ? (value as WatchSort) : DEFAULT_WATCH_SORT;
}

/** A state's kind, "andrade", or null (all) for anything else. */
export function parseWatchFilter(value: string | null): WatchFilter {
  if (value === CHANGED_FILTER) return CHANGED_FILTER;
  return isWatchStateKind(value) ? value : null;
}

/** The address of a view of the list: defaults are left out, so the plain list is "/account?tab=bookmarks". */
export function watchListHref(view: Partial<WatchListView>): string {
  const params = new URLSearchParams({ tab: "bookmarks" });
  if (view.sort && view.sort !== DEFAULT_WATCH_SORT) params.set(WATCH_SORT_PARAM, view.sort);
  if (view.filter) params.set(WATCH_FILTER_PARAM, view.filter);
  if (view.page && view.page > 1) params.set(WATCH_PAGE_PARAM, String(view.page));
  return `/account?${params.toString()}`;
}

/** What sorting and filtering read of a watch. */
export type SortableWatch = {
  name: string;
  unicodeName: string;
  /** ISO. */
  watchedAt: string;
  state: { kind: WatchStateKind; since: string | null };
  isNew: boolean;
};

const sinceDesc = (a: SortableWatch, b: SortableWatch) => {
  if (a.state.since === b.state.since) return 0;
  if (a.state.since === null) return 1;
  if (b.state.since === null) return -1;
  return Date.parse(b.state.since) - Date.parse(a.state.since);
};
const watchedDesc = (a: SortableWatch, b: SortableWatch) => Date.parse(b.watchedAt) - Date.parse(a.watchedAt);
const stateRank = new Map(WATCH_STATE_ORDER.map((kind, index) => [kind, index]));

const COMPARATORS: Record<WatchSort, (a: SortableWatch, b: SortableWatch) => number> = {
  // A state without a known time goes last; ties newest watched first, as the list was before states.
  andrad: (a, b) => sinceDesc(a, b) || watchedDesc(a, b) || compareCodePoints(a.name, b.name),
  tillstand: (a, b) => stateRank.get(a.state.kind)! - stateRank.get(b.state.kind)! || sinceDesc(a, b) || compareSwedishNames(a, b),
  namn: compareSwedishNames,
  bevakad: (a, b) => watchedDesc(a, b) || compareCodePoints(a.name, b.name),
};

/** The view's watches in its order: a new array. */
export function sortAndFilterWatches<T extends SortableWatch>(watches: readonly T[], view: Pick<WatchListView, "sort" | "filter">): T[] {
  const kept =
    view.filter === null
      ? [...watches]
      : watches.filter((watch) => (view.filter === CHANGED_FILTER ? watch.isNew : watch.state.kind === view.filter));
  return kept.sort(COMPARATORS[view.sort]);
}

/** How many watches are in each state (every kind, zeros included), in the kinds' order. */
export function countWatchStates(watches: readonly SortableWatch[]): Record<WatchStateKind, number> {
  const counts = Object.fromEntries(WATCH_STATE_KINDS.map((kind) => [kind, 0])) as Record<WatchStateKind, number>;
  for (const watch of watches) counts[watch.state.kind] += 1;
  return counts;
}

/** A state as the list last showed it, compared with now: new when either the kind or the time differs. */
export function isChangedSinceShown(
  state: { kind: WatchStateKind; since: string | null },
  shown: { kind: string | null; since: string | null },
): boolean {
  if (shown.kind === null) return false;
  const sameSince =
    shown.since === null || state.since === null ? shown.since === state.since : Date.parse(shown.since) === Date.parse(state.since);
  return shown.kind !== state.kind || !sameSince;
}

/** A watch with its state, and whether that state is new since the list last showed it. */
export type StatedWatch = WatchedName & {
  state: WatchStateOfName;
  isNew: boolean;
  /** What the list last showed (null kind: nothing recorded yet), and when it first showed it as a change. */
  shown: { kind: string | null; since: string | null; at: string | null };
};

/** A page of the account's list in a view (listWatchStatePage). */
export type WatchStatePage = {
  watches: StatedWatch[];
  /** All the account's watches. */
  total: number;
  /** The watches the view's filter keeps. */
  matching: number;
  page: number;
  pageCount: number;
  view: WatchListView;
  /** Watches in each state, of all the account's. */
  counts: Record<WatchStateKind, number>;
  /** Watches whose state changed since the list last showed them (before this page was shown). */
  changed: number;
};

/** A watch's state as a download's columns (appended after the list's and the zone's). */
export type WatchStateColumns = {
  watchState: WatchStateKind;
  /** The Swedish word ("Tagen igen"). */
  watchStateLabel: string;
  /** ISO time; null when not known. */
  watchStateSince: string | null;
  watchStateReleaseDate: string | null;
  watchStateOperator: string | null;
};

export const WATCH_STATE_COLUMNS: readonly { key: keyof WatchStateColumns; header: string }[] = [
  { key: "watchState", header: "watch_state" },
  { key: "watchStateLabel", header: "watch_state_label" },
  { key: "watchStateSince", header: "watch_state_since" },
  { key: "watchStateReleaseDate", header: "watch_state_release_date" },
  { key: "watchStateOperator", header: "watch_state_operator" },
];

export function watchStateColumns(state: {
  kind: WatchStateKind;
  since: string | null;
  releaseDate: string | null;
  operator: string | null;
}): WatchStateColumns {
  return {
    watchState: state.kind,
    watchStateLabel: WATCH_STATE_LABELS[state.kind],
    watchStateSince: state.since,
    watchStateReleaseDate: state.releaseDate,
    watchStateOperator: state.operator,
  };
}
