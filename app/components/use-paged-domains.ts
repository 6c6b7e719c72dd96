import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { GridBookmarks, ListPageData } from "~/domain/list-page";
import { useListErrorToast } from "~/components/list-error";
import { MORE_ANCHOR } from "~/lib/listing-params";

/**
 * Pages load and are appended (docs/product.md, "Pages of a list"): the loader's page plus the pages
 * "Visa fler" fetched from the same loader (?after=cursor). `viewKey` names
 * the view (sort, filter...): when it changes the appended pages are dropped.
 * Pages are kept by the cursor they start after, so a fetcher revalidated
 * after a bookmark toggle replaces its page instead of adding it twice.
 *
 * The address keeps how many pages are shown (`pageHref(after, pages)`,
 * ?sidor=): each fetched page replaces the history entry's address (not
 * React Router's location, which would load the view again), so Back from a
 * name's page loads the same names and the scroll position is restored.
 * Without JavaScript "Visa fler" asks for one page more and lands at its first name.
 */
export type PagedDomains = ReturnType<typeof usePagedDomains>;

export function usePagedDomains(first: ListPageData, viewKey: string, pageHref: (after: string | null, pages: number) => string) {
  const fetcher = useFetcher<ListPageData>();
  const [more, setMore] = useState<{ key: string; pages: ListPageData[] }>({ key: viewKey, pages: [] });
  const [loadError, setLoadError] = useState<string | null>(null);
  const handled = useRef<ListPageData | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.error) {
      setLoadError(result.error);
      return;
    }
    setLoadError(null);
    setMore((current) => {
      const kept = current.key === viewKey ? current.pages.filter((page) => page.after !== result.after) : [];
      return { key: viewKey, pages: [...kept, result] };
    });
  }, [fetcher.state, fetcher.data, viewKey]);

  useEffect(() => setLoadError(null), [viewKey]);
  useListErrorToast(loadError);

  const pages = chainPages(first, more.key === viewKey ? more.pages : []);
  const { extentHref, fetchHref, moreHref } = pagedHrefs(pages, pageHref);
  useEffect(() => {
    if (pages.length > 1) window.history.replaceState(window.history.state, "", extentHref);
  }, [pages.length, extentHref]);

  const seen = new Set<string>();
  const domains = pages.flatMap((page) => page.domains).filter((domain) => !seen.has(domain.name) && seen.add(domain.name));
  const bookmarks: GridBookmarks = {
    signedIn: first.bookmarks.signedIn,
    names: pages.flatMap((page) => page.bookmarks.names),
  };
  return {
    domains,
    bookmarks,
    /** ACE names new to the saved search the view was opened from (?sparad=). */
    newNames: new Set(pages.flatMap((page) => page.openedSearch?.newNames ?? [])),
    /** The index of the name MORE_ANCHOR marks, or null. */
    anchorIndex: first.pages > 1 ? (first.pages - 1) * first.pageSize : null,
    hasMore: fetchHref !== null,
    loading: fetcher.state !== "idle",
    loadError,
    nextHref: moreHref,
    loadMore: () => {
      if (fetchHref) fetcher.load(fetchHref);
    },
  };
}

/**
 * The addresses of a list shown as `pages` (the loader's answer, then each
 * page "Visa fler" fetched): the view as far as it is shown, for the history
 * entry (at most the pages one answer holds); the next page alone, which
 * "Visa fler" fetches; and the address of its form without JavaScript: one
 * page more from the same start, landing at its first name, or past the most
 * one answer holds, the next page alone ("" when there is none).
 */
export function pagedHrefs(pages: readonly ListPageData[], pageHref: (after: string | null, pages: number) => string) {
  const first = pages[0];
  const last = pages[pages.length - 1];
  const shownPages = first.pages + pages.length - 1;
  const fetchHref = last.nextCursor === null ? null : pageHref(last.nextCursor, 1);
  const moreHref =
    fetchHref === null ? "" : shownPages < first.maxPages ? `${pageHref(first.after, shownPages + 1)}#${MORE_ANCHOR}` : fetchHref;
  return { extentHref: pageHref(first.after, Math.min(shownPages, first.maxPages)), fetchHref, moreHref };
}

/**
 * The first page followed by each fetched page that starts where the one
 * before it ends. A page that continues nothing (an answer that arrived
 * after the list above it changed) is left out rather than shown out of place.
 */
export function chainPages(first: ListPageData, fetched: readonly ListPageData[]): ListPageData[] {
  const byAfter = new Map(fetched.map((page) => [page.after, page]));
  const chain = [first];
  for (let next = first.nextCursor; next !== null && byAfter.has(next);) {
    const page = byAfter.get(next)!;
    byAfter.delete(next);
    chain.push(page);
    next = page.nextCursor;
  }
  return chain;
}
