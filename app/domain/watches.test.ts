import { describe, expect, it } from "vitest";
import { parseWatchPage, unlistedWatchState, watchPageHref } from "./watches";
import type { ZoneFacts } from "./zone-facts";

const notDelegated: ZoneFacts = {
  snapshotAt: "2026-12-04T06:00:00Z",
  delegated: false,
  since: null,
  sinceIsFirstSnapshot: false,
  nameServers: [],
  hasDs: false,
  operator: null,
  lastChange: null,
};

describe("the account's list of watches", () => {
  it.each([
    [null, 1],
    ["1", 1],
    ["2", 2],
    ["21", 21],
    ["0", 1],
    ["-3", 1],
    ["2.5", 1],
    ["02", 1],
    ["1e3", 1],
    ["abc", 1],
    ["9999999", 1],
  ])("reads the page %j as %d", (value, page) => {
    expect(parseWatchPage(value)).toBe(page);
  });

  it("links the first page without a parameter", () => {
    expect(watchPageHref(1)).toBe("/account?tab=bookmarks");
    expect(watchPageHref(3)).toBe("/account?tab=bookmarks&sida=3");
  });

  it("says what the zone knows of a name on no list", () => {
    expect(unlistedWatchState(null)).toEqual({
      label: "Okänd status",
      detail: "Registrets zon är inte läst än, så vi vet inte om domänen är registrerad.",
      delegated: false,
    });
    expect(
      unlistedWatchState({
        ...notDelegated,
        delegated: true,
        since: "2026-12-03T06:00:00Z",
        sinceIsFirstSnapshot: true,
        nameServers: ["ns1.loopia.se"],
        operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
      }),
    ).toEqual({ label: "Registrerad", detail: "I zonen sedan minst 3 december 2026 · pekar på Loopias namnservrar", delegated: true });
    expect(unlistedWatchState(notDelegated)).toEqual({
      label: "Inte i zonen",
      detail: "Finns inte i zonen: domänen är antingen registrerad utan namnservrar eller ledig.",
      delegated: false,
    });
    expect(unlistedWatchState({ ...notDelegated, lastChange: { kind: "disappeared", at: "2026-12-04T06:00:00Z" } }).detail).toBe(
      "Försvann ur zonen 4 december 2026 kl. 07:00 (svensk tid). Finns inte i zonen: domänen är antingen registrerad utan namnservrar eller ledig.",
    );
  });
});
