import type { DatabaseHandle } from "~/server/db/client.server";
import { withTransaction } from "~/server/db/with-transaction.server";
import { applyHeldZoneRun, applyZoneRead, type ZoneApplyResult, ZoneRunNotApplicable } from "~/server/zone/store/apply-zone-read.server";
import { dropStagingTables } from "~/server/zone/store/zone-staging-tables.server";
import { heldZoneLocks, releaseZoneLock, tryHoldZoneLock, ZONE_SYNC_LOCK, zoneLockPool } from "~/server/zone/store/zone-locks.server";
import { currentZoneSnapshot, STALE_ZONE_RUN_AFTER_MS, tldColumn, type ZoneRun } from "~/server/zone/store/zone-runs.server";
import { querySoaSerial, transferZone } from "~/server/zone/zone-transfer.server";
import type { ZoneTld } from "~/server/zone/zone-records.server";

/**
 * Keeping the store's snapshot of each TLD's zone up to date from the
 * registry's zone server (zone-sync job, `npm run cli -- zone-sync`): ask the
 * SOA serial first and do nothing more when it is the one in force; otherwise
 * an incremental transfer (IXFR) from the serial in force, which the server
 * may answer with the whole zone, or the whole zone (AXFR) when there is no
 * snapshot yet or the difference cannot be applied. The reader only yields a
 * transfer that began and ended with the same SOA, and the store applies
 * nothing of a read that failed, so the last good snapshot stays in force
 * whatever the server does.
 *
 * One sync runs at a time across processes (a lease: zone_sync_state's
 * sync_started_at, and on PostgreSQL an advisory lock that ends with the
 * process holding it), so the job and the CLI never transfer at once. Between syncs: the interval
 * (ZONE_SYNC_MINUTES) with up to a tenth more as jitter; while the server
 * fails, a backoff from 15 minutes doubling up to 6 hours.
 */

export type ZoneSyncTimeouts = {
  /** The SOA query. */
  soaTimeoutMs: number;
  /** A whole transfer (a full .se zone is about 1.5 million names). */
  transferTimeoutMs: number;
  /** The longest silence within a transfer. */
  idleTimeoutMs: number;
};

export const DEFAULT_ZONE_SYNC_TIMEOUTS: ZoneSyncTimeouts = {
  soaTimeoutMs: 15_000,
  transferTimeoutMs: 2 * 60 * 60 * 1000,
  idleTimeoutMs: 60_000,
};

export const ZONE_SYNC_FIRST_BACKOFF_MS = 15 * 60 * 1000;
export const ZONE_SYNC_MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** The share of the interval added at random, so that syncs drift away from round hours. */
export const ZONE_SYNC_JITTER_SHARE = 0.1;

export type ZoneSyncOptions = {
  server: string;
  tld: ZoneTld;
  /** Apply a read that would otherwise be held (it removes more than 2 % of the names). */
  force?: boolean;
  trigger: string;
  now: Date;
  intervalMinutes: number;
  timeouts?: Partial<ZoneSyncTimeouts>;
  /** In [0, 1): the jitter's draw (tests fix it). */
  random?: () => number;
};

export type ZoneSyncResult = {
  tld: ZoneTld;
  /**
   * "unchanged": the serial in force is the server's; "succeeded": a read was
   * applied; "held": read but held back; "failed": the server or the read
   * failed, nothing was applied; "busy": another sync was running.
   */
  state: "unchanged" | "succeeded" | "held" | "failed" | "busy";
  /** The serial in force afterwards (none before a TLD's first snapshot). */
  serialInForce: number | null;
  /** The server's serial, when it answered. */
  serverSerial?: number;
  /** The zone run (zone_snapshots row) that read it, when there was one. */
  runId?: number;
  source?: "full" | "incremental";
  message: string;
  nextAttemptAt?: Date;
};

