import type { DatabaseHandle } from "~/server/db/client.server";
import { analyzeTables, type PlannerStatisticsTable } from "~/server/db/planner-statistics.server";
import type { ZoneSnapshotSource } from "~/server/db/schema/zone.server";
import { withTransaction, type TransactionQuery } from "~/server/db/with-transaction.server";
import type { ZoneRead, ZoneTld } from "~/server/zone/zone-records.server";
import { applyZoneListEffects } from "~/server/zone/zone-list-effects.server";
import { refreshFamilyFlagsAfter } from "~/server/zone/family-flags.server";
import { pruneZoneChanges } from "./prune-zone-changes.server";
import { groupFullRead, groupIncrementalRead, stageZoneRecords } from "./stage-zone-read.server";
import { dropStagingTables, stagedTable } from "./zone-staging-tables.server";
import {
  closeLeftoverZoneRuns,
  currentZoneSnapshot,
  failZoneRun,
  forgetLiveZoneRun,
  getZoneRun,
  openZoneRun,
  recordZoneRunProgress,
  type ZoneRun,
} from "./zone-runs.server";

/**
 * The share of a TLD's names in force a read may remove before it is held:
 * a zone that loses more than this between two snapshots is far more likely
 * cut short or broken than real (about 640 names are released a day of 1.5
 * million). Held reads are applied only by "Apply anyway" or `--force`.
 */
export const ZONE_HOLD_SHARE = 0.02;

export type ApplyZoneReadOptions = {
  source: ZoneSnapshotSource;
  /** Apply a read that would otherwise be held. */
  force?: boolean;
  /** "schedule", "cli", "admin:<user id>"; default "cli". */
  trigger?: string;
  /** The snapshot's time (tests move the clock); default now. */
  now?: Date;
  holdShare?: number;
};

export type ZoneApplyResult =
  /** The serial in force already: nothing was read, no run was recorded. */
  | { state: "unchanged"; tld: ZoneTld; serial: number; run: ZoneRun }
  | { state: "succeeded" | "held" | "failed"; tld: ZoneTld; serial: number; run: ZoneRun };

/**
 * Reads a zone into the store: streams its records into the run's staging
 * table, groups them per name in SQL, and only once the read has ended
 * without an error compares them with the delegations in force and applies
 * the difference in one transaction (the changes, the delegations, the
 * snapshot row). A read that throws, at any point, applies nothing and is
 * recorded as failed with its error; a read that would remove more than
 * `holdShare` of the names in force is recorded as held and kept for
 * "Apply anyway" (applyHeldZoneRun), unless `force`. The serial in force is
 * not read again, and an incremental read must start from it.
 */
export async function applyZoneRead(handle: DatabaseHandle, read: ZoneRead, options: ApplyZoneReadOptions): Promise<ZoneApplyResult> {
  const now = options.now ?? new Date();
  const current = await currentZoneSnapshot(handle, read.tld);
  if (current && current.serial === read.serial) {
    await closeStream(read);
    return { state: "unchanged", tld: read.tld, serial: read.serial, run: current };
  }
  await closeLeftoverZoneRuns(handle, { now });
  const runId = await openZoneRun(handle, {
    tld: read.tld,
    serial: read.serial,
    fromSerial: read.kind === "incremental" ? read.fromSerial : null,
    source: options.source,
    trigger: options.trigger ?? "cli",
    now,
  });
  try {
    if (read.kind === "incremental" && current?.serial !== read.fromSerial) {
      await closeStream(read);
      throw new Error(
        `The incremental read starts at serial ${read.fromSerial}, but the snapshot in force is ${current ? `at serial ${current.serial}` : "none"}; read the whole zone.`,
      );
    }
    const records = await stageZoneRecords(handle, runId, read, (count) => recordZoneRunProgress(handle, runId, count));
    await recordZoneRunProgress(handle, runId, records);
    if (read.kind === "full") await groupFullRead(handle, runId, read.tld);
    else await groupIncrementalRead(handle, runId, read.tld);
    await applyStagedRun(handle, runId, { force: options.force === true, now, holdShare: options.holdShare ?? ZONE_HOLD_SHARE });
  } catch (error) {
    await dropStagingTables(handle.query, runId).catch(() => undefined);
    await failZoneRun(handle, runId, errorText(error), new Date(Math.max(Date.now(), now.getTime())));
  } finally {
    forgetLiveZoneRun(runId);
  }
  const run = (await getZoneRun(handle, runId))!;
  return { state: run.state as "succeeded" | "held" | "failed", tld: read.tld, serial: read.serial, run };
}

