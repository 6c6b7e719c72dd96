import type { DomainCardData } from "~/domain/domain-card";

/** Which cards of a list show as bookmarked, and whether the visitor is signed in to bookmark at all. */
export type GridBookmarks = {
  signedIn: boolean;
  /** ACE names the visitor has bookmarked, from `findBookmarkedNames`. */
  names: readonly string[];
};

/** One page of a list as the list loaders return it (also to the "Visa fler" fetcher). */
export type ListPageData = {
  now: number;
  /** The cursor this page starts after (?after=); null for the first page. */
  after: string | null;
  domains: DomainCardData[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** The message when this page could not be read (docs/product.md, "The texts that matter"). */
  error: string | null;
  bookmarks: GridBookmarks;
  /** How many pages this answer holds from `after` (?sidor=, docs/product.md "Pages of a list"). */
  pages: number;
  /** At most how many pages one answer holds (MAX_VIEW_NAMES). */
  maxPages: number;
  /** Names a page: what "Visa fler" adds. */
  pageSize: number;
  /** The saved search the view was opened from (?sparad=) and its names on this page that are new to it; null otherwise. */
  openedSearch: OpenedSavedSearch | null;
};

/** A saved search as the view opened from it shows it (docs/product.md, "Saved searches"). */
export type OpenedSavedSearch = {
  id: string;
  name: string;
  /** ACE names on the page that are new to the search. */
  newNames: string[];
};