/** Syncs one TLD now, whether or not it is due. */
export async function syncZone(handle: DatabaseHandle, options: ZoneSyncOptions): Promise<ZoneSyncResult> {
  const { tld, now } = options;
  if (!(await claimZoneSync(handle, tld, now))) {
    const inForce = await currentZoneSnapshot(handle, tld);
    return {
      tld,
      state: "busy",
      serialInForce: inForce?.serial ?? null,
      message: `Another zone sync is running; .${tld} is left for the next one.`,
    };
  }
  try {
    let result: ZoneSyncResult;
    try {
      result = await readAndApply(handle, options);
    } catch (error) {
      const inForce = await currentZoneSnapshot(handle, tld).catch(() => undefined);
      result = { tld, state: "failed", serialInForce: inForce?.serial ?? null, message: errorText(error) };
    }
    const nextAttemptAt = await finishZoneSync(handle, result, options);
    return { ...result, nextAttemptAt };
  } finally {
    const pool = zoneLockPool(handle);
    if (pool) await releaseZoneLock(pool, ZONE_SYNC_LOCK, 0);
  }
}

async function readAndApply(handle: DatabaseHandle, options: ZoneSyncOptions): Promise<ZoneSyncResult> {
  const { server, tld, now } = options;
  const timeouts = { ...DEFAULT_ZONE_SYNC_TIMEOUTS, ...options.timeouts };
  const inForce = await currentZoneSnapshot(handle, tld);
  const serverSerial = await querySoaSerial({ server, tld, timeoutMs: timeouts.soaTimeoutMs });
  if (inForce && inForce.serial === serverSerial) {
    return {
      tld,
      state: "unchanged",
      serialInForce: serverSerial,
      serverSerial,
      message: `.${tld} is at serial ${serverSerial} already; nothing was transferred.`,
    };
  }
  // A read of this serial is held already: reading it again would only hold it again (and stage the zone once more).
  const held = await heldRunOf(handle, tld, serverSerial, inForce?.id ?? 0);
  if (held && options.force) {
    // Forced: the held read's staged names are applied as read ("Apply anyway"); read again only when they are gone.
    const applied = await applyHeldZoneRun(handle, held.id, { now }).catch((error: unknown) => {
      if (error instanceof ZoneRunNotApplicable) return undefined;
      throw error;
    });
    if (applied)
      return resultOf(
        { state: applied.state as "succeeded", tld, serial: applied.serial, run: applied },
        serverSerial,
        await currentZoneSnapshot(handle, tld),
      );
  } else if (held) {
    return {
      tld,
      state: "held",
      serialInForce: inForce?.serial ?? null,
      serverSerial,
      runId: held.id,
      message: `${held.heldReason ?? `.${tld} serial ${serverSerial} is held (run ${held.id}).`} (Still held: serial ${serverSerial} was not read again.)`,
    };
  }
  const transfer = (fromSerial?: number) =>
    transferZone({ server, tld, fromSerial, timeoutMs: timeouts.transferTimeoutMs, idleTimeoutMs: timeouts.idleTimeoutMs });
  const apply = (read: Awaited<ReturnType<typeof transfer>>) =>
    applyZoneRead(handle, read, { source: read.kind, force: options.force, trigger: options.trigger, now });

  const read = await transfer(inForce?.serial);
  let applied = await apply(read);
  // A difference that does not fit the snapshot in force (or broke off): the whole zone instead.
  if (read.kind === "incremental" && applied.state === "failed") applied = await apply(await transfer());
  if (applied.state === "held") await dropOlderHeldReads(handle, tld, applied.run.id);
  return resultOf(applied, serverSerial, await currentZoneSnapshot(handle, tld));
}

function resultOf(applied: ZoneApplyResult, serverSerial: number, inForce: { serial: number } | undefined): ZoneSyncResult {
  const { tld, run } = applied;
  const source = run.fromSerial === null ? "full" : "incremental";
  const base = { tld, serialInForce: inForce?.serial ?? null, serverSerial, runId: run.id, source } as const;
  const how = source === "full" ? "the whole zone" : `the changes since serial ${run.fromSerial}`;
  switch (applied.state) {
    case "unchanged":
      return { ...base, state: "unchanged", message: `.${tld} is at serial ${applied.serial} already; nothing was applied.` };
    case "succeeded":
      return {
        ...base,
        state: "succeeded",
        message: appliedZoneRunText(run, how),
      };
    case "held":
      return { ...base, state: "held", message: run.heldReason ?? `.${tld} serial ${run.serial} was held (run ${run.id}).` };
    case "failed":
      return {
        ...base,
        state: "failed",
        message: `.${tld} serial ${run.serial} was not applied (run ${run.id}): ${run.errorMessage ?? "the read failed"}`,
      };
  }
}

