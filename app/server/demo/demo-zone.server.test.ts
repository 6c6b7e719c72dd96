import { expect, it } from "vitest";
import { createTestDatabase, describeEachEngine, releaseTestDatabase } from "~tests/setup/test-db";
import { DEMO_HISTORY_DAYS } from "./demo-release-history.server";
import { demoSnapshotTimes } from "./demo-zone.server";
import { seedDemo, seedDemoIfEmpty } from "./seed-demo.server";

const NOW = new Date("2026-11-25T12:00:00Z");
/** The size `npm start` seeds (SEED_DEMO_SIZE's default). */
const DEFAULT_SIZE = 3000;

type Change = {
  snapshot_id: number;
  name: string;
  kind: string;
  old_name_servers: string[] | null;
  new_name_servers: string[] | null;
  seen_at: Date;
};
type Delegation = { name: string; name_servers: string[]; since_snapshot_id: number; last_changed_snapshot_id: number; has_ds: boolean };

describeEachEngine("the demo's zone", ({ handle }) => {
  it("writes a snapshot a day over the history and the current one, its changes and delegations agreeing with the release history", async () => {
    await seedDemoIfEmpty(handle(), { size: DEFAULT_SIZE, now: NOW });
    const db = handle();

    const snapshots = await db.query<{
      id: number;
      tld: string;
      started_at: Date;
      names: number;
      appeared: number;
      disappeared: number;
      name_servers_changed: number;
      source: string;
      state: string;
    }>(
      "select id, tld, started_at, names, appeared, disappeared, name_servers_changed, source, state from zone_snapshots order by tld, started_at",
    );
    expect(snapshots.length).toBe(2 * (DEMO_HISTORY_DAYS + 1));
    expect(demoSnapshotTimes(NOW).length).toBe(DEMO_HISTORY_DAYS + 1);
    expect(new Set(snapshots.map((row) => `${row.source} ${row.state}`))).toEqual(new Set(["demo succeeded"]));
    expect(new Date(snapshots[snapshots.length - 1].started_at).getTime()).toBe(NOW.getTime());

    // Every change row belongs to a snapshot of its TLD, seen at that snapshot's time; the baseline has none.
    const [orphans] = await db.query<{ wrong: number; on_baseline: number }>(
      `select count(*) filter (where s.id is null or s.tld <> c.tld or s.started_at <> c.seen_at)::int as wrong,
              count(*) filter (where s.started_at = (select min(started_at) from zone_snapshots b where b.tld = c.tld))::int as on_baseline
         from zone_changes c left join zone_snapshots s on s.id = c.snapshot_id`,
    );
    expect(orphans).toEqual({ wrong: 0, on_baseline: 0 });

    // Replaying the changes name by name from the baseline gives the delegations in force; each change fits the state before it.
    const changes = await db.query<Change>(
      "select snapshot_id, name, kind, old_name_servers, new_name_servers, seen_at from zone_changes order by name, seen_at",
    );
    const delegations = await db.query<Delegation>(
      "select name, name_servers, since_snapshot_id, last_changed_snapshot_id, has_ds from zone_delegations",
    );
    const baseline = new Map(
      snapshots
        .filter(
          (row) =>
            new Date(row.started_at).getTime() ===
            Math.min(...snapshots.filter((other) => other.tld === row.tld).map((other) => new Date(other.started_at).getTime())),
        )
        .map((row) => [row.tld, row.id]),
    );
    const byName = new Map<string, Change[]>();
    for (const change of changes) byName.set(change.name, [...(byName.get(change.name) ?? []), change]);
    const inForce = new Map(delegations.map((row) => [row.name, row]));
    const misfits: string[] = [];
    for (const [name, rows] of byName) {
      let present = rows[0].kind !== "appeared";
      let servers = rows[0].kind === "appeared" ? null : rows[0].old_name_servers;
      let since: number | null = present ? baseline.get(name.endsWith(".nu") ? ".nu" : ".se")! : null;
      let changed = since;
      for (const row of rows) {
        const fits =
          row.kind === "appeared"
            ? !present && row.old_name_servers === null
            : present && JSON.stringify(row.old_name_servers) === JSON.stringify(servers);
        if (!fits) misfits.push(`${name} ${row.kind}`);
        present = row.kind !== "disappeared";
        servers = row.new_name_servers;
        if (row.kind === "appeared") since = row.snapshot_id;
        if (row.kind !== "disappeared") changed = row.snapshot_id;
      }
      const delegation = inForce.get(name);
      if (present !== Boolean(delegation)) misfits.push(`${name} in force`);
      else if (
        delegation &&
        (JSON.stringify(delegation.name_servers) !== JSON.stringify(servers) ||
          delegation.since_snapshot_id !== since ||
          delegation.last_changed_snapshot_id !== changed)
      ) {
        misfits.push(`${name} delegation`);
      }
    }
    for (const delegation of delegations) {
      if (
        !byName.has(delegation.name) &&
        (delegation.since_snapshot_id !== delegation.last_changed_snapshot_id ||
          ![...baseline.values()].includes(delegation.since_snapshot_id))
      ) {
        misfits.push(`${delegation.name} since`);
      }
      if (JSON.stringify(delegation.name_servers) !== JSON.stringify([...delegation.name_servers].sort()))
        misfits.push(`${delegation.name} sorted`);
    }
    expect(misfits).toEqual([]);

    // Each snapshot's counts are its change rows, and the names in force follow from them.
    const perSnapshot = new Map<number, { appeared: number; disappeared: number; name_servers_changed: number }>();
    for (const change of changes) {
      const tally = perSnapshot.get(change.snapshot_id) ?? { appeared: 0, disappeared: 0, name_servers_changed: 0 };
      tally[change.kind as "appeared"]++;
      perSnapshot.set(change.snapshot_id, tally);
    }
    for (const tld of [".se", ".nu"]) {
      const rows = snapshots.filter((row) => row.tld === tld);
      rows.slice(1).forEach((row, index) => {
        const tally = perSnapshot.get(row.id) ?? { appeared: 0, disappeared: 0, name_servers_changed: 0 };
        expect({ appeared: row.appeared, disappeared: row.disappeared, name_servers_changed: row.name_servers_changed }).toEqual(tally);
        expect(row.names).toBe(rows[index].names + tally.appeared - tally.disappeared);
      });
      expect(rows[rows.length - 1].names).toBe(delegations.filter((row) => row.name.endsWith(tld)).length);
    }

    // The release history: a caught name is delegated since a snapshot after its release; a renewed one is back;
    // nothing else released or on the list is delegated, nor was any at its release.
    const [history] = await db.query<Record<string, number>>(
      `select count(*) filter (where o.taken_at is not null and (d.name is null or s.started_at < o.released_at or s.started_at > o.taken_at + interval '1 day'))::int as caught_wrong,
              count(*) filter (where o.taken_at is not null)::int as caught,
              count(*) filter (where o.renewed_on is not null and d.name is null)::int as renewed_missing,
              count(*) filter (where o.renewed_on is not null)::int as renewed,
              count(*) filter (where o.renewed_on is null and o.taken_at is null and d.name is not null)::int as free_delegated,
              count(*) filter (where o.released_at is not null and o.renewed_on is null and (
                  (select c.kind from zone_changes c where c.name = o.domain_name and c.seen_at <= o.released_at order by c.seen_at desc limit 1) <> 'disappeared'
                  or (not exists (select 1 from zone_changes c where c.name = o.domain_name and c.seen_at <= o.released_at)
                      and (select c.kind from zone_changes c where c.name = o.domain_name order by c.seen_at limit 1) in ('disappeared', 'name_servers_changed')
                      and (select min(b.started_at) from zone_snapshots b where b.tld = o.tld) < o.released_at)))::int as delegated_at_release,
              count(*) filter (where o.renewed_on is null and exists (select 1 from zone_changes c where c.name = o.domain_name and c.kind = 'disappeared'
                                                                      and c.seen_at < (o.listed_on + time '00:00') at time zone 'UTC'))::int as left_before_listed
         from release_outcomes o
         left join zone_delegations d on d.name = o.domain_name
         left join zone_snapshots s on s.id = d.since_snapshot_id`,
    );
    expect(history).toMatchObject({
      caught_wrong: 0,
      renewed_missing: 0,
      free_delegated: 0,
      delegated_at_release: 0,
      left_before_listed: 0,
    });
    expect(history.caught).toBeGreaterThan(100);
    expect(history.renewed).toBeGreaterThan(50);

    // Names on no list, realistic operators, DS on some, a few moves.
    const [zone] = await db.query<{ unlisted: number; ds: number; all: number; moved: number; operators: number; parked: number }>(
      `select count(*) filter (where not exists (select 1 from domains x where x.name = d.name))::int as unlisted,
              count(*) filter (where d.has_ds)::int as ds, count(*)::int as all,
              (select count(*)::int from zone_changes where kind = 'name_servers_changed') as moved,
              count(distinct d.name_servers[1])::int as operators,
              count(*) filter (where d.name_servers[1] like '%sedoparking.com')::int as parked
         from zone_delegations d`,
    );
    expect(zone.unlisted).toBeGreaterThanOrEqual(200);
    expect(zone.ds).toBeGreaterThan(zone.all * 0.2);
    expect(zone.ds).toBeLessThan(zone.all * 0.9);
    expect(zone.moved).toBeGreaterThan(5);
    expect(zone.operators).toBeGreaterThan(10);
    expect(zone.parked).toBeGreaterThan(10);
  });

  it("writes the zone once: seeding again adds no snapshot, delegation or change", async () => {
    await seedDemoIfEmpty(handle(), { size: 200, now: NOW });
    const counts = () =>
      handle().query<{ snapshots: number; delegations: number; changes: number }>(
        `select (select count(*)::int from zone_snapshots) as snapshots, (select count(*)::int from zone_delegations) as delegations,
                (select count(*)::int from zone_changes) as changes`,
      );
    const before = await counts();
    expect(before[0].delegations).toBeGreaterThan(0);
    expect(await seedDemoIfEmpty(handle(), { size: 200, now: NOW })).toBe(0);
    // The benchmarks seed over names already there: the zone stays as it was.
    await seedDemo(handle(), { size: 300, now: NOW, seed: 5 });
    expect(await counts()).toEqual(before);
  });
});

it("writes the same zone from the same seed and moment", async () => {
  const zoneOf = async () => {
    // A copy of the migrated template each time (migrating anew twice took most of this test's time).
    const fresh = await createTestDatabase("pglite");
    try {
      await seedDemo(fresh, { size: 200, now: NOW, seed: 11 });
      return {
        delegations: await fresh.query(
          "select name, tld, name_servers, ds_records, delegated_since, last_changed_at from zone_delegations order by name",
        ),
        changes: await fresh.query(
          "select name, kind, old_name_servers, new_name_servers, seen_at from zone_changes order by name, seen_at",
        ),
      };
    } finally {
      await releaseTestDatabase(fresh);
    }
  };
  const first = await zoneOf();
  expect(first.delegations.length).toBeGreaterThan(0);
  expect(await zoneOf()).toEqual(first);
});
