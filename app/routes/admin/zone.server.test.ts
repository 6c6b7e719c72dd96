import { expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { applyZoneRead } from "~/server/zone/store/apply-zone-read.server";
import { listZoneRuns } from "~/server/zone/store/zone-runs.server";
import type { FullZoneRead } from "~/server/zone/zone-records.server";
import { databaseFingerprint } from "~tests/security/support/fingerprint";
import { expectAdminsOnly, loadAs, postAs, setUpBackoffice } from "~tests/support/backoffice-routes";
import { describeEachEngine } from "~tests/setup/test-db";
import { action, loader } from "./zone";
import { loadZonePage } from "./zone-data.server";

// Before the real clock: "Apply anyway" applies at the real time, after these.
const T0 = new Date("2026-03-01T06:00:00Z");
const T1 = new Date("2026-03-01T12:00:00Z");
const NOW = new Date("2026-03-02T09:30:00Z");

/** A whole .se zone of `count` names a1.se … (from `first`), each with two name servers. */
function seZone(serial: number, count: number, first = 1): FullZoneRead {
  async function* records() {
    for (let i = first; i < first + count; i++) {
      yield { name: `a${i}.se`, type: "NS" as const, host: "ns1.host.se" };
      yield { name: `a${i}.se`, type: "NS" as const, host: "ns2.host.se" };
    }
  }
  return { kind: "full", tld: "se", serial, records: records() };
}

/** .se: 100 names in force (serial 100), then a read of serial 101 that loses half of them, held. */
async function heldRead(handle: DatabaseHandle) {
  await applyZoneRead(handle, seZone(100, 100), { source: "full", now: T0 });
  const held = await applyZoneRead(handle, seZone(101, 50), { source: "full", now: T1 });
  expect(held.state).toBe("held");
  return held.run;
}

describeEachEngine("/admin/imports/zone", ({ handle }) => {
  const post = (cookie: string, form: Record<string, string>) => postAs(action, "/admin/imports/zone", cookie, form);

  it("is for admins only: visitors and users are sent home, and their 'Apply anyway' applies nothing", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    const run = await heldRead(handle());
    await expectAdminsOnly(
      handle(),
      { loader, action, path: "/admin/imports/zone" },
      { userCookie: user.cookie, adminCookie: admin.cookie },
      [{ intent: "apply-zone-run", runId: String(run.id) }],
    );
    expect((await listZoneRuns(handle(), { tld: "se" })).map((row) => row.state)).toEqual(["held", "succeeded"]);
  });

  it("shows each TLD's snapshot in force with its age, the sync state, and the recent runs with the held one applicable", async () => {
    const { admin } = await setUpBackoffice(handle());
    const run = await heldRead(handle());
    await handle().query(
      `insert into zone_sync_state (tld, last_seen_serial, last_attempt_at, last_success_at, failures, last_error, next_attempt_at)
       values ('.se', 101, $1, $2, 2, 'The zone server did not answer within 15 s.', $3)`,
      [new Date("2026-03-02T09:00:00Z"), T1, new Date("2026-03-02T09:30:00Z")],
    );
    const page = await loadZonePage(handle(), { now: NOW, configuredTlds: ["se"] });
    const [se, nu] = page.tlds;
    expect(se).toMatchObject({
      tld: "se",
      configured: true,
      inForce: { serial: 100, names: 100, source: "full", appliedAt: T0, age: "27 hours" },
      sync: {
        lastSeenSerial: 101,
        lastSuccessAt: T1,
        failures: 2,
        lastError: "The zone server did not answer within 15 s.",
        nextAttemptAt: new Date("2026-03-02T09:30:00Z"),
        syncStartedAt: null,
      },
    });
    expect(se.runs.map((row) => [row.id, row.state, row.applicable, row.disappeared])).toEqual([
      [run.id, "held", true, 50],
      [run.id - 1, "succeeded", false, 0],
    ]);
    expect(se.runs[0].heldReason).toContain("would remove 50 of the 100 names in force (50 %)");
    // Left out of ZONE_TLDS (the demo data's default): "not configured", nothing read.
    expect(nu).toEqual({ tld: "nu", configured: false, inForce: null, sync: null, runs: [] });

    const loaded = await loadAs(loader, "/admin/imports/zone", admin.cookie);
    expect((loaded.body as { tlds: { tld: string }[] }).tlds.map((view) => view.tld)).toEqual(["se", "nu"]);
  });

  it("an admin applies a held read with 'Apply anyway'; a second click, a stale or an unknown run is refused in English", async () => {
    const { admin } = await setUpBackoffice(handle());
    const run = await heldRead(handle());

    expect(await post(admin.cookie, { intent: "apply-zone-run", runId: String(run.id) })).toMatchObject({
      ok: true,
      status: 200,
      title: "Zone Applied",
      description: `.se serial 101 applied from the held read (run ${run.id}, forced): 50 names, 0 appeared, 50 disappeared, 0 changed name servers.`,
    });
    const [count] = await handle().query<{ n: number }>("select count(*)::int as n from zone_delegations");
    expect(count.n).toBe(50);
    const page = await loadZonePage(handle(), { now: NOW, configuredTlds: ["se", "nu"] });
    expect(page.tlds[0].inForce).toMatchObject({ id: run.id, serial: 101, forced: true, names: 50 });
    expect(page.tlds[0].runs.some((row) => row.applicable)).toBe(false);

    const before = await databaseFingerprint(handle());
    expect(await post(admin.cookie, { intent: "apply-zone-run", runId: String(run.id) })).toMatchObject({
      ok: false,
      status: 409,
      title: "Zone Not Applied",
      description: `Zone run ${run.id} is succeeded, not held: there is nothing to apply.`,
    });
    for (const runId of ["999999", "0", "abc", ""]) {
      expect(await post(admin.cookie, { intent: "apply-zone-run", runId })).toMatchObject({
        ok: false,
        status: 404,
        description: "No such zone run",
      });
    }
    expect(await databaseFingerprint(handle())).toBe(before);
  });

  it("refuses 'Apply anyway' while a sync of the TLD is running, and applies nothing", async () => {
    const { admin } = await setUpBackoffice(handle());
    const run = await heldRead(handle());
    await handle().query("insert into zone_sync_state (tld, sync_started_at) values ('.se', now())");
    const before = await databaseFingerprint(handle());
    expect(await post(admin.cookie, { intent: "apply-zone-run", runId: String(run.id) })).toMatchObject({
      ok: false,
      status: 409,
      description: "A sync of the .se zone is running: apply the held read once it has finished.",
    });
    expect(await databaseFingerprint(handle())).toBe(before);
    expect((await loadZonePage(handle(), { now: new Date(), configuredTlds: ["se"] })).tlds[0].sync?.syncStartedAt).toBeInstanceOf(Date);
  });

  it("refuses a held read overtaken by a newer snapshot, with the reason, and applies nothing", async () => {
    const { admin } = await setUpBackoffice(handle());
    const run = await heldRead(handle());
    // Serial 102 within the share (2 of 100 gone): applied, so serial 101's held read can never be.
    await applyZoneRead(handle(), seZone(102, 98), { source: "full", now: NOW });
    const page = await loadZonePage(handle(), { now: NOW, configuredTlds: ["se"] });
    expect(page.tlds[0].runs.find((row) => row.id === run.id)).toMatchObject({ state: "held", applicable: false });

    const before = await databaseFingerprint(handle());
    const refused = await post(admin.cookie, { intent: "apply-zone-run", runId: String(run.id) });
    expect(refused).toMatchObject({ ok: false, status: 409, title: "Zone Not Applied" });
    expect((refused as { description?: string }).description).toMatch(
      /^A newer snapshot of \.se \(run \d+\) has been applied since zone run \d+; read the zone again\.$/,
    );
    expect(await databaseFingerprint(handle())).toBe(before);
  });
});