/**
 * A newer read is held: the older held reads of the TLD would only take the
 * zone back to an older serial, so their staged names go (a zone's worth of
 * disk each; "Apply anyway" then says to read the zone again).
 */
async function dropOlderHeldReads(handle: DatabaseHandle, tld: ZoneTld, heldRunId: number) {
  const older = await handle.query<{ id: number }>("select id from zone_snapshots where tld = $1 and state = 'held' and id < $2", [
    tldColumn(tld),
    heldRunId,
  ]);
  for (const { id } of older) await dropStagingTables(handle.query, id);
}

/** The held run of this serial newer than the snapshot in force, if any. */
async function heldRunOf(handle: DatabaseHandle, tld: ZoneTld, serial: number, afterRunId: number) {
  const [row] = await handle.query<{ id: number; heldReason: string | null }>(
    `select id, held_reason as "heldReason" from zone_snapshots
      where tld = $1 and state = 'held' and serial = $2 and id > $3 order by id desc limit 1`,
    [tldColumn(tld), serial, afterRunId],
  );
  return row;
}

/** ".se serial 7 applied from the whole zone (run 3): 1,000 names, 2 appeared, …": the CLI's and the job's words. */
export function appliedZoneRunText(run: ZoneRun, from: string): string {
  return (
    `.${run.tld.slice(1)} serial ${run.serial} applied from ${from} (run ${run.id}${run.forced ? ", forced" : ""}): ${run.names ?? 0} names, ` +
    `${run.appeared ?? 0} appeared, ${run.disappeared ?? 0} disappeared, ${run.nameServersChanged ?? 0} changed name servers.`
  );
}

/**
 * Takes the lease for a sync of `tld`: refused while any TLD's sync holds it
 * (one transfer at a time). On PostgreSQL the lease is the sync lock, held
 * until the sync ends or its process does, and a sync_started_at left
 * without it is a dead process's; on the embedded engine a lease older than
 * a sync can be has died.
 */
async function claimZoneSync(handle: DatabaseHandle, tld: ZoneTld, now: Date): Promise<boolean> {
  const pool = zoneLockPool(handle);
  if (pool && !(await tryHoldZoneLock(pool, ZONE_SYNC_LOCK, 0))) return false;
  try {
    const claimed = await withTransaction(handle, async (query) => {
      await query("lock table zone_sync_state in share row exclusive mode");
      await query("insert into zone_sync_state (tld) values ($1) on conflict (tld) do nothing", [tldColumn(tld)]);
      // Holding the lock, every other lease is a leftover.
      if (pool) await query("update zone_sync_state set sync_started_at = null where tld <> $1", [tldColumn(tld)]);
      const running = pool
        ? []
        : await query("select tld from zone_sync_state where sync_started_at > $1", [new Date(now.getTime() - STALE_ZONE_RUN_AFTER_MS)]);
      if (running.length > 0) return false;
      await query("update zone_sync_state set sync_started_at = $2 where tld = $1", [tldColumn(tld), now]);
      return true;
    });
    if (!claimed && pool) await releaseZoneLock(pool, ZONE_SYNC_LOCK, 0);
    return claimed;
  } catch (error) {
    if (pool) await releaseZoneLock(pool, ZONE_SYNC_LOCK, 0);
    throw error;
  }
}

