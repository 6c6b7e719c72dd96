import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import type { DelegationRecord, FullZoneRead, IncrementalZoneRead, ZoneTld } from "~/server/zone/zone-records.server";
import { applyHeldZoneRun, applyZoneRead, ZONE_HOLD_SHARE, ZoneRunNotApplicable } from "./apply-zone-read.server";
import { STAGING_BATCH } from "./stage-zone-read.server";
import { closeLeftoverZoneRuns, listZoneRuns, STALE_ZONE_RUN_MESSAGE } from "./zone-runs.server";

const T0 = new Date("2030-03-01T06:00:00Z");
const T1 = new Date("2030-03-01T12:00:00Z");
const T2 = new Date("2030-03-01T18:00:00Z");

type Zone = Record<string, { ns: string[]; ds?: number }>;

function* recordsOf(zone: Zone): Generator<DelegationRecord> {
  for (const [name, { ns, ds = 0 }] of Object.entries(zone)) {
    for (const host of ns) yield { name, type: "NS", host };
    for (let i = 0; i < ds; i++) yield { name, type: "DS" };
  }
}

/** A whole zone as a reader hands it over; `failAfter` records (or after the last one) it throws, as a cut transfer does. */
function fullRead(
  serial: number,
  zone: Zone,
  options: { tld?: ZoneTld; failAfter?: number; failAtEnd?: boolean } = {},
): FullZoneRead & { iterated: () => boolean } {
  let started = false;
  async function* records() {
    started = true;
    let count = 0;
    for (const record of recordsOf(zone)) {
      if (count === options.failAfter) throw new Error("The transfer was cut off after " + count + " records.");
      yield record;
      count += 1;
    }
    if (options.failAtEnd) throw new Error("The closing SOA (serial 99) differs from the opening one.");
  }
  return { kind: "full", tld: options.tld ?? "se", serial, records: records(), iterated: () => started };
}

type Change = { op: "delete" | "add"; record: DelegationRecord };
const del = (name: string, host?: string): Change => ({ op: "delete", record: host ? { name, type: "NS", host } : { name, type: "DS" } });
const add = (name: string, host?: string): Change => ({ op: "add", record: host ? { name, type: "NS", host } : { name, type: "DS" } });

function incrementalRead(
  fromSerial: number,
  serial: number,
  changes: Change[],
  options: { failAtEnd?: boolean } = {},
): IncrementalZoneRead {
  async function* stream() {
    for (const change of changes) yield change;
    if (options.failAtEnd) throw new Error("The transfer ended without its closing SOA.");
  }
  return { kind: "incremental", tld: "se", fromSerial, serial, changes: stream() };
}