export class ZoneRunNotApplicable extends Error {}

/** Tests only: awaited inside the apply's transaction once everything but the snapshot row is written. */
let beforeApplyCommitForTests: (() => Promise<void>) | undefined;

/**
 * Runs `work` with `hook` awaited inside each apply's transaction after the
 * changes, the delegations and the lists' effects are written and before the
 * run is marked succeeded: the crash test holds a real apply there and kills
 * its process. Nothing outside tests calls it.
 */
export async function withZoneApplyHookForTests<T>(hook: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  const previous = beforeApplyCommitForTests;
  beforeApplyCommitForTests = hook;
  try {
    return await work();
  } finally {
    beforeApplyCommitForTests = previous;
  }
}

/**
 * "Apply anyway" for a held run: applies its staged names now (the run's
 * staging table is kept while it is held), as they were when read. Refused,
 * with the reason, when the run is not held, when a newer snapshot of its
 * TLD has been applied since (applying it would go back in time), when an
 * incremental run no longer starts from the serial in force, or when its
 * staged names are gone (a crash empties the unlogged staging tables): then
 * the zone has to be read again.
 */
export async function applyHeldZoneRun(handle: DatabaseHandle, runId: number, options: { now?: Date } = {}): Promise<ZoneRun> {
  const run = await getZoneRun(handle, runId);
  if (!run) throw new ZoneRunNotApplicable(`No zone run ${runId}.`);
  if (run.state !== "held") throw new ZoneRunNotApplicable(`Zone run ${runId} is ${run.state}, not held: there is nothing to apply.`);
  await applyStagedRun(handle, runId, { force: true, now: options.now ?? new Date(), holdShare: ZONE_HOLD_SHARE });
  return (await getZoneRun(handle, runId))!;
}

/** The diff's rows by kind; `rows` counts also the names whose DS records alone changed. */
type Counts = { appeared: number; disappeared: number; changed: number; rows: number };

/**
 * Compares a run's staged names with the delegations in force and, unless
 * the read is to be held, applies the difference; all in one transaction,
 * which holds zone_delegations against a second apply (SHARE ROW EXCLUSIVE
 * lets readers through). Held: the run is marked so and its staged names kept.
 * Applied: the zone tables it changed are analyzed after the commit, so that
 * the pages' queries plan with the zone as it now is, and the listed names'
 * family flags are refreshed (family-flags.server.ts) when names came or went.
 */
