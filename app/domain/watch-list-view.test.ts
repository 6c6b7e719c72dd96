import { describe, expect, it } from "vitest";
import {
  countWatchStates,
  isChangedSinceShown,
  parseWatchFilter,
  parseWatchSort,
  type SortableWatch,
  sortAndFilterWatches,
  watchListHref,
} from "./watch-list-view";

const watch = (
  name: string,
  kind: SortableWatch["state"]["kind"],
  since: string | null,
  watchedAt: string,
  isNew = false,
): SortableWatch => ({
  name,
  unicodeName: name,
  watchedAt,
  state: { kind, since },
  isNew,
});

const watches = [
  watch("beta.se", "registered", "2026-12-01T06:00:00.000Z", "2026-11-03T00:00:00.000Z"),
  watch("alfa.se", "released_free", "2026-12-03T04:00:00.000Z", "2026-11-01T00:00:00.000Z", true),
  watch("östra.se", "unknown", null, "2026-11-04T00:00:00.000Z"),
  watch("ärlig.se", "on_list", "2026-11-20T00:00:00.000Z", "2026-11-02T00:00:00.000Z", true),
  watch("cesar.se", "registered", "2026-12-04T06:00:00.000Z", "2026-11-05T00:00:00.000Z"),
];
const names = (list: SortableWatch[]) => list.map((item) => item.name);

describe("the watch list's view", () => {
  it.each([
    ["andrad", ["cesar.se", "alfa.se", "beta.se", "ärlig.se", "östra.se"]],
    ["tillstand", ["alfa.se", "ärlig.se", "cesar.se", "beta.se", "östra.se"]],
    ["namn", ["alfa.se", "beta.se", "cesar.se", "ärlig.se", "östra.se"]],
    ["bevakad", ["cesar.se", "östra.se", "beta.se", "ärlig.se", "alfa.se"]],
  ] as const)("sorts by %s", (sort, expected) => {
    expect(names(sortAndFilterWatches(watches, { sort, filter: null }))).toEqual(expected);
  });

  it("filters by a state, and by changed ones", () => {
    expect(names(sortAndFilterWatches(watches, { sort: "namn", filter: "registered" }))).toEqual(["beta.se", "cesar.se"]);
    expect(names(sortAndFilterWatches(watches, { sort: "namn", filter: "andrade" }))).toEqual(["alfa.se", "ärlig.se"]);
    expect(sortAndFilterWatches(watches, { sort: "namn", filter: "taken_again" })).toEqual([]);
  });

  it("counts every state", () => {
    expect(countWatchStates(watches)).toMatchObject({ registered: 2, released_free: 1, on_list: 1, unknown: 1, taken_again: 0 });
  });

  it.each([
    [null, "andrad"],
    ["namn", "namn"],
    ["bevakad", "bevakad"],
    ["NAMN", "andrad"],
    ["x", "andrad"],
  ])("reads the sort %j as %s", (value, sort) => {
    expect(parseWatchSort(value)).toBe(sort);
  });

  it.each([
    [null, null],
    ["andrade", "andrade"],
    ["taken_again", "taken_again"],
    ["Tagen igen", null],
    ["", null],
  ])("reads the filter %j as %j", (value, filter) => {
    expect(parseWatchFilter(value)).toBe(filter);
  });

  it("leaves defaults out of the address", () => {
    expect(watchListHref({ sort: "andrad", filter: null, page: 1 })).toBe("/account?tab=bookmarks");
    expect(watchListHref({ sort: "namn", filter: "on_list", page: 3 })).toBe("/account?tab=bookmarks&ordning=namn&visa=on_list&sida=3");
  });

  it.each([
    [{ kind: "registered", since: "2026-12-01T06:00:00.000Z" }, { kind: null, since: null }, false],
    [{ kind: "registered", since: "2026-12-01T06:00:00.000Z" }, { kind: "registered", since: "2026-12-01T06:00:00Z" }, false],
    [{ kind: "registered", since: "2026-12-01T06:00:00.000Z" }, { kind: "registered", since: "2026-11-01T06:00:00.000Z" }, true],
    [{ kind: "taken_again", since: null }, { kind: "released_free", since: null }, true],
    [{ kind: "unknown", since: null }, { kind: "unknown", since: null }, false],
    [{ kind: "registered", since: null }, { kind: "registered", since: "2026-11-01T06:00:00.000Z" }, true],
  ] as const)("%j against shown %j is changed: %s", (state, shown, changed) => {
    expect(isChangedSinceShown(state, shown)).toBe(changed);
  });
});
