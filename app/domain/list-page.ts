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
};
