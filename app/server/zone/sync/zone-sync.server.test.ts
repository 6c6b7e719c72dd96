import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, expect, it, vi } from "vitest";

import { describeEachEngine } from "~tests/setup/test-db";
import { type NsdServer, startNsd } from "~support/nsd-server";
import { type SignedZone, writeSignedZone } from "~support/signed-zone";

import type { DatabaseHandle } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { applyZoneRead } from "~/server/zone/store/apply-zone-read.server";
import { ZONE_SYNC_LOCK } from "~/server/zone/store/zone-locks.server";
import { currentZoneSnapshot } from "~/server/zone/store/zone-runs.server";
import { ns, responseMessage, soa, startFakeDnsServer, type Responder } from "~/server/zone/fake-dns-server.test-support";
import { readZoneFile } from "~/server/zone/zone-file.server";
import { isZoneSyncDue, syncZone, syncZones, ZONE_SYNC_FIRST_BACKOFF_MS, type ZoneSyncOptions } from "./zone-sync.server";

// Small zones: NSD serves version 1 of a signed .se zone, a second NSD version 2 (1 % of the names changed) and a third
// version 3 (5 % of the names gone, which holds the read).
const NAMES = 150;
let dir: string;
const zones: SignedZone[] = [];
const servers: NsdServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "snart-zone-sync-"));
  for (const [version, changedShare] of [
    [1, 0],
    [2, 0.01],
    [3, 0.05],
  ]) {
    const zone = await writeSignedZone({
      path: join(dir, `se-${version}.zone`),
      tld: "se",
      names: NAMES,
      serial: 2026120400 + version,
      seed: 5,
      changedShare,
    });
    zones.push(zone);
    servers.push(await startNsd([{ tld: "se", zoneFile: zone.path }]));
  }
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await rm(dir, { recursive: true, force: true });
});

const T0 = new Date("2030-05-01T06:00:00Z");
/** The timeouts a faulty server is given: short, so the test waits little for a server that hangs. */
const FAULT_TIMEOUTS = { soaTimeoutMs: 1000, transferTimeoutMs: 5000, idleTimeoutMs: 300 };
const minutes = (date: Date, count: number) => new Date(date.getTime() + count * 60_000);

