import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { closeLeftoverRuns } from "./close-leftover-runs.server";

const NOW = new Date("2030-05-10T06:00:00Z");

describeEachEngine("closeLeftoverRuns", ({ handle, engine }) => {
  it("closes runs a dead process left 'running': all of them on the embedded database, old ones on PostgreSQL (zone runs and leases: the unlocked ones)", async () => {
    await handle().query(
      `insert into job_runs (job, trigger, state, started_at) values
         ('tld-imports', 'schedule', 'running', '2030-05-10T02:00:00Z'),
         ('availability-check', 'schedule', 'running', '2030-05-10T05:59:00Z')`,
    );
    await handle().query(
      `insert into import_runs (tld, source, trigger, state, started_at) values
         ('.se', 'upload', 'admin', 'running', '2030-05-10T02:00:00Z'),
         ('.nu', 'upload', 'admin', 'running', '2030-05-10T05:59:00Z')`,
    );
    await handle().query(
      `insert into zone_snapshots (tld, serial, source, trigger, state, started_at) values
         ('.se', 7, 'full', 'schedule', 'running', '2030-05-09T23:00:00Z'),
         ('.nu', 8, 'full', 'schedule', 'running', '2030-05-10T05:59:00Z')`,
    );
    await handle().query(
      `insert into zone_sync_state (tld, sync_started_at) values ('.se', '2030-05-09T23:00:00Z'), ('.nu', '2030-05-10T05:59:00Z')`,
    );
    const closed = await closeLeftoverRuns(handle(), { now: NOW });
    expect(closed).toEqual(
      engine === "pglite"
        ? { jobRuns: 2, importRuns: 2, zoneRuns: 2, zoneSyncLeases: 2 }
        : { jobRuns: 1, importRuns: 1, zoneRuns: 2, zoneSyncLeases: 2 },
    );
    const [{ running }] = await handle().query<{ running: number }>(
      "select (select count(*) from job_runs where state = 'running') + (select count(*) from import_runs where state = 'running') as running",
    );
    expect(Number(running)).toBe(engine === "pglite" ? 0 : 2);
  });
});
