import { describe, expect, it } from "vitest";
import { type ListedFacts, type OutcomeFacts, type WatchFacts, watchStateOfName, watchStateText } from "./watch-state-of-name";
import type { ZoneFacts } from "./zone-facts";

const now = new Date("2026-12-05T08:00:00Z");

const delegated = (since: string, change: ZoneFacts["lastChange"] = null, first = false): ZoneFacts => ({
  snapshotAt: "2026-12-05T06:00:00Z",
  delegated: true,
  since,
  sinceIsFirstSnapshot: first,
  nameServers: ["ns1.loopia.se"],
  hasDs: false,
  operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
  lastChange: change,
});
const absent = (change: ZoneFacts["lastChange"] = null): ZoneFacts => ({
  snapshotAt: "2026-12-05T06:00:00Z",
  delegated: false,
  since: null,
  sinceIsFirstSnapshot: false,
  nameServers: [],
  hasDs: false,
  operator: null,
  lastChange: change,
});
const listed = (status: ListedFacts["status"], releaseDate: string | null = null, takenAt: string | null = null): ListedFacts => ({
  status,
  releaseDate,
  takenAt,
});
const outcome = (releaseDate: string, more: Partial<OutcomeFacts> = {}): OutcomeFacts => ({
  releaseDate,
  listedOn: "2026-11-20",
  renewedOn: null,
  firstFreeAt: null,
  takenAt: null,
  ...more,
});
const facts = (more: Partial<WatchFacts>): WatchFacts => ({ listed: null, outcome: null, zone: null, ...more });

describe("a watched name's state", () => {
  it.each<[string, WatchFacts, ReturnType<typeof watchStateOfName>]>([
    ["nothing known", facts({}), { kind: "unknown", since: null, releaseDate: null, operator: null }],
    [
      "premium, whatever the zone says",
      facts({ listed: listed("premium"), zone: delegated("2026-12-01T06:00:00Z") }),
      { kind: "premium", since: null, releaseDate: null, operator: null },
    ],
    [
      "on the list before its release, since the day it was listed",
      facts({
        listed: listed("soonavailable", "2026-12-10"),
        outcome: outcome("2026-12-10"),
        zone: absent({ kind: "disappeared", at: "2026-10-01T06:00:00Z" }),
      }),
      { kind: "on_list", since: "2026-11-20T00:00:00.000Z", releaseDate: "2026-12-10", operator: null },
    ],
    [
      "renewed when the list says so",
      facts({ listed: listed("renewed", "2026-12-10"), outcome: outcome("2026-12-10", { renewedOn: "2026-12-02" }), zone: absent() }),
      { kind: "renewed", since: "2026-12-02T00:00:00.000Z", releaseDate: "2026-12-10", operator: null },
    ],
    [
      "renewed when the zone has the listed name back before its release",
      facts({
        listed: listed("soonavailable", "2026-12-10"),
        zone: delegated("2026-12-04T06:00:00Z", { kind: "appeared", at: "2026-12-04T06:00:00Z" }),
      }),
      { kind: "renewed", since: "2026-12-04T06:00:00Z", releaseDate: "2026-12-10", operator: "Loopia", operatorInTable: true },
    ],
    [
      "released and free, from its first free answer",
      facts({
        listed: listed("available", "2026-12-03"),
        outcome: outcome("2026-12-03", { firstFreeAt: "2026-12-03T04:05:00.000Z" }),
        zone: absent(),
      }),
      { kind: "released_free", since: "2026-12-03T04:05:00.000Z", releaseDate: "2026-12-03", operator: null },
    ],
    [
      "released and free at the release instant when no check answered yet (the list not moved yet)",
      facts({ listed: listed("soonavailable", "2026-12-05") }),
      { kind: "released_free", since: "2026-12-05T04:00:00.000Z", releaseDate: "2026-12-05", operator: null },
    ],
    [
      "taken again: the outcome's time and the zone's operator",
      facts({
        listed: listed("registered", "2026-12-03", "2026-12-04T06:10:00.000Z"),
        outcome: outcome("2026-12-03", { firstFreeAt: "2026-12-03T04:05:00.000Z", takenAt: "2026-12-04T06:10:00.000Z" }),
        zone: delegated("2026-12-04T06:00:00Z", { kind: "appeared", at: "2026-12-04T06:00:00Z" }),
      }),
      { kind: "taken_again", since: "2026-12-04T06:10:00.000Z", releaseDate: "2026-12-03", operator: "Loopia", operatorInTable: true },
    ],
    [
      "taken again when the zone delegates it since after the release (no check yet)",
      facts({ listed: listed("available", "2026-12-03"), zone: delegated("2026-12-04T12:00:00.000Z") }),
      { kind: "taken_again", since: "2026-12-04T12:00:00.000Z", releaseDate: "2026-12-03", operator: "Loopia", operatorInTable: true },
    ],
    [
      "taken again, then gone from the zone after that",
      facts({
        listed: listed("registered", "2025-06-03", "2025-06-03T05:00:00.000Z"),
        outcome: outcome("2025-06-03", { takenAt: "2025-06-03T05:00:00.000Z" }),
        zone: absent({ kind: "disappeared", at: "2026-11-30T06:00:00.000Z" }),
      }),
      { kind: "gone_from_zone", since: "2026-11-30T06:00:00.000Z", releaseDate: null, operator: null },
    ],
    [
      "a newer listing wins over an older release",
      facts({ listed: listed("soonavailable", "2026-12-20"), outcome: outcome("2025-06-03", { takenAt: "2025-06-03T05:00:00.000Z" }) }),
      { kind: "on_list", since: null, releaseDate: "2026-12-20", operator: null },
    ],
    [
      "registered when delegated and never released",
      facts({ zone: delegated("2026-12-01T06:00:00.000Z") }),
      { kind: "registered", since: "2026-12-01T06:00:00.000Z", releaseDate: null, operator: "Loopia", operatorInTable: true },
    ],
    [
      "registered since at least the first snapshot: no time",
      facts({ listed: listed("unlisted"), zone: delegated("2026-11-01T06:00:00.000Z", null, true) }),
      { kind: "registered", since: null, releaseDate: null, operator: "Loopia", operatorInTable: true },
    ],
    [
      "gone from the zone",
      facts({ zone: absent({ kind: "disappeared", at: "2026-12-02T06:00:00.000Z" }) }),
      { kind: "gone_from_zone", since: "2026-12-02T06:00:00.000Z", releaseDate: null, operator: null },
    ],
    [
      "registered by the list without the zone",
      facts({ listed: listed("registered", null, "2026-01-01T00:00:00.000Z") }),
      { kind: "registered", since: "2026-01-01T00:00:00.000Z", releaseDate: null, operator: null },
    ],
    [
      "free: available and never listed for a release",
      facts({ listed: listed("available") }),
      { kind: "free", since: null, releaseDate: null, operator: null },
    ],
    [
      "not in the zone and on no list: unknown (held without name servers or free)",
      facts({ zone: absent() }),
      { kind: "unknown", since: null, releaseDate: null, operator: null },
    ],
  ])("%s", (_, input, expected) => {
    expect(watchStateOfName(input, now)).toEqual(expected);
  });

  it("an operator outside the table is named by its host", () => {
    const zone = { ...delegated("2026-12-01T06:00:00.000Z"), operator: { name: "example.com", kind: "other" as const, fromTable: false } };
    expect(watchStateText(watchStateOfName(facts({ zone }), now))).toBe(
      "Registrerad, i zonen sedan 1 december 2026 kl. 07:00 (svensk tid), pekar på namnservrar hos example.com",
    );
  });
});