describeEachEngine("zone sync", ({ handle, engine }) => {
  const sync = (server: string, options: Partial<ZoneSyncOptions> = {}, database: DatabaseHandle = handle()) =>
    syncZone(database, {
      server,
      tld: "se",
      trigger: "test",
      now: T0,
      intervalMinutes: 360,
      random: () => 0,
      // Generous for the servers that answer (a loaded CI machine may pause a transfer for a while);
      // the fault cases set the short ones they wait out (FAULT_TIMEOUTS).
      timeouts: { soaTimeoutMs: 10_000, transferTimeoutMs: 30_000, idleTimeoutMs: 10_000 },
      ...options,
    });
  const delegations = () =>
    handle().query<{ name: string; name_servers: string[]; ds_records: number }>(
      "select name, name_servers, ds_records from zone_delegations order by name",
    );
  const syncState = async () =>
    (
      await handle().query<{ failures: number; last_error: string | null; next_attempt_at: Date }>(
        "select * from zone_sync_state where tld = '.se'",
      )
    )[0];

  it("reads the whole zone by AXFR at first, and does nothing more while the serial stays", async () => {
    const first = await sync(servers[0].server);
    expect(first).toMatchObject({ state: "succeeded", source: "full", serialInForce: zones[0].serial, serverSerial: zones[0].serial });
    expect(first.nextAttemptAt).toEqual(minutes(T0, 360));
    expect(await delegations()).toHaveLength(NAMES);

    const second = await sync(servers[0].server, { now: minutes(T0, 360) });
    expect(second).toMatchObject({ state: "unchanged", serialInForce: zones[0].serial });
    expect(second.message).toMatch(/nothing was transferred/);
    const runs = await handle().query("select id from zone_snapshots");
    expect(runs).toHaveLength(1);
  });

  it("leaves the zone tables an applied read changed with fresh planner statistics", async () => {
    const statistics = async (table: string) => {
      const [row] = await handle().query<{ rows: number; analyzed: boolean }>(
        `select c.reltuples::float8 as rows, s.last_analyze is not null as analyzed
           from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.oid = $1::regclass`,
        [table],
      );
      return row;
    };
    expect(await statistics("zone_delegations")).toMatchObject({ analyzed: false });
    // The baseline writes delegations and no change; last_analyze is ANALYZE's alone, never autovacuum's.
    await sync(servers[0].server);
    expect(await statistics("zone_delegations")).toEqual({ rows: NAMES, analyzed: true });
    expect(await statistics("zone_changes")).toMatchObject({ analyzed: false });
    const next = await sync(servers[1].server, { now: minutes(T0, 360) });
    expect(next.state).toBe("succeeded");
    const [{ changes }] = await handle().query<{ changes: number }>("select count(*)::int as changes from zone_changes");
    expect(changes).toBeGreaterThan(0);
    expect(await statistics("zone_changes")).toEqual({ rows: changes, analyzed: true });
  });

  it("applies the read when the ANALYZE after it fails, and says so in the log", async () => {
    const warn = vi.spyOn(logger, "warn");
    const failingAnalyze: DatabaseHandle = {
      ...handle(),
      query: (text, params) => (/^analyze\b/i.test(text) ? Promise.reject(new Error("analyze refused")) : handle().query(text, params)),
    };
    const result = await sync(servers[0].server, {}, failingAnalyze);
    expect(result).toMatchObject({ state: "succeeded", serialInForce: zones[0].serial });
    expect(await delegations()).toHaveLength(NAMES);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ tables: ["zone_delegations"], runId: result.runId, err: expect.objectContaining({ message: "analyze refused" }) }),
      expect.stringMatching(/^analyze after the write failed/),
    );
    warn.mockRestore();
  });

  it("gives the same rows from the zone file as from the transfer", async () => {
    expect((await applyZoneRead(handle(), await readZoneFile(zones[0].path, "se"), { source: "file" })).state).toBe("succeeded");
    const fromFile = await delegations();
    for (const table of ["zone_changes", "zone_delegations", "zone_snapshots"]) await handle().query(`delete from ${table}`);
    expect((await sync(servers[0].server)).state).toBe("succeeded");
    expect(await delegations()).toEqual(fromFile);
  });

  it("asks for the changes since the serial in force (NSD answers with the whole zone) and applies the difference", async () => {
    await sync(servers[0].server);
    const next = await sync(servers[1].server, { now: minutes(T0, 360) });
    expect(next).toMatchObject({ state: "succeeded", serialInForce: zones[1].serial });
    const [run] = await handle().query<{ from_serial: string | null; appeared: number }>(
      "select from_serial, appeared from zone_snapshots where id = $1",
      [next.runId],
    );
    expect(run).toEqual({ from_serial: null, appeared: expect.any(Number) });
    expect(run.appeared).toBeGreaterThan(0);
    expect(await delegations()).toHaveLength(zones[1].names);
  });

  it("holds a read that removes more than 2 % of the names, and applies it with force", async () => {
    await sync(servers[0].server);
    const held = await sync(servers[2].server, { now: minutes(T0, 360) });
    expect(held).toMatchObject({ state: "held", serialInForce: zones[0].serial });
    expect(held.message).toMatch(/^Held: this read of \.se would remove/);
    expect(await delegations()).toHaveLength(NAMES);
    // The same serial again is not read again while its read is held.
    const again = await sync(servers[2].server, { now: minutes(T0, 720) });
    expect(again).toMatchObject({ state: "held", runId: held.runId });
    expect(again.message).toMatch(/Still held: serial \d+ was not read again/);
    expect(await handle().query("select id from zone_snapshots where state = 'held'")).toHaveLength(1);
    // Forced: the held read itself is applied, not read again.
    const forced = await sync(servers[2].server, { now: minutes(T0, 720), force: true });
    expect(forced).toMatchObject({ state: "succeeded", serialInForce: zones[2].serial, runId: held.runId });
    expect(forced.message).toMatch(/, forced\)/);
    expect(await delegations()).toHaveLength(zones[2].names);
  });

  it("applies an IXFR's changes, and reads the whole zone when a difference does not fit the snapshot in force", async () => {
    const zoneOf = (serial: number) => [soa("se", serial), ns("kept.se", "ns1.kept.net"), ns("moved.se", "ns1.b.net"), soa("se", serial)];
    const first = await startFakeDnsServer((query, socket) => {
      const type = query.questions?.[0]?.type;
      if (type === "SOA") socket.end(responseMessage(query, [soa("se", 5)]));
      else socket.end(responseMessage(query, [...zoneOf(5).slice(0, 2), ns("moved.se", "ns1.a.net"), soa("se", 5)]));
    });
    // From 5 to 6 moved.se changes name servers; from 6 to 7 the server deletes a name server the snapshot does not have.
    const second = await startFakeDnsServer((query, socket) => {
      const type = query.questions?.[0]?.type;
      if (type === "SOA") socket.end(responseMessage(query, [soa("se", 6)]));
      else if (type === "IXFR")
        socket.end(
          responseMessage(query, [
            soa("se", 6),
            soa("se", 5),
            ns("moved.se", "ns1.a.net"),
            soa("se", 6),
            ns("moved.se", "ns1.b.net"),
            soa("se", 6),
          ]),
        );
      else socket.end(responseMessage(query, zoneOf(6)));
    });
    const third = await startFakeDnsServer((query, socket) => {
      const type = query.questions?.[0]?.type;
      if (type === "SOA") socket.end(responseMessage(query, [soa("se", 7)]));
      else if (type === "IXFR")
        socket.end(responseMessage(query, [soa("se", 7), soa("se", 6), ns("never.se", "ns.never.net"), soa("se", 7), soa("se", 7)]));
      else socket.end(responseMessage(query, zoneOf(7)));
    });
    try {
      expect(await sync(first.server)).toMatchObject({ state: "succeeded", source: "full", serialInForce: 5 });
      const incremental = await sync(second.server, { now: minutes(T0, 360) });
      expect(incremental).toMatchObject({ state: "succeeded", source: "incremental", serialInForce: 6 });
      expect(incremental.message).toMatch(
        /^\.se serial 6 applied from the changes since serial 5 \(run \d+\): 2 names, 0 appeared, 0 disappeared, 1 changed name servers\.$/,
      );
      const fallback = await sync(third.server, { now: minutes(T0, 720) });
      expect(fallback).toMatchObject({ state: "succeeded", source: "full", serialInForce: 7 });
      const runs = await handle().query<{ serial: string; from_serial: string | null; state: string }>(
        "select serial, from_serial, state from zone_snapshots order by id",
      );
      expect(runs.map((run) => [Number(run.serial), run.from_serial === null ? null : Number(run.from_serial), run.state])).toEqual([
        [5, null, "succeeded"],
        [6, 5, "succeeded"],
        [7, 6, "failed"],
        [7, null, "succeeded"],
      ]);
      expect(await delegations()).toEqual([
        { name: "kept.se", name_servers: ["ns1.kept.net"], ds_records: 0 },
        { name: "moved.se", name_servers: ["ns1.b.net"], ds_records: 0 },
      ]);
    } finally {
      for (const fake of [first, second, third]) await fake.close();
    }
  });

  // Each server answers the SOA query with a newer serial; then the transfer goes wrong.
  const newerSoa =
    (rest: Responder): Responder =>
    (query, socket) =>
      query.questions?.[0]?.type === "SOA" ? socket.end(responseMessage(query, [soa("se", 2026120499)])) : rest(query, socket);
  const faults: [string, Responder, RegExp][] = [
    ["hangs", newerSoa(() => {}), /sent nothing for 300 ms/],
    ["answers garbage", newerSoa((_query, socket) => socket.end(Buffer.from([0, 4, 9, 9, 9, 9]))), /not valid DNS/],
    [
      "closes midway",
      newerSoa((query, socket) => socket.end(responseMessage(query, [soa("se", 2026120499), ns("midway.se", "ns.midway.net")]))),
      /ended before its closing SOA record/,
    ],
    ["hangs before the SOA", () => {}, /sent nothing for 1 s|did not finish within 1 s/],
  ];

  it("keeps the last good snapshot when the server hangs, answers garbage or closes midway, and backs off", async () => {
    await sync(servers[0].server);
    const before = await delegations();
    let now = minutes(T0, 360);
    for (const [index, [fault, respond, message]] of faults.entries()) {
      const fake = await startFakeDnsServer(respond);
      try {
        const failed = await sync(fake.server, { now, timeouts: FAULT_TIMEOUTS });
        expect(failed, fault).toMatchObject({ state: "failed", serialInForce: zones[0].serial });
        expect(failed.message, fault).toMatch(message);
        // 15 minutes, then 30, 60, 120.
        expect(failed.nextAttemptAt, fault).toEqual(new Date(now.getTime() + 2 ** index * ZONE_SYNC_FIRST_BACKOFF_MS));
        expect(await syncState(), fault).toMatchObject({ failures: index + 1, last_error: expect.stringMatching(message) });
      } finally {
        await fake.close();
      }
      expect(await delegations(), fault).toEqual(before);
      expect((await currentZoneSnapshot(handle(), "se"))?.serial, fault).toBe(zones[0].serial);
      now = minutes(now, 20);
    }
    const recovered = await sync(servers[0].server, { now });
    expect(recovered).toMatchObject({ state: "unchanged", nextAttemptAt: minutes(now, 360) });
    expect(await syncState()).toMatchObject({ failures: 0, last_error: null });
  });

  it("keeps the staged names of the newest held read only", async () => {
    await sync(servers[0].server);
    const oneName = (serial: number) =>
      startFakeDnsServer((query, socket) =>
        socket.end(
          responseMessage(
            query,
            query.questions?.[0]?.type === "SOA" ? [soa("se", serial)] : [soa("se", serial), ns("one.se", "ns.one.net"), soa("se", serial)],
          ),
        ),
      );
    const fakes = [await oneName(2026120498), await oneName(2026120499)];
    try {
      const older = await sync(fakes[0].server, { now: minutes(T0, 360) });
      const newer = await sync(fakes[1].server, { now: minutes(T0, 720) });
      expect([older.state, newer.state]).toEqual(["held", "held"]);
      const kept = async (runId?: number) =>
        (await handle().query<{ kept: boolean }>("select to_regclass($1) is not null as kept", [`zone_staged_${runId}`]))[0].kept;
      expect([await kept(older.runId), await kept(newer.runId)]).toEqual([false, true]);
    } finally {
      for (const fake of fakes) await fake.close();
    }
  });

  it("runs one sync at a time: another's lease leaves the TLD for the next run, a dead one's lease ends", async () => {
    await handle().query("insert into zone_sync_state (tld, sync_started_at) values ('.nu', $1)", [minutes(T0, -5)]);
    if (engine === "pglite") {
      // The embedded engine's lease is a time: a dead one's lasts as long as a sync can.
      expect(await sync(servers[0].server)).toMatchObject({ state: "busy", serialInForce: null });
      expect(await handle().query("select id from zone_snapshots")).toHaveLength(0);
      expect(await sync(servers[0].server, { now: minutes(T0, 6 * 60) })).toMatchObject({ state: "succeeded" });
      return;
    }
    // Another process syncing holds the sync lock on its own connection: never taken over, however old its lease.
    const other = await handle().pool!.connect();
    try {
      await other.query("select pg_advisory_lock($1::int, 0)", [ZONE_SYNC_LOCK]);
      expect(await sync(servers[0].server, { now: minutes(T0, 24 * 60) })).toMatchObject({ state: "busy", serialInForce: null });
      expect(await handle().query("select id from zone_snapshots")).toHaveLength(0);
      // Two syncs of one process: the second is busy while the first runs.
      await other.query("select pg_advisory_unlock($1::int, 0)", [ZONE_SYNC_LOCK]);
      const [first, second] = await Promise.all([sync(servers[0].server), sync(servers[0].server)]);
      expect([first.state, second.state].sort()).toEqual(["busy", "succeeded"]);
      // A lease without the lock is a dead process's: the next sync goes ahead at once, and frees it.
      await handle().query("update zone_sync_state set sync_started_at = $1 where tld = '.nu'", [minutes(T0, -1)]);
      expect(await sync(servers[0].server, { now: T0 })).toMatchObject({ state: "unchanged" });
      expect(await handle().query("select tld from zone_sync_state where sync_started_at is not null")).toEqual([]);
    } finally {
      other.release();
    }
  });

  it("syncs on the schedule only the TLDs that are due, one after the other", async () => {
    const options = { server: servers[0].server, trigger: "schedule", intervalMinutes: 60, random: () => 0, onlyDue: true };
    const first = await syncZones(handle(), { ...options, tlds: ["se", "nu"], now: T0 });
    // NSD serves no .nu here: that TLD fails and backs off, .se is read.
    expect(first.results.map((result) => [result.tld, result.state])).toEqual([
      ["se", "succeeded"],
      ["nu", "failed"],
    ]);
    expect(await isZoneSyncDue(handle(), "se", minutes(T0, 59))).toBe(false);
    expect(await isZoneSyncDue(handle(), "se", minutes(T0, 60))).toBe(true);
    const later = await syncZones(handle(), { ...options, tlds: ["se", "nu"], now: minutes(T0, 20) });
    expect(later).toEqual({ results: [expect.objectContaining({ tld: "nu", state: "failed" })], notDue: ["se"] });
  });
});
