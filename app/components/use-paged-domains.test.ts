import { describe, expect, it } from "vitest";
import type { ListPageData } from "~/domain/list-page";
import { chainPages, pagedHrefs } from "./use-paged-domains";

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

describe("pagedHrefs", () => {
  const href = (after: string | null, pages: number) =>
    `/soon-available?${new URLSearchParams([...(after ? [["after", after]] : []), ["sidor", String(pages)]])}`;
  const answer = (after: string | null, nextCursor: string | null, pages: number, maxPages = 20) => ({
    ...page(after, nextCursor),
    pages,
    maxPages,
  });

  it("keeps the shown pages in the address, fetches the next page alone, and without JavaScript asks for one page more", () => {
    expect(pagedHrefs([answer(null, "a", 1)], href)).toEqual({
      extentHref: "/soon-available?sidor=1",
      fetchHref: "/soon-available?after=a&sidor=1",
      moreHref: "/soon-available?sidor=2#fler",
    });
    // Back to ?sidor=2, then one page fetched: three pages from the start.
    expect(pagedHrefs([answer(null, "b", 2), answer("b", "c", 1)], href)).toEqual({
      extentHref: "/soon-available?sidor=3",
      fetchHref: "/soon-available?after=c&sidor=1",
      moreHref: "/soon-available?sidor=4#fler",
    });
    // From a cursor, the pages after it.
    expect(pagedHrefs([answer("x", "y", 2)], href).moreHref).toBe("/soon-available?after=x&sidor=3#fler");
  });

  it("stops at the most one answer holds, and offers no more at the end", () => {
    expect(pagedHrefs([answer(null, "t", 20), answer("t", "u", 1)], href)).toEqual({
      extentHref: "/soon-available?sidor=20",
      fetchHref: "/soon-available?after=u&sidor=1",
      moreHref: "/soon-available?after=u&sidor=1",
    });
    expect(pagedHrefs([answer(null, null, 3)], href)).toEqual({ extentHref: "/soon-available?sidor=3", fetchHref: null, moreHref: "" });
  });
});