async function applyStagedRun(handle: DatabaseHandle, runId: number, options: { force: boolean; now: Date; holdShare: number }) {
  const staged = stagedTable(runId);
  const outcome = await withTransaction(handle, async (query) => {
    await query("lock table zone_delegations in share row exclusive mode");
    const [run] = await query<{ tld: ".se" | ".nu"; from_serial: string | null; started_at: Date; state: string }>(
      "select tld, from_serial, started_at, state from zone_snapshots where id = $1 for update",
      [runId],
    );
    if (run.state !== "running" && run.state !== "held") throw new ZoneRunNotApplicable(`Zone run ${runId} is ${run.state}.`);
    const [inForce] = await query<{ id: number; serial: string; names: number }>(
      "select id, serial, names from zone_snapshots where tld = $1 and state = 'succeeded' order by applied_at desc, id desc limit 1",
      [run.tld],
    );
    const incremental = run.from_serial !== null;
    if (incremental && (!inForce || Number(inForce.serial) !== Number(run.from_serial))) {
      throw new ZoneRunNotApplicable(
        `Zone run ${runId} changes serial ${run.from_serial}, but the snapshot in force is ${inForce ? `at serial ${inForce.serial}` : "none"}; read the zone again.`,
      );
    }
    if (!incremental && inForce && inForce.id > runId) {
      throw new ZoneRunNotApplicable(
        `A newer snapshot of ${run.tld} (run ${inForce.id}) has been applied since zone run ${runId}; read the zone again.`,
      );
    }
    const [kept] = await query<{ exists: boolean }>("select to_regclass($1) is not null as exists", [staged]);
    if (!kept.exists) {
      throw new ZoneRunNotApplicable(
        `The names read by zone run ${runId} are no longer kept (the database restarted); read the zone again with --force.`,
      );
    }
    const counts = await diffAgainstDelegations(query, staged, run.tld, incremental);
    const inForceNames = inForce?.names ?? 0;
    const names = incremental ? inForceNames + counts.appeared - counts.disappeared : await countStaged(query, staged);
    const wouldHold = inForceNames > 0 && counts.disappeared > inForceNames * options.holdShare;
    if (wouldHold && !options.force) {
      await query(
        `update zone_snapshots set state = 'held', names = $2, appeared = $3, disappeared = $4, name_servers_changed = $5,
           held_reason = $6, finished_at = $7 where id = $1`,
        [
          runId,
          names,
          counts.appeared,
          counts.disappeared,
          counts.changed,
          heldReason(run.tld, counts.disappeared, inForceNames, options.holdShare),
          options.now,
        ],
      );
      return { state: "held" as const, wrote: [], families: null };
    }
    const snapshotTime = run.started_at;
    // A TLD's first snapshot is the baseline: its names are delegated "since the first snapshot", and no change is written.
    if (inForce) {
      await query(
        `insert into zone_changes (snapshot_id, tld, name, kind, old_name_servers, new_name_servers, seen_at)
         select $1, $2, name, kind, old_ns, new_ns, $3 from zone_diff where kind is not null order by name`,
        [runId, run.tld, snapshotTime],
      );
    }
    await query("delete from zone_delegations d using zone_diff x where x.kind = 'disappeared' and d.name = x.name");
    await query(
      `update zone_delegations d
          set name_servers = x.new_ns, ds_records = x.new_ds,
              last_changed_at = case when x.kind is null then d.last_changed_at else $2 end,
              last_changed_snapshot_id = case when x.kind is null then d.last_changed_snapshot_id else $1 end
         from zone_diff x
        where (x.kind = 'name_servers_changed' or x.kind is null) and d.name = x.name`,
      [runId, snapshotTime],
    );
    await query(
      `insert into zone_delegations (name, tld, name_servers, ds_records, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id)
       select name, $2, new_ns, new_ds, $3, $1, $3, $1 from zone_diff where kind = 'appeared'`,
      [runId, run.tld, snapshotTime],
    );
    await applyZoneListEffects(query, { id: runId, seenAt: snapshotTime });
    await beforeApplyCommitForTests?.();
    await query(
      `update zone_snapshots set state = 'succeeded', names = $2, appeared = $3, disappeared = $4, name_servers_changed = $5,
         forced = $6, finished_at = coalesce(finished_at, $7), applied_at = $7, error_message = null where id = $1`,
      [runId, names, counts.appeared, counts.disappeared, counts.changed, wouldHold, options.now],
    );
    await query(`drop table ${staged}`);
    const wrote: PlannerStatisticsTable[] = [];
    if (counts.rows > 0) wrote.push("zone_delegations");
    if (inForce && counts.appeared + counts.disappeared + counts.changed > 0) wrote.push("zone_changes");
    // A name that came or went may be a listed name's sibling or twin: those names' flags are refreshed
    // from this run's changes. A TLD's first snapshot writes no changes, and turns the unknown (null)
    // flags of every name into answers even when it delegates nothing: every name's then.
    const families = !inForce ? ("every" as const) : counts.appeared + counts.disappeared > 0 ? ("changed" as const) : null;
    return { state: "succeeded" as const, wrote, families };
  });
  if (outcome.state === "succeeded") {
    await dropOvertakenHeldRuns(handle, runId);
    const pruned = await pruneZoneChanges(handle, { now: options.now });
    const wrote =
      pruned.changes > 0 && !outcome.wrote.includes("zone_changes") ? [...outcome.wrote, "zone_changes" as const] : outcome.wrote;
    await analyzeTables(handle, wrote, { runId });
    // After the commit and outside it: the apply stands whether or not this succeeds (a failure is logged).
    if (outcome.families) {
      const scope = outcome.families === "every" ? {} : { changesOf: runId };
      await refreshFamilyFlagsAfter(handle.db, { runId, after: "zone apply", scope: outcome.families }, scope);
    }
  }
  return outcome.state;
}

