import { describe, expect, it } from "vitest";
import { groupsHoldingPage, sortGroupKeys, type SortGroup } from "./admin-list-groups.server";

const group = (releaseDate: string | null, matches: number): SortGroup => ({ values: { releaseDate }, matches });
const groups = [group("2030-01-01", 10), group("2030-01-02", 3), group("2030-01-03", 40), group(null, 5)];

describe("groupsHoldingPage", () => {
  it("finds the group holding the page's first match and the offset within it", () => {
    expect(groupsHoldingPage(groups, 20, 7)).toEqual([{ group: groups[2], skip: 7, take: 7 }]);
  });

  it("runs over into the following groups until the page is full", () => {
    expect(groupsHoldingPage(groups, 7, 10)).toEqual([
      { group: groups[0], skip: 7, take: 3 },
      { group: groups[1], skip: 0, take: 3 },
      { group: groups[2], skip: 0, take: 4 },
    ]);
  });

  it("ends with the last group (names without a date) and holds nothing past the end", () => {
    expect(groupsHoldingPage(groups, 50, 10)).toEqual([
      { group: groups[2], skip: 37, take: 3 },
      { group: groups[3], skip: 0, take: 5 },
    ]);
    expect(groupsHoldingPage(groups, 58, 10)).toEqual([]);
    expect(groupsHoldingPage([], 0, 30)).toEqual([]);
  });

  it("starts a page exactly at a group boundary", () => {
    expect(groupsHoldingPage(groups, 10, 3)).toEqual([{ group: groups[1], skip: 0, take: 3 }]);
  });
});

describe("sortGroupKeys", () => {
  it("groups the orders whose leading keys the filter counts hold, and no other", () => {
    expect(sortGroupKeys("release_date")).toEqual(["releaseDate"]);
    expect(sortGroupKeys("status")).toEqual(["status", "releaseDate"]);
    expect(sortGroupKeys("tld")).toEqual(["tld", "status", "releaseDate"]);
    expect(sortGroupKeys("length")).toEqual(["length"]);
    expect(sortGroupKeys("score")).toBeNull();
    expect(sortGroupKeys("name")).toBeNull();
  });
});