describe("a watch state in words", () => {
  it.each<[Parameters<typeof watchStateText>[0], string]>([
    [
      { kind: "taken_again", since: "2026-12-04T06:10:00.000Z", releaseDate: "2026-12-03", operator: "Loopia", operatorInTable: true },
      "Tagen igen 4 december 2026 kl. 07:10 (svensk tid), pekar på Loopias namnservrar, släpptes 3 december 2026",
    ],
    [
      { kind: "on_list", since: "2026-11-20T00:00:00.000Z", releaseDate: "2026-12-10", operator: null },
      "Släpps snart 10 december 2026, på listan sedan 20 november 2026",
    ],
    [
      { kind: "released_free", since: "2026-12-03T04:05:00.000Z", releaseDate: "2026-12-03", operator: null },
      "Släppt och ledig sedan 3 december 2026 kl. 05:05 (svensk tid)",
    ],
    [
      { kind: "gone_from_zone", since: "2026-12-02T06:00:00.000Z", releaseDate: null, operator: null },
      "Borta ur zonen sedan 2 december 2026 kl. 07:00 (svensk tid)",
    ],
    [{ kind: "renewed", since: "2026-12-02T00:00:00.000Z", releaseDate: "2026-12-10", operator: null }, "Förnyad 2 december 2026"],
    [{ kind: "taken_again", since: null, releaseDate: null, operator: null }, "Tagen igen"],
    [{ kind: "free", since: null, releaseDate: null, operator: null }, "Ledig"],
    [{ kind: "premium", since: null, releaseDate: null, operator: null }, "Till salu"],
    [{ kind: "unknown", since: null, releaseDate: null, operator: null }, "Okänd status"],
  ])("%j", (state, text) => {
    expect(watchStateText(state)).toBe(text);
  });
});
