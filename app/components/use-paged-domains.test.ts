import { describe, expect, it } from "vitest";
import type { ListPageData } from "~/domain/list-page";
import { chainPages } from "./use-paged-domains";

const page = (after: string | null, nextCursor: string | null): ListPageData => ({
  now: 0,
  after,
  domains: [],
  nextCursor,
  error: null,
  bookmarks: { signedIn: false, names: [] },
  pages: 1,
  maxPages: 20,
  pageSize: 100,
  openedSearch: null,
});

describe("chainPages", () => {
  const first = page(null, "a");
  const second = page("a", "b");
  const third = page("b", null);

  it("puts fetched pages after the page each continues, whatever order they arrived in", () => {
    expect(chainPages(first, [third, second])).toEqual([first, second, third]);
  });

  it("leaves out a page that continues nothing", () => {
    expect(chainPages(first, [page("elsewhere", null), second])).toEqual([first, second]);
    expect(chainPages(page(null, null), [second])).toEqual([page(null, null)]);
  });

  it("stops on a cursor that loops back", () => {
    const loop = page("b", "a");
    expect(chainPages(first, [second, loop])).toEqual([first, second, loop]);
  });
});
