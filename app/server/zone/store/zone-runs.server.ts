import type pg from "pg";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { ZoneRunRow } from "~/domain/zone-views";
import type { ZoneSnapshotSource } from "~/server/db/schema/zone.server";
import type { ZoneTld } from "~/server/zone/zone-records.server";
import { heldZoneLocks, insertHoldingZoneLock, releaseZoneLock, ZONE_RUN_LOCK, zoneLockPool } from "./zone-locks.server";
import { dropLeftoverStagingTables } from "./zone-staging-tables.server";

/** The column value of a TLD: the domains tables' ".se" / ".nu". */
export const tldColumn = (tld: ZoneTld) => `.${tld}` as const;

/** One read of a TLD's zone (zone_snapshots), as the store, the CLI and the backoffice read it. */
export type ZoneRun = ZoneRunRow;

const RUN_COLUMNS = `id, tld, serial, from_serial as "fromSerial", source, state, records, names, appeared, disappeared,
  name_servers_changed as "nameServersChanged", held_reason as "heldReason", forced, error_message as "errorMessage",
  started_at as "startedAt", finished_at as "finishedAt", applied_at as "appliedAt"`;

/** Numbers come back from bigint columns as strings on PostgreSQL. */
function toRun(row: ZoneRun): ZoneRun {
  return {
    ...row,
    serial: Number(row.serial),
    fromSerial: row.fromSerial === null ? null : Number(row.fromSerial),
    records: Number(row.records),
    startedAt: new Date(row.startedAt),
    finishedAt: row.finishedAt && new Date(row.finishedAt),
    appliedAt: row.appliedAt && new Date(row.appliedAt),
  };
}

export async function getZoneRun(handle: Pick<DatabaseHandle, "query">, runId: number): Promise<ZoneRun | undefined> {
  const [row] = await handle.query<ZoneRun>(`select ${RUN_COLUMNS} from zone_snapshots where id = $1`, [runId]);
  return row && toRun(row);
}

/** The snapshot in force for a TLD: the one applied last. */
export async function currentZoneSnapshot(handle: Pick<DatabaseHandle, "query">, tld: ZoneTld): Promise<ZoneRun | undefined> {
  const [row] = await handle.query<ZoneRun>(
    `select ${RUN_COLUMNS} from zone_snapshots where tld = $1 and state = 'succeeded' order by applied_at desc, id desc limit 1`,
    [tldColumn(tld)],
  );
  return row && toRun(row);
}

/** A TLD's runs, newest first: for the backoffice and the CLI. */
export async function listZoneRuns(handle: Pick<DatabaseHandle, "query">, options: { tld?: ZoneTld; limit?: number } = {}) {
  const rows = await handle.query<ZoneRun>(
    `select ${RUN_COLUMNS} from zone_snapshots where ($1::domain_tld is null or tld = $1) order by id desc limit $2`,
    [options.tld ? tldColumn(options.tld) : null, options.limit ?? 50],
  );
  return rows.map(toRun);
}

/** Runs this process is carrying out: never closed as stale (with the pool holding their locks on PostgreSQL). */
const liveRuns = new Map<number, pg.Pool | undefined>();

/**
 * Records a run as 'running'. On PostgreSQL its lock is taken by the same
 * statement and held until forgetLiveZoneRun: the run lives as long as this
 * process (zone-locks.server.ts).
 */
export async function openZoneRun(
  handle: DatabaseHandle,
  values: { tld: ZoneTld; serial: number; fromSerial: number | null; source: ZoneSnapshotSource; trigger: string; now: Date },
): Promise<number> {
  const insert = `insert into zone_snapshots (tld, serial, from_serial, source, trigger, started_at) values ($1, $2, $3, $4, $5, $6) returning id`;
  const params = [tldColumn(values.tld), values.serial, values.fromSerial, values.source, values.trigger, values.now];
  const pool = zoneLockPool(handle);
  const id = pool ? await insertHoldingZoneLock(pool, ZONE_RUN_LOCK, insert, params) : (await handle.query<{ id: number }>(insert, params))[0].id;
  liveRuns.set(id, pool);
  return id;
}

/** The run has ended (its row says how): its lock goes. */
export function forgetLiveZoneRun(runId: number) {
  const pool = liveRuns.get(runId);
  liveRuns.delete(runId);
  if (pool)
    void releaseZoneLock(pool, ZONE_RUN_LOCK, runId).catch((error: unknown) =>
      console.warn(`[zone] could not release run ${runId}'s lock: ${error instanceof Error ? error.message : String(error)}`),
    );
}

export async function recordZoneRunProgress(handle: DatabaseHandle, runId: number, records: number) {
  await handle.query("update zone_snapshots set records = $2 where id = $1", [runId, records]);
}

export async function failZoneRun(handle: DatabaseHandle, runId: number, message: string, finishedAt: Date) {
  await handle.query(
    "update zone_snapshots set state = 'failed', error_message = $2, finished_at = $3 where id = $1 and state = 'running'",
    [runId, message, finishedAt],
  );
}

/**
 * Longer than any real read and apply (a whole .se zone takes minutes): on
 * the embedded engine, where no lock can tell, a run or sync lease this old
 * has died. On PostgreSQL their locks tell at once.
 */
export const STALE_ZONE_RUN_AFTER_MS = 6 * 60 * 60 * 1000;

export const STALE_ZONE_RUN_MESSAGE =
  "The zone read stopped without finishing (the process was stopped or crashed); the snapshot before it stays in force.";

/**
 * Closes zone runs left 'running' by a process that died, then drops the
 * staging tables no run needs. On PostgreSQL: every running run whose lock
 * no process holds (its process has ended). On the embedded engine: those
 * older than STALE_ZONE_RUN_AFTER_MS, or all when `allRunning` (its only
 * process at its start).
 */
export async function closeLeftoverZoneRuns(handle: DatabaseHandle, options: { now: Date; allRunning?: boolean }) {
  const byLock = zoneLockPool(handle) !== undefined;
  const startedBefore = byLock ? null : options.allRunning ? options.now : new Date(options.now.getTime() - STALE_ZONE_RUN_AFTER_MS);
  const rows = await handle.query<{ id: number }>(
    "select id from zone_snapshots where state = 'running' and ($1::timestamptz is null or started_at <= $1)",
    [startedBefore],
  );
  const locked = byLock ? await heldZoneLocks(handle, ZONE_RUN_LOCK) : new Set<number>();
  const stale = rows.map((row) => row.id).filter((id) => !liveRuns.has(id) && !locked.has(id));
  for (const id of stale) await failZoneRun(handle, id, STALE_ZONE_RUN_MESSAGE, options.now);
  const dropped = await dropLeftoverStagingTables(handle);
  return { runs: stale.length, tables: dropped.length };
}