/** `count` names a1.se … with two name servers each. */
function manyNames(count: number, prefix = "a"): Zone {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i + 1}.se`, { ns: ["ns1.host.se", "ns2.host.se"] }]));
}

describeEachEngine("the zone store", ({ handle }) => {
  const delegations = async () =>
    Object.fromEntries(
      (
        await handle().query<{ name: string; name_servers: string[]; has_ds: boolean; delegated_since: Date; last_changed_at: Date }>(
          "select name, name_servers, has_ds, delegated_since, last_changed_at from zone_delegations order by name",
        )
      ).map((row) => [
        row.name,
        {
          ns: row.name_servers,
          ds: row.has_ds,
          since: new Date(row.delegated_since).toISOString(),
          changed: new Date(row.last_changed_at).toISOString(),
        },
      ]),
    );
  const changes = async () =>
    handle().query<{ name: string; kind: string; old_name_servers: string[] | null; new_name_servers: string[] | null; seen_at: Date }>(
      "select name, kind, old_name_servers, new_name_servers, seen_at from zone_changes order by name, id",
    );
  const stagingTables = async () =>
    (
      await handle().query<{ name: string }>(
        "select tablename as name from pg_tables where tablename like 'zone\\_%\\_%' and tablename ~ '[0-9]$' order by 1",
      )
    ).map((row) => row.name);

  const BASE: Zone = {
    "alfa.se": { ns: ["ns2.loopia.se", "ns1.loopia.se", "ns1.loopia.se"], ds: 2 },
    "beta.se": { ns: ["b.ns.se", "a.ns.se"] },
    "gamma.se": { ns: ["ns.one.com"] },
    "delta.se": { ns: ["ns1.binero.se"], ds: 1 },
  };

  it("takes a TLD's first snapshot as the baseline: names sorted and deduplicated, DS as yes/no, no change rows", async () => {
    const result = await applyZoneRead(handle(), fullRead(100, BASE), { source: "full", now: T0 });

    expect(result.state).toBe("succeeded");
    expect(result.run).toMatchObject({
      tld: ".se",
      serial: 100,
      source: "full",
      state: "succeeded",
      records: 10,
      names: 4,
      appeared: 4,
      disappeared: 0,
    });
    expect(await delegations()).toEqual({
      "alfa.se": { ns: ["ns1.loopia.se", "ns2.loopia.se"], ds: true, since: T0.toISOString(), changed: T0.toISOString() },
      "beta.se": { ns: ["a.ns.se", "b.ns.se"], ds: false, since: T0.toISOString(), changed: T0.toISOString() },
      "delta.se": { ns: ["ns1.binero.se"], ds: true, since: T0.toISOString(), changed: T0.toISOString() },
      "gamma.se": { ns: ["ns.one.com"], ds: false, since: T0.toISOString(), changed: T0.toISOString() },
    });
    expect(await changes()).toEqual([]);
    expect(await stagingTables()).toEqual([]);
  });

  it("computes what appeared, disappeared and changed name servers, and keeps the rest as it was", async () => {
    await applyZoneRead(handle(), fullRead(100, BASE), { source: "full", now: T0 });
    const next: Zone = {
      "alfa.se": { ns: ["ns1.loopia.se", "ns2.loopia.se"], ds: 0 }, // DS gone only: no change row
      "beta.se": { ns: ["ns1.parking.se", "ns2.parking.se"] },
      "delta.se": { ns: ["ns1.binero.se"], ds: 1 },
      "epsilon.se": { ns: ["ns1.glesys.se"] },
      "nods.se": { ns: [], ds: 1 }, // DS without NS: not a delegation
    };

    const result = await applyZoneRead(handle(), fullRead(101, next), { source: "file", now: T1, holdShare: 0.5 });

    expect(result.run).toMatchObject({
      state: "succeeded",
      source: "file",
      serial: 101,
      names: 4,
      appeared: 1,
      disappeared: 1,
      nameServersChanged: 1,
    });
    expect((await changes()).map(({ seen_at, ...row }) => ({ ...row, seen: new Date(seen_at).toISOString() }))).toEqual([
      {
        name: "beta.se",
        kind: "name_servers_changed",
        old_name_servers: ["a.ns.se", "b.ns.se"],
        new_name_servers: ["ns1.parking.se", "ns2.parking.se"],
        seen: T1.toISOString(),
      },
      { name: "epsilon.se", kind: "appeared", old_name_servers: null, new_name_servers: ["ns1.glesys.se"], seen: T1.toISOString() },
      { name: "gamma.se", kind: "disappeared", old_name_servers: ["ns.one.com"], new_name_servers: null, seen: T1.toISOString() },
    ]);
    const now = await delegations();
    expect(Object.keys(now)).toEqual(["alfa.se", "beta.se", "delta.se", "epsilon.se"]);
    expect(now["alfa.se"]).toEqual({
      ns: ["ns1.loopia.se", "ns2.loopia.se"],
      ds: false,
      since: T0.toISOString(),
      changed: T0.toISOString(),
    });
    expect(now["beta.se"]).toMatchObject({ since: T0.toISOString(), changed: T1.toISOString() });
    expect(now["epsilon.se"]).toMatchObject({ since: T1.toISOString(), changed: T1.toISOString() });

    // Back in the zone: delegated anew, since this snapshot.
    await applyZoneRead(handle(), fullRead(102, { ...next, "gamma.se": { ns: ["ns.one.com"] } }), { source: "full", now: T2 });
    expect((await delegations())["gamma.se"]).toMatchObject({ since: T2.toISOString() });
    expect((await changes()).filter((row) => row.name === "gamma.se").map((row) => row.kind)).toEqual(["disappeared", "appeared"]);
  });

  it("ignores records of names not directly under the TLD", async () => {
    const result = await applyZoneRead(
      handle(),
      fullRead(100, { "ok.se": { ns: ["ns.ok.se"] }, "sub.ok.se": { ns: ["ns.ok.se"] }, "other.nu": { ns: ["ns.ok.se"] } }),
      { source: "full", now: T0 },
    );
    expect(result.run.names).toBe(1);
    expect(Object.keys(await delegations())).toEqual(["ok.se"]);
  });

  it.each([
    ["midway, after several batches", { failAfter: STAGING_BATCH * 2 + 17 }, "The transfer was cut off after 20017 records."],
    ["after its last record", { failAtEnd: true }, "The closing SOA (serial 99) differs from the opening one."],
  ])("applies nothing of a read that throws %s, keeps the last good snapshot and records the error", async (_, failure, message) => {
    await applyZoneRead(handle(), fullRead(100, BASE), { source: "full", now: T0 });
    const before = await delegations();

    const result = await applyZoneRead(handle(), fullRead(101, manyNames(12_000), failure), { source: "full", now: T1 });

    expect(result.state).toBe("failed");
    expect(result.run).toMatchObject({ state: "failed", serial: 101, errorMessage: message, appliedAt: null });
    expect(await delegations()).toEqual(before);
    expect(await changes()).toEqual([]);
    expect(await stagingTables()).toEqual([]);
    // The next good read is compared with the snapshot that stayed in force.
    const next = await applyZoneRead(handle(), fullRead(101, { ...BASE, "ny.se": { ns: ["ns.ny.se"] } }), { source: "full", now: T2 });
    expect(next.run).toMatchObject({ state: "succeeded", appeared: 1, disappeared: 0 });
  });

  it("streams a zone of several batches in and applies it", async () => {
    const zone = manyNames(STAGING_BATCH + 5_000);
    const result = await applyZoneRead(handle(), fullRead(100, zone), { source: "full", now: T0 });
    expect(result.run).toMatchObject({ state: "succeeded", records: (STAGING_BATCH + 5_000) * 2, names: STAGING_BATCH + 5_000 });
  });

  it("does not read or record the serial in force again", async () => {
    const first = await applyZoneRead(handle(), fullRead(100, BASE), { source: "full", now: T0 });
    const again = fullRead(100, {});

    const result = await applyZoneRead(handle(), again, { source: "full", now: T1, force: true });

    expect(result).toMatchObject({ state: "unchanged", serial: 100, run: { id: first.run.id } });
    expect(again.iterated()).toBe(false);
    expect(await listZoneRuns(handle())).toHaveLength(1);
    expect(Object.keys(await delegations())).toHaveLength(4);
  });

  it("holds a full read that loses half the names, and applies it only by force or 'Apply anyway'", async () => {
    expect(ZONE_HOLD_SHARE).toBe(0.02);
    await applyZoneRead(handle(), fullRead(100, manyNames(100)), { source: "full", now: T0 });
    const half = manyNames(50);

    const held = await applyZoneRead(handle(), fullRead(101, half), { source: "full", now: T1 });

    expect(held.state).toBe("held");
    expect(held.run).toMatchObject({ state: "held", names: 50, disappeared: 50, appliedAt: null, forced: false });
    expect(held.run.heldReason).toBe(
      "Held: this read of .se would remove 50 of the 100 names in force (50 %), more than 2 %. Nothing was applied; the snapshot before it stays in force. " +
        'If the zone really lost them, apply it anyway (backoffice: "Apply anyway"; CLI: zone-import or zone-sync with --force).',
    );
    expect(Object.keys(await delegations())).toHaveLength(100);
    expect(await changes()).toEqual([]);

    const applied = await applyHeldZoneRun(handle(), held.run.id, { now: T2 });

    expect(applied).toMatchObject({ state: "succeeded", forced: true, names: 50, disappeared: 50, heldReason: held.run.heldReason });
    expect(applied.appliedAt).toEqual(T2);
    expect(Object.keys(await delegations())).toHaveLength(50);
    // The changes were seen when the zone was read, not when an administrator applied them.
    const rows = await changes();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => new Date(row.seen_at).toISOString()))).toEqual(new Set([T1.toISOString()]));
    expect(await stagingTables()).toEqual([]);
    await expect(applyHeldZoneRun(handle(), held.run.id)).rejects.toThrow("is succeeded, not held");
  });

  it("applies a read past the hold with force, and records that it was forced", async () => {
    await applyZoneRead(handle(), fullRead(100, manyNames(100)), { source: "full", now: T0 });
    const result = await applyZoneRead(handle(), fullRead(101, manyNames(50)), { source: "file", now: T1, force: true });
    expect(result.run).toMatchObject({ state: "succeeded", forced: true, disappeared: 50 });
    // Within the share: neither held nor forced.
    const small = await applyZoneRead(handle(), fullRead(102, manyNames(49)), { source: "file", now: T2, force: true });
    expect(small.run).toMatchObject({ state: "succeeded", forced: false, disappeared: 1 });
  });

  it("refuses 'Apply anyway' once a newer snapshot is in force, and drops the held run's staged names", async () => {
    await applyZoneRead(handle(), fullRead(100, manyNames(100)), { source: "full", now: T0 });
    const held = await applyZoneRead(handle(), fullRead(101, manyNames(10)), { source: "full", now: T1 });
    expect(await stagingTables()).toEqual([`zone_staged_${held.run.id}`]);
    await applyZoneRead(handle(), fullRead(102, manyNames(99)), { source: "full", now: T2 });

    await expect(applyHeldZoneRun(handle(), held.run.id)).rejects.toThrow(ZoneRunNotApplicable);
    await expect(applyHeldZoneRun(handle(), held.run.id)).rejects.toThrow(/A newer snapshot of \.se \(run \d+\) has been applied since/);
    expect(await stagingTables()).toEqual([]);
    expect(Object.keys(await delegations())).toHaveLength(99);
  });

  it("applies an incremental read: name servers per name, names leaving and arriving, DS counted", async () => {
    await applyZoneRead(handle(), fullRead(100, BASE), { source: "full", now: T0 });

    const result = await applyZoneRead(
      handle(),
      incrementalRead(100, 102, [
        // serial 100 → 101
        del("beta.se", "a.ns.se"),
        add("beta.se", "c.ns.se"),
        del("alfa.se"), // one of its two DS records
        add("ny.se", "ns1.ny.se"),
        add("ny.se", "ns2.ny.se"),
        // serial 101 → 102
        del("ny.se", "ns2.ny.se"),
        del("gamma.se", "ns.one.com"),
        add("delta.se", "ns1.binero.se"), // already there: no change
      ]),
      { source: "incremental", now: T1, holdShare: 1 },
    );

    expect(result.run).toMatchObject({
      state: "succeeded",
      source: "incremental",
      fromSerial: 100,
      serial: 102,
      names: 4,
      appeared: 1,
      disappeared: 1,
      nameServersChanged: 1,
    });
    const now = await delegations();
    expect(Object.keys(now)).toEqual(["alfa.se", "beta.se", "delta.se", "ny.se"]);
    expect(now["alfa.se"]).toMatchObject({ ns: ["ns1.loopia.se", "ns2.loopia.se"], ds: true, changed: T0.toISOString() });
    expect(now["beta.se"]).toMatchObject({ ns: ["b.ns.se", "c.ns.se"], changed: T1.toISOString() });
    expect(now["ny.se"]).toMatchObject({ ns: ["ns1.ny.se"], since: T1.toISOString() });
    expect((await changes()).map((row) => [row.name, row.kind])).toEqual([
      ["beta.se", "name_servers_changed"],
      ["gamma.se", "disappeared"],
      ["ny.se", "appeared"],
    ]);

    // The other DS record goes too.
    await applyZoneRead(handle(), incrementalRead(102, 103, [del("alfa.se")]), { source: "incremental", now: T2 });
    expect((await delegations())["alfa.se"]).toMatchObject({ ds: false });
  });

  it.each([
    [
      "starts from another serial",
      incrementalRead(99, 101, [add("ny.se", "ns.ny.se")]),
      "The incremental read starts at serial 99, but the snapshot in force is at serial 100; read the whole zone.",
    ],
    [
      "deletes a name server the snapshot does not have",
      incrementalRead(100, 101, [add("ny.se", "ns.ny.se"), del("beta.se", "x.ns.se")]),
      "The incremental read deletes a name server of beta.se that the stored snapshot does not have; read the whole zone.",
    ],
    [
      "deletes a DS record the snapshot does not have",
      incrementalRead(100, 101, [del("beta.se")]),
      "The incremental read deletes more DS records of beta.se than the stored snapshot has; read the whole zone.",
    ],
    [
      "throws after its last change",
      incrementalRead(100, 101, [add("ny.se", "ns.ny.se")], { failAtEnd: true }),
      "The transfer ended without its closing SOA.",
    ],
  ])("applies nothing of an incremental read that %s", async (_, read, message) => {
    await applyZoneRead(handle(), fullRead(100, BASE), { source: "full", now: T0 });
    const before = await delegations();

    const result = await applyZoneRead(handle(), read, { source: "incremental", now: T1 });

    expect(result.run).toMatchObject({ state: "failed", errorMessage: message });
    expect(await delegations()).toEqual(before);
    expect(await stagingTables()).toEqual([]);
  });

  it("holds an incremental read that removes too many names, and applies it anyway while it still starts from the serial in force", async () => {
    await applyZoneRead(handle(), fullRead(100, manyNames(10)), { source: "full", now: T0 });
    const held = await applyZoneRead(handle(), incrementalRead(100, 101, [del("a1.se", "ns1.host.se"), del("a1.se", "ns2.host.se")]), {
      source: "incremental",
      now: T1,
    });
    expect(held.run).toMatchObject({ state: "held", disappeared: 1, names: 9 });

    const applied = await applyHeldZoneRun(handle(), held.run.id, { now: T2 });

    expect(applied).toMatchObject({ state: "succeeded", forced: true, serial: 101 });
    expect(Object.keys(await delegations())).toHaveLength(9);
  });

  it("keeps the changes 13 months: older ones are pruned after each apply", async () => {
    await applyZoneRead(handle(), fullRead(100, BASE), { source: "full", now: T0 });
    await applyZoneRead(handle(), fullRead(101, { ...BASE, "ny.se": { ns: ["ns.ny.se"] } }), { source: "full", now: T1 });
    const failed = await applyZoneRead(handle(), fullRead(102, BASE, { failAtEnd: true }), { source: "full", now: T1 });
    expect(await changes()).toHaveLength(1);

    const thirteenMonthsLater = new Date("2031-04-01T11:00:00Z");
    await applyZoneRead(handle(), fullRead(103, { ...BASE, "ny.se": { ns: ["ns.ny.se"] }, "nyare.se": { ns: ["ns.ny.se"] } }), {
      source: "full",
      now: thirteenMonthsLater,
    });
    expect((await changes()).map((row) => row.name)).toEqual(["ny.se", "nyare.se"]);

    const fourteenMonthsLater = new Date("2031-05-01T12:00:00Z");
    await applyZoneRead(handle(), fullRead(104, { ...BASE, "nyare.se": { ns: ["ns.ny.se"] } }), {
      source: "full",
      now: fourteenMonthsLater,
      holdShare: 1,
    });
    expect((await changes()).map((row) => [row.name, row.kind])).toEqual([
      ["ny.se", "disappeared"],
      ["nyare.se", "appeared"],
    ]);
    // A failed run older than 13 months goes too; applied snapshots stay (delegations refer to them).
    expect((await listZoneRuns(handle())).map((run) => run.id)).not.toContain(failed.run.id);
    expect(await listZoneRuns(handle())).toHaveLength(4);
  });

  it("closes a run a dead process left running, and drops its staging tables", async () => {
    const [row] = await handle().query<{ id: number }>(
      "insert into zone_snapshots (tld, serial, source, trigger, started_at) values ('.se', 5, 'full', 'cli', $1) returning id",
      [T0],
    );
    await handle().query(`create table zone_read_${row.id} (name text)`);

    expect(await closeLeftoverZoneRuns(handle(), { now: T1, allRunning: true })).toEqual({ runs: 1, tables: 1 });

    expect((await listZoneRuns(handle()))[0]).toMatchObject({ state: "failed", errorMessage: STALE_ZONE_RUN_MESSAGE });
    expect(await stagingTables()).toEqual([]);
  });

  it("keeps .se and .nu apart", async () => {
    await applyZoneRead(handle(), fullRead(100, BASE), { source: "full", now: T0 });
    const nu = await applyZoneRead(handle(), fullRead(100, { "hej.nu": { ns: ["ns.hej.nu"] } }, { tld: "nu" }), {
      source: "full",
      now: T1,
    });
    expect(nu.run).toMatchObject({ state: "succeeded", tld: ".nu", names: 1 });
    expect(Object.keys(await delegations())).toEqual(["alfa.se", "beta.se", "delta.se", "gamma.se", "hej.nu"]);
  });
});
