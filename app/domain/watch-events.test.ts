import { describe, expect, it } from "vitest";
import type { ReleaseFacts } from "./domain-history";
import type { DomainEvent } from "./domain-page";
import { deriveWatchEvents, newestWatchEvents, type WatchHistory, type WatchZoneChange } from "./watch-events";

const at = (day: number, time = "03:00") => `2030-05-0${day}T${time}:00.000Z`;
const zone = (kind: WatchZoneChange["kind"], when: string, operator: string | null = null): WatchZoneChange => ({ kind, at: when, operator });
let ids = 0;
const event = (type: string, when: string, values: Partial<DomainEvent> = {}): DomainEvent => ({
  id: ++ids,
  type,
  fromStatus: null,
  toStatus: null,
  detail: null,
  createdAt: when,
  ...values,
});
const release = (values: Partial<ReleaseFacts>): ReleaseFacts => ({
  releaseDate: "2030-05-06",
  listedOn: "2030-05-04",
  renewedOn: null,
  releasedAt: null,
  firstFreeAt: null,
  takenAt: null,
  ...values,
});
const history = (values: Partial<WatchHistory>): WatchHistory => ({
  name: "alfa.se",
  watchedAt: at(1, "00:00"),
  zoneChanges: [],
  events: [],
  releases: [],
  ...values,
});
const kinds = (input: Partial<WatchHistory>) => deriveWatchEvents(history(input)).map((entry) => [entry.kind, entry.at]);

describe("deriveWatchEvents", () => {
  it("tells a name's whole life: gone, renewed, gone, listed, released, taken by another", () => {
    const entries = deriveWatchEvents(
      history({
        zoneChanges: [
          zone("disappeared", at(2)),
          zone("appeared", at(3), "Loopia"),
          zone("disappeared", at(4)),
          zone("appeared", at(6, "07:00"), "Binero"),
        ],
        events: [
          event("imported", at(4, "02:00"), { toStatus: "soonavailable", detail: "release date 2030-05-06" }),
          event("released", at(6, "04:00"), { toStatus: "available" }),
          event("seen-free", at(6, "04:30"), { toStatus: "available" }),
          event("taken", at(6, "05:10"), { toStatus: "registered" }),
        ],
        releases: [release({ releasedAt: at(6, "04:00"), firstFreeAt: at(6, "04:30"), takenAt: at(6, "05:10") })],
      }),
    );
    expect(entries).toEqual([
      { name: "alfa.se", kind: "gone_from_zone", at: at(2), operator: null, releaseDate: null },
      { name: "alfa.se", kind: "renewed", at: at(3), operator: "Loopia", releaseDate: null },
      { name: "alfa.se", kind: "gone_from_zone", at: at(4), operator: null, releaseDate: null },
      // The list at 02:00 comes before the zone's snapshot at 03:00 the same day.
      { name: "alfa.se", kind: "on_list", at: at(4, "02:00"), operator: null, releaseDate: "2030-05-06" },
      { name: "alfa.se", kind: "released_free", at: at(6, "04:00"), operator: null, releaseDate: "2030-05-06" },
      // The registry's answer came first; the zone adds who the name now points to.
      { name: "alfa.se", kind: "taken_again", at: at(6, "05:10"), operator: "Binero", releaseDate: "2030-05-06" },
    ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)));
  });

  it.each([
    ["a first appearance is a registration", [zone("appeared", at(2), "Loopia")], "registered"],
    ["back after leaving the zone is a renewal", [zone("disappeared", at(2)), zone("appeared", at(3))], "renewed"],
    ["a change of name servers changes no state", [zone("name_servers_changed", at(2), "Binero")], null],
  ] as const)("%s", (_, zoneChanges, last) => {
    const entries = deriveWatchEvents(history({ zoneChanges: [...zoneChanges] }));
    expect(entries.at(-1)?.kind ?? null).toBe(last);
  });

  it("reads the ledger where no event tells a fact (a release measured without events)", () => {
    expect(kinds({ releases: [release({ releasedAt: at(6, "04:00"), takenAt: at(6, "04:30") })] })).toEqual([
      ["on_list", "2030-05-04T00:00:00.000Z"],
      ["released_free", at(6, "04:00")],
      ["taken_again", at(6, "04:30")],
    ]);
  });

  it("uses what happened before the watch to read later changes, but makes entries only from the watch on", () => {
    const zoneChanges = [zone("disappeared", at(2)), zone("appeared", at(4), "Loopia")];
    expect(kinds({ watchedAt: at(3), zoneChanges })).toEqual([["renewed", at(4)]]);
    expect(kinds({ watchedAt: at(5), zoneChanges })).toEqual([]);
  });

  it("counts a renewal the list and the zone both tell once", () => {
    const entries = kinds({
      zoneChanges: [zone("disappeared", at(2)), zone("appeared", at(4))],
      events: [event("imported", at(3), { toStatus: "soonavailable", detail: "release date 2030-05-09" }), event("renewed", at(4), { toStatus: "renewed" })],
    });
    expect(entries).toEqual([
      ["gone_from_zone", at(2)],
      ["on_list", at(3)],
      ["renewed", at(4)],
    ]);
  });

  it("takes a moved release date's new day, and the release's day for the catch", () => {
    const entries = deriveWatchEvents(
      history({
        events: [
          event("status-changed", at(2), { toStatus: "soonavailable", fromStatus: "registered", detail: "release date none -> 2030-05-07" }),
          event("released", at(7, "04:00"), { toStatus: "available" }),
          event("taken", at(7, "06:00"), { toStatus: "registered" }),
        ],
      }),
    );
    expect(entries.map((entry) => [entry.kind, entry.releaseDate])).toEqual([
      ["on_list", "2030-05-07"],
      ["released_free", "2030-05-07"],
      ["taken_again", "2030-05-07"],
    ]);
  });
});

describe("newestWatchEvents", () => {
  it("merges the names' entries newest first and keeps at most the limit", () => {
    const alfa = history({ zoneChanges: [zone("disappeared", at(2)), zone("appeared", at(5))] });
    const beta = history({ name: "beta.se", zoneChanges: [zone("disappeared", at(3))] });
    expect(newestWatchEvents([alfa, beta], 2).map((entry) => [entry.name, entry.kind])).toEqual([
      ["alfa.se", "renewed"],
      ["beta.se", "gone_from_zone"],
    ]);
  });
});

describe("deriveWatchEvents at one instant", () => {
  it("keeps a release's steps in their order when they share a time", () => {
    const moment = at(6, "04:00");
    const entries = deriveWatchEvents(
      history({
        events: [event("taken", moment, { toStatus: "registered" }), event("released", moment, { toStatus: "available" })],
      }),
    );
    expect(entries.map((entry) => entry.kind)).toEqual(["released_free", "taken_again"]);
  });
});
