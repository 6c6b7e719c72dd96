import { expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { importTuned, jsonList, type ListEntry } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { withTransaction } from "~/server/db/with-transaction.server";
import type { DelegationRecord, FullZoneRead } from "~/server/zone/zone-records.server";
import { applyHeldZoneRun, applyZoneRead } from "./store/apply-zone-read.server";
import { applyZoneListEffects } from "./zone-list-effects.server";

const T0 = new Date("2030-03-01T02:00:00Z");
const T1 = new Date("2030-03-01T03:30:00Z");
const T2 = new Date("2030-03-01T12:00:00Z");
const NS = ["ns1.host.se", "ns2.host.se"];

/** A whole .se zone of these names, as a transfer hands it over. */
function zoneOf(serial: number, names: string[]): FullZoneRead {
  async function* records(): AsyncGenerator<DelegationRecord> {
    for (const name of names) for (const host of NS) yield { name, type: "NS", host };
  }
  return { kind: "full", tld: "se", serial, records: records() };
}

const BASELINE = Array.from({ length: 10 }, (_, i) => `finns${i + 1}.se`);

describeEachEngine("what the zone tells the lists", ({ handle }) => {
  const row = async (name: string) => {
    const [found] = await handle().query<Record<string, unknown>>(
      "select status, registration_date::text, taken_at, last_checked_at, updated_at from domains where name = $1",
      [name],
    );
    return found;
  };
  const events = async (name: string) =>
    handle().query<Record<string, unknown>>(
      "select type, from_status, to_status, source, created_at from domain_events where domain_name = $1 order by id",
      [name],
    );
  const outcome = async (name: string) => {
    const [found] = await handle().query<Record<string, unknown>>(
      "select renewed_on::text, released_at, first_free_at, taken_at from release_outcomes where domain_name = $1",
      [name],
    );
    return found;
  };
  const addOutcome = (name: string, releaseDate: string, times: { releasedAt?: Date; firstFreeAt?: Date; takenAt?: Date } = {}) =>
    handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
       values ($1, $2, '.se', 5, 1, '2030-02-01', $3, $4, $4, $5)`,
      [name, releaseDate, times.releasedAt ?? null, times.firstFreeAt ?? null, times.takenAt ?? null],
    );
  const baseline = () => applyZoneRead(handle(), zoneOf(1, BASELINE), { source: "full", now: T0 });

  it("marks a soon-available name back in the zone before its release renewed at once, with the snapshot's time", async () => {
    // Releasing tomorrow: inside the 48 hours in which a list's missing name proves nothing, but the zone is no list.
    await createDomains(handle().db, [{ name: "snart.se", status: "soonavailable", releaseDate: "2030-03-02" }]);
    await addOutcome("snart.se", "2030-03-02");
    await baseline();

    const result = await applyZoneRead(handle(), zoneOf(2, [...BASELINE, "snart.se"]), { source: "full", now: T1 });

    expect(result.state).toBe("succeeded");
    expect(await row("snart.se")).toMatchObject({ status: "renewed", taken_at: null, updated_at: T1 });
    expect(await events("snart.se")).toEqual([
      { type: "renewed", from_status: "soonavailable", to_status: "renewed", source: `zone:${result.run.id}`, created_at: T1 },
    ]);
    expect(await outcome("snart.se")).toMatchObject({ renewed_on: "2030-03-01", released_at: null, taken_at: null });
  });

  it("marks a released name that appears in the zone registered again, and leaves the availability check's own times", async () => {
    await createDomains(handle().db, [
      // Released yesterday, last seen free this morning.
      { name: "slappt.se", status: "available", releaseDate: "2030-02-28", lastCheckedAt: new Date("2030-03-01T10:00:00Z") },
      // Released today at 04:00, not checked yet: in the zone at noon, someone took it.
      { name: "morgon.se", status: "available", releaseDate: "2030-03-01", lastCheckedAt: null },
      // The availability check saw it taken at 09:12.
      {
        name: "tagen.se",
        status: "registered",
        releaseDate: "2030-02-28",
        registrationDate: "2030-02-28",
        takenAt: new Date("2030-02-28T09:12:00Z"),
        lastCheckedAt: new Date("2030-02-28T09:12:00Z"),
      },
    ]);
    await addOutcome("slappt.se", "2030-02-28", {
      releasedAt: new Date("2030-02-28T04:00:00Z"),
      firstFreeAt: new Date("2030-02-28T05:00:00Z"),
    });
    await addOutcome("tagen.se", "2030-02-28", {
      releasedAt: new Date("2030-02-28T04:00:00Z"),
      firstFreeAt: new Date("2030-02-28T05:00:00Z"),
      takenAt: new Date("2030-02-28T09:12:00Z"),
    });
    await baseline();

    const result = await applyZoneRead(handle(), zoneOf(2, [...BASELINE, "slappt.se", "morgon.se", "tagen.se"]), {
      source: "full",
      now: T2,
    });

    const taken = { type: "taken", from_status: "available", to_status: "registered", source: `zone:${result.run.id}`, created_at: T2 };
    expect(await row("slappt.se")).toEqual({
      status: "registered",
      registration_date: "2030-03-01",
      taken_at: T2,
      last_checked_at: new Date("2030-03-01T10:00:00Z"),
      updated_at: T2,
    });
    expect(await events("slappt.se")).toEqual([taken]);
    expect(await outcome("slappt.se")).toMatchObject({ taken_at: T2, first_free_at: new Date("2030-02-28T05:00:00Z") });
    // No "held" on its release morning: the registry delegates no name it still holds.
    expect(await row("morgon.se")).toMatchObject({ status: "registered", taken_at: T2 });
    expect(await events("morgon.se")).toEqual([taken]);

    expect(await row("tagen.se")).toMatchObject({
      status: "registered",
      registration_date: "2030-02-28",
      taken_at: new Date("2030-02-28T09:12:00Z"),
    });
    expect(await events("tagen.se")).toEqual([]);
    expect(await outcome("tagen.se")).toMatchObject({ taken_at: new Date("2030-02-28T09:12:00Z") });
  });

  it("never dates a name taken before the availability check last saw it free", async () => {
    await createDomains(handle().db, [
      { name: "sen.se", status: "available", releaseDate: "2030-02-27", lastCheckedAt: new Date("2030-03-01T12:30:00Z") },
    ]);
    await baseline();

    await applyZoneRead(handle(), zoneOf(2, [...BASELINE, "sen.se"]), { source: "full", now: T2 });

    expect(await row("sen.se")).toMatchObject({ status: "registered", taken_at: new Date("2030-03-01T12:30:00Z") });
  });

  it("renews a name the snapshot saw before its release instant even when it was marked released meanwhile", async () => {
    // Read at 03:30, released at 04:00 before the read was applied; never seen free.
    await createDomains(handle().db, [{ name: "tidig.se", status: "available", releaseDate: "2030-03-01", lastCheckedAt: null }]);
    await addOutcome("tidig.se", "2030-03-01", { releasedAt: new Date("2030-03-01T04:00:00Z") });
    await baseline();

    await applyZoneRead(handle(), zoneOf(2, [...BASELINE, "tidig.se"]), { source: "full", now: T1 });

    expect(await row("tidig.se")).toMatchObject({ status: "renewed", taken_at: null });
    expect((await events("tidig.se")).map((event) => [event.from_status, event.to_status])).toEqual([["available", "renewed"]]);
    expect(await outcome("tidig.se")).toMatchObject({ renewed_on: "2030-03-01", released_at: null });
  });

  it("leaves names on no list, premium, renewed and the baseline's names alone, and is idempotent", async () => {
    await createDomains(handle().db, [
      { name: "finns1.se", status: "soonavailable", releaseDate: "2030-03-05" },
      { name: "salu.se", status: "premium" },
      { name: "fornyad.se", status: "renewed", releaseDate: "2030-03-05" },
      { name: "snart.se", status: "soonavailable", releaseDate: "2030-03-05" },
    ]);
    await baseline();
    const result = await applyZoneRead(handle(), zoneOf(2, [...BASELINE, "okand.se", "salu.se", "fornyad.se", "snart.se"]), {
      source: "full",
      now: T1,
    });

    // The first snapshot is a baseline: its names did not come back, they were there.
    expect(await row("finns1.se")).toMatchObject({ status: "soonavailable" });
    expect(await row("okand.se")).toBeUndefined();
    expect(await row("salu.se")).toMatchObject({ status: "premium" });
    expect(await row("fornyad.se")).toMatchObject({ status: "renewed" });
    expect(await handle().query("select domain_name from domain_events order by id")).toEqual([{ domain_name: "snart.se" }]);

    const again = await withTransaction(handle(), (query) => applyZoneListEffects(query, { id: result.run.id, seenAt: T1 }));
    expect(again).toEqual({ renewed: 0, registered: 0 });
    expect(await events("snart.se")).toHaveLength(1);
  });

  it("keeps a name the zone renewed when a release list that is behind still names it, until a list names a new release", async () => {
    await createDomains(handle().db, [
      { name: "snart.se", status: "soonavailable", releaseDate: "2030-03-02" },
      // Renewed by a list (missing from it), not delegated: a list naming it again makes it soon-available, as before.
      { name: "borta.se", status: "renewed", releaseDate: "2030-03-09" },
    ]);
    await baseline();
    await applyZoneRead(handle(), zoneOf(2, [...BASELINE, "snart.se"]), { source: "full", now: T1 });
    const importList = (entries: ListEntry[], now: Date) =>
      importTuned(handle(), { source: { kind: "bytes", bytes: jsonList(entries), fileName: "list.json" }, trigger: "upload" }, { now });

    await importList(
      [
        { name: "snart.se", release_at: "2030-03-02" },
        { name: "borta.se", release_at: "2030-03-09" },
      ],
      new Date("2030-03-01T05:00:00Z"),
    );
    expect(await row("snart.se")).toMatchObject({ status: "renewed" });
    expect(await row("borta.se")).toMatchObject({ status: "soonavailable" });
    // Still listed on its release morning: not released either.
    await importList([{ name: "snart.se", release_at: "2030-03-02" }], new Date("2030-03-02T05:00:00Z"));
    expect(await row("snart.se")).toMatchObject({ status: "renewed" });
    expect((await events("snart.se")).map((event) => event.type)).toEqual(["renewed"]);

    // Next year's release is a new one.
    await importList([{ name: "snart.se", release_at: "2031-03-02" }], new Date("2031-02-01T05:00:00Z"));
    expect(await row("snart.se")).toMatchObject({ status: "soonavailable" });
  });

  it("changes nothing for a held read, and applies it with the read's time when it is applied anyway", async () => {
    await createDomains(handle().db, [{ name: "snart.se", status: "soonavailable", releaseDate: "2030-03-05" }]);
    await baseline();
    // Half the zone gone: held.
    const held = await applyZoneRead(handle(), zoneOf(2, [...BASELINE.slice(0, 5), "snart.se"]), { source: "full", now: T1 });

    expect(held.state).toBe("held");
    expect(await row("snart.se")).toMatchObject({ status: "soonavailable" });
    expect(await events("snart.se")).toEqual([]);

    await applyHeldZoneRun(handle(), held.run.id, { now: T2 });
    expect(await row("snart.se")).toMatchObject({ status: "renewed", updated_at: T1 });
    expect(await events("snart.se")).toEqual([
      { type: "renewed", from_status: "soonavailable", to_status: "renewed", source: `zone:${held.run.id}`, created_at: T1 },
    ]);
  });
});
