import { describe, expect, it } from "vitest";
import { pageCount, pageItems, type PageItem } from "./pagination";

const render = (items: PageItem[]) => items.map((item) => (item.type === "page" ? String(item.page) : "…")).join(" ");

describe("pageItems", () => {
  it.each([
    [1, 0, ""],
    [1, 1, "1"],
    [3, 5, "1 2 3 4 5"],
    [1, 6, "1 2 … 6"],
    [2, 6, "1 2 3 … 6"],
    [3, 6, "1 2 3 4 5 6"],
    [4, 6, "1 2 3 4 5 6"],
    [6, 6, "1 … 5 6"],
    [10, 40, "1 … 9 10 11 … 40"],
    [4, 40, "1 2 3 4 5 … 40"],
    [37, 40, "1 … 36 37 38 39 40"],
    [99, 40, "1 … 39 40"],
    [0, 40, "1 2 … 40"],
  ])("page %i of %i: %s", (current, total, expected) => {
    expect(render(pageItems(current, total))).toBe(expected);
  });

  it("gives every ellipsis a distinct key", () => {
    const keys = pageItems(20, 40)
      .filter((item) => item.type === "ellipsis")
      .map((item) => (item.type === "ellipsis" ? item.key : ""));
    expect(new Set(keys).size).toBe(2);
  });
});

describe("pageCount", () => {
  it.each([
    [0, 30, 0],
    [1, 30, 1],
    [30, 30, 1],
    [31, 30, 2],
    [10_000, 30, 334],
  ])("%i rows at %i per page: %i pages", (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});
