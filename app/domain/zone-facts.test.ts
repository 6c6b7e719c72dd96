import { describe, expect, it } from "vitest";
import { delegatedSinceText, lastChangeText, notInZoneText, operatorText, zoneLineText, type ZoneFacts } from "./zone-facts";

describe("the zone's words on the domain page", () => {
  it("says 'sedan minst' for a name of the first snapshot, and gives a later one's time with its zone", () => {
    expect(delegatedSinceText({ since: "2026-12-03T06:00:00Z", sinceIsFirstSnapshot: true })).toBe(
      "Delegerad sedan minst 3 december 2026 (vår första ögonblicksbild)",
    );
    expect(delegatedSinceText({ since: "2026-12-04T06:00:00Z", sinceIsFirstSnapshot: false })).toBe(
      "Delegerad sedan 4 december 2026 kl. 07:00 (svensk tid)",
    );
    expect(delegatedSinceText({ since: null, sinceIsFirstSnapshot: false })).toBeNull();
  });

  it("names the last change and where the name servers point, never who registered it", () => {
    expect(lastChangeText({ kind: "name_servers_changed", at: "2026-12-04T06:00:00Z" })).toBe(
      "Senaste ändring: bytte namnservrar 4 december 2026 kl. 07:00 (svensk tid)",
    );
    expect(lastChangeText(null)).toBeNull();
    expect(operatorText({ operator: { name: "Loopia", kind: "registrar_host", fromTable: true } })).toBe("pekar på Loopias namnservrar");
    expect(operatorText({ operator: { name: "example.se", kind: "other", fromTable: false } }, { capital: true })).toBe(
      "Pekar på namnservrar hos example.se",
    );
  });

  it("a name outside the zone: what our lists know, else both possibilities", () => {
    expect(notInZoneText({ lastChange: null }, "unknown")).toBe(
      "Finns inte i zonen: domänen är antingen registrerad utan namnservrar eller ledig.",
    );
    expect(notInZoneText({ lastChange: null }, "available")).toBe("Finns inte i zonen: enligt våra listor är domänen ledig.");
    expect(notInZoneText({ lastChange: { kind: "disappeared", at: "2026-12-04T06:00:00Z" } }, "registered")).toBe(
      "Försvann ur zonen 4 december 2026 kl. 07:00 (svensk tid). Finns inte i zonen: enligt våra listor är domänen registrerad, men utan namnservrar.",
    );
  });
});

describe("a listed name's zone line", () => {
  const delegated: ZoneFacts = {
    snapshotAt: "2026-12-04T06:00:00Z",
    delegated: true,
    since: "2026-12-04T06:00:00Z",
    sinceIsFirstSnapshot: false,
    nameServers: ["ns1.loopia.se"],
    hasDs: false,
    operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
    lastChange: { kind: "appeared", at: "2026-12-04T06:00:00Z" },
  };

  it("says 'igen' for a released name that came back, 'sedan minst' for the first snapshot's", () => {
    // The snapshot's time, called a snapshot's: the name was taken at or before it.
    expect(zoneLineText(delegated, "registered")).toBe(
      "I zonen igen 4 december 2026 kl. 07:00 (ögonblicksbild, svensk tid) · pekar på Loopias namnservrar",
    );
    // Beside the release morning's times: the release day in Sweden is named, not repeated.
    expect(zoneLineText(delegated, "registered", "2026-12-04")).toBe(
      "I zonen igen på släppdagen kl. 07:00 (ögonblicksbild, svensk tid) · pekar på Loopias namnservrar",
    );
    expect(zoneLineText(delegated, "renewed", "2026-12-10")).toBe(
      "I zonen igen 4 december 2026 kl. 07:00 (ögonblicksbild, svensk tid) · pekar på Loopias namnservrar",
    );
    // 23:30 UTC on the 3rd is already the 4th in Sweden.
    expect(zoneLineText({ ...delegated, since: "2026-12-03T23:30:00Z" }, "registered", "2026-12-03")).toBe(
      "I zonen igen 4 december 2026 kl. 00:30 (ögonblicksbild, svensk tid) · pekar på Loopias namnservrar",
    );
    expect(zoneLineText(delegated, "soonavailable")).toBe(
      "I zonen sedan 4 december 2026 kl. 07:00 (ögonblicksbild, svensk tid) · pekar på Loopias namnservrar",
    );
    expect(zoneLineText({ ...delegated, sinceIsFirstSnapshot: true, since: "2026-12-03T06:00:00Z" }, "registered")).toBe(
      "I zonen sedan minst 3 december 2026 · pekar på Loopias namnservrar",
    );
    expect(zoneLineText({ ...delegated, delegated: false, since: null, operator: null, lastChange: null }, "soonavailable")).toBe(
      "Inte i zonen",
    );
  });
});
