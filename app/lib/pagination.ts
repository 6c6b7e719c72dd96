// Page numbers for a pager: every page when there are few, otherwise the
// first, the last and a window around the current page with ellipses between
// (docs/product.md, "Lists and their order"). Shared by the backoffice tables.

export type PageItem = { type: "page"; page: number } | { type: "ellipsis"; key: string };

/** Up to this many pages are all shown. */
export const SHOW_ALL_PAGES_UP_TO = 5;

/**
 * The items to render for `current` of `totalPages` (both 1-based).
 * `window` pages are shown on each side of the current one.
 */
export function pageItems(current: number, totalPages: number, window = 1): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), totalPages);
  if (totalPages <= SHOW_ALL_PAGES_UP_TO) {
    return Array.from({ length: totalPages }, (_, index) => ({ type: "page", page: index + 1 }));
  }
  const shown = new Set<number>([1, totalPages]);
  for (let offset = -window; offset <= window; offset++) {
    const candidate = page + offset;
    if (candidate >= 1 && candidate <= totalPages) shown.add(candidate);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (let index = 0; index < sorted.length; index++) {
    const value = sorted[index];
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous === 2) {
      // A gap of one page is shown as that page: "…" would hide nothing.
      items.push({ type: "page", page: value - 1 });
    } else if (previous !== undefined && value - previous > 2) {
      items.push({ type: "ellipsis", key: `gap-${previous}` });
    }
    items.push({ type: "page", page: value });
  }
  return items;
}

/** How many pages `total` rows fill at `pageSize` per page (at least 1 when there are rows). */
export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}