/** Releases the lease and records the attempt; returns when the next one is due. */
async function finishZoneSync(handle: DatabaseHandle, result: ZoneSyncResult, options: ZoneSyncOptions): Promise<Date | undefined> {
  if (result.state === "busy") return undefined;
  const { tld, now } = options;
  const random = options.random ?? Math.random;
  const [row] = await handle.query<{ failures: number }>("select failures from zone_sync_state where tld = $1", [tldColumn(tld)]);
  const failures = result.state === "failed" ? (row?.failures ?? 0) + 1 : 0;
  const nextAttemptAt = new Date(now.getTime() + nextSyncDelayMs({ intervalMinutes: options.intervalMinutes, failures, random }));
  await handle.query(
    `update zone_sync_state
        set sync_started_at = null, last_attempt_at = $2, failures = $3, next_attempt_at = $4,
            last_seen_serial = coalesce($5, last_seen_serial),
            last_error = case when $3 > 0 then $6 else null end,
            last_success_at = case when $3 > 0 then last_success_at else $2 end
      where tld = $1`,
    [tldColumn(tld), now, failures, nextAttemptAt, result.serverSerial ?? null, result.message],
  );
  return nextAttemptAt;
}

/**
 * How long until the next sync: the interval plus up to a tenth of it at
 * random; after `failures` failures in a row, 15 minutes doubling with each
 * (15, 30, 60 … minutes) up to 6 hours, with the same jitter.
 */
export function nextSyncDelayMs({
  intervalMinutes,
  failures,
  random,
}: {
  intervalMinutes: number;
  failures: number;
  random: () => number;
}) {
  const base =
    failures > 0
      ? Math.min(ZONE_SYNC_MAX_BACKOFF_MS, ZONE_SYNC_FIRST_BACKOFF_MS * 2 ** Math.min(failures - 1, 20))
      : intervalMinutes * 60 * 1000;
  return Math.round(base * (1 + ZONE_SYNC_JITTER_SHARE * random()));
}

/**
 * Releases the sync leases a dead process left: all on the embedded database
 * (its one owner is starting), those older than a sync can be on it later;
 * on PostgreSQL all of them while no process holds the sync lock.
 */
export async function releaseLeftoverZoneSyncLeases(
  handle: Pick<DatabaseHandle, "query" | "kind" | "pool">,
  options: { now: Date; allRunning?: boolean },
) {
  if (zoneLockPool(handle) && (await heldZoneLocks(handle, ZONE_SYNC_LOCK)).size > 0) return 0;
  const startedBefore = zoneLockPool(handle)
    ? null
    : options.allRunning
      ? options.now
      : new Date(options.now.getTime() - STALE_ZONE_RUN_AFTER_MS);
  const rows = await handle.query(
    "update zone_sync_state set sync_started_at = null where sync_started_at is not null and ($1::timestamptz is null or sync_started_at <= $1) returning tld",
    [startedBefore],
  );
  return rows.length;
}

/** Whether a TLD's scheduled sync is due: never synced, or its next attempt has come. */
export async function isZoneSyncDue(handle: DatabaseHandle, tld: ZoneTld, now: Date): Promise<boolean> {
  const [row] = await handle.query<{ next_attempt_at: Date | null }>("select next_attempt_at from zone_sync_state where tld = $1", [
    tldColumn(tld),
  ]);
  return !row?.next_attempt_at || new Date(row.next_attempt_at).getTime() <= now.getTime();
}

function errorText(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() === "" ? "The zone sync failed without saying why." : message.slice(0, 2000);
}

export type ZoneSyncRun = { results: ZoneSyncResult[]; notDue: ZoneTld[] };

/**
 * Syncs the given TLDs one after the other (never two transfers at once).
 * `onlyDue`: the schedule's run, which leaves a TLD whose next attempt has
 * not come (the interval, or the backoff after a failure); the CLI and
 * "Run now" sync every TLD asked for.
 */
export async function syncZones(
  handle: DatabaseHandle,
  options: Omit<ZoneSyncOptions, "tld"> & { tlds: readonly ZoneTld[]; onlyDue?: boolean },
): Promise<ZoneSyncRun> {
  const run: ZoneSyncRun = { results: [], notDue: [] };
  for (const tld of options.tlds) {
    if (options.onlyDue && !(await isZoneSyncDue(handle, tld, options.now))) {
      run.notDue.push(tld);
      continue;
    }
    run.results.push(await syncZone(handle, { ...options, tld }));
  }
  return run;
}