/**
 * The difference between the staged names and those in force, as a
 * temporary table `zone_diff` dropped at commit: one row per name that
 * appeared, disappeared, changed name servers, or (kind null) changed only its
 * DS records. A full read is compared with every name of the TLD, an
 * incremental one with the names it touches (`{}` name servers: it left).
 */
async function diffAgainstDelegations(query: TransactionQuery, staged: string, tld: string, incremental: boolean): Promise<Counts> {
  await query(
    `create temp table zone_diff on commit drop as
     select coalesce(s.name, d.name) as name,
            case when d.name is null then 'appeared'
                 when s.name is null then 'disappeared'
                 when s.name_servers <> d.name_servers then 'name_servers_changed' end as kind,
            d.name_servers as old_ns, s.name_servers as new_ns, s.ds_records as new_ds
       from (select name, name_servers, ds_records from ${staged} where cardinality(name_servers) > 0) s
       full join (select name, name_servers, ds_records from zone_delegations
                   where tld = $1 ${incremental ? `and name in (select name from ${staged})` : ""}) d on d.name = s.name
      where d.name is null or s.name is null or s.name_servers <> d.name_servers or s.ds_records <> d.ds_records`,
    [tld],
  );
  const [counts] = await query<Counts>(
    `select count(*) filter (where kind = 'appeared')::int as appeared,
            count(*) filter (where kind = 'disappeared')::int as disappeared,
            count(*) filter (where kind = 'name_servers_changed')::int as changed,
            count(*)::int as rows
       from zone_diff`,
  );
  return counts;
}

/** Held runs of the TLD older than one just applied can never be applied: their staged names go. */
async function dropOvertakenHeldRuns(handle: DatabaseHandle, runId: number) {
  const rows = await handle.query<{ id: number }>(
    "select id from zone_snapshots where state = 'held' and id < $1 and tld = (select tld from zone_snapshots where id = $1)",
    [runId],
  );
  for (const row of rows) await dropStagingTables(handle.query, row.id);
}

async function countStaged(query: TransactionQuery, staged: string) {
  const [row] = await query<{ n: number }>(`select count(*)::int as n from ${staged}`);
  return row.n;
}

function heldReason(tld: string, disappeared: number, inForce: number, share: number) {
  const percent = (part: number) => `${Math.round(part * 1000) / 10} %`;
  return (
    `Held: this read of ${tld} would remove ${disappeared.toLocaleString("en")} of the ${inForce.toLocaleString("en")} names in force ` +
    `(${percent(disappeared / inForce)}), more than ${percent(share)}. Nothing was applied; the snapshot before it stays in force. ` +
    `If the zone really lost them, apply it anyway (backoffice: "Apply anyway"; CLI: zone-import or zone-sync with --force).`
  );
}

function errorText(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() === "" ? "The zone read failed without saying why." : message.slice(0, 2000);
}

/** Lets a reader that will not be iterated close its connection or file. */
async function closeStream(read: ZoneRead) {
  const stream = read.kind === "full" ? read.records : read.changes;
  try {
    await stream[Symbol.asyncIterator]().return?.();
  } catch {
    // It is not read either way; its error is not this run's.
  }
}
