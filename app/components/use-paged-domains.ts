import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { DomainCardData } from "~/components/domain-card";
import type { GridBookmarks } from "~/components/domain-grid";
import { useListErrorToast } from "~/components/list-error";

/** One page of a list as the list loaders return it (also to the "Visa fler" fetcher). */
export type ListPageData = {
  now: number;
  page: number;
  domains: DomainCardData[];
  hasMore: boolean;
  /** The spec §8 message when this page could not be read. */
  error: string | null;
  bookmarks: GridBookmarks;
};

/**
 * Spec §4 "Pages load and are appended": the loader's page plus the pages
 * "Visa fler" fetched from the same loader (?page=N). `viewKey` names the
 * view (sort, filter...): when it changes the appended pages are dropped.
 * Pages are kept by number, so a fetcher revalidated after a bookmark toggle
 * replaces its page instead of adding it twice.
 */
export function usePagedDomains(first: ListPageData, viewKey: string, pageHref: (page: number) => string) {
  const fetcher = useFetcher<ListPageData>();
  const [more, setMore] = useState<{ key: string; pages: Record<number, ListPageData> }>({ key: viewKey, pages: {} });
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
    setMore((current) => ({
      key: viewKey,
      pages: { ...(current.key === viewKey ? current.pages : {}), [result.page]: result },
    }));
  }, [fetcher.state, fetcher.data, viewKey]);

  useEffect(() => setLoadError(null), [viewKey]);
  useListErrorToast(loadError);

  const extra = more.key === viewKey ? Object.values(more.pages).filter((page) => page.page > first.page) : [];
  extra.sort((a, b) => a.page - b.page);
  const pages = [first, ...extra];
  const last = pages[pages.length - 1];
  const seen = new Set<string>();
  const domains = pages.flatMap((page) => page.domains).filter((domain) => !seen.has(domain.name) && seen.add(domain.name));
  const bookmarks: GridBookmarks = {
    signedIn: first.bookmarks.signedIn,
    names: pages.flatMap((page) => page.bookmarks.names),
  };
  const nextHref = pageHref(last.page + 1);
  return {
    domains,
    bookmarks,
    hasMore: last.hasMore,
    loading: fetcher.state !== "idle",
    loadError,
    nextHref,
    loadMore: () => fetcher.load(nextHref),
  };
}
