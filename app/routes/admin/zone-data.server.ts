// The Zone page of the TLD Imports area (/admin/imports/zone): per TLD the
// snapshot in force, the zone-sync job's state and the recent zone runs,
// with "Apply anyway" offered on a held run that could still be applied.
import { ageInWords } from "~/lib/age-in-words";
import type { DatabaseHandle } from "~/server/db/client.server";
import { DEFAULT_ZONE_TLDS } from "~/server/env.server";
import { currentZoneSnapshot, listZoneRuns, tldColumn } from "~/server/zone/store/zone-runs.server";
import type { ZoneTld } from "~/server/zone/zone-records.server";
import type { ZoneSyncView, ZoneTldView } from "~/domain/zone-views";

/** How many of a TLD's runs the page lists, newest first. */
export const ZONE_RUNS_SHOWN = 10;

type SyncRow = {
  last_seen_serial: string | number | null;
  last_attempt_at: Date | string | null;
  last_success_at: Date | string | null;
  failures: number;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  sync_started_at: Date | string | null;
};

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

async function zoneSyncState(handle: Pick<DatabaseHandle, "query">, tld: ZoneTld): Promise<ZoneSyncView | null> {
  const [row] = await handle.query<SyncRow>(
    `select last_seen_serial, last_attempt_at, last_success_at, failures, last_error, next_attempt_at, sync_started_at
       from zone_sync_state where tld = $1`,
    [tldColumn(tld)],
  );
  if (!row) return null;
  return {
    lastSeenSerial: row.last_seen_serial === null ? null : Number(row.last_seen_serial),
    lastAttemptAt: dateOf(row.last_attempt_at),
    lastSuccessAt: dateOf(row.last_success_at),
    failures: row.failures,
    lastError: row.last_error,
    nextAttemptAt: dateOf(row.next_attempt_at),
    syncStartedAt: dateOf(row.sync_started_at),
  };
}

/** Both TLDs, .se first; `configuredTlds` is ZONE_TLDS. */
export async function loadZonePage(
  handle: Pick<DatabaseHandle, "query">,
  options: { now: Date; configuredTlds: readonly ZoneTld[] },
): Promise<{ tlds: ZoneTldView[] }> {
  const tlds: ZoneTldView[] = [];
  for (const tld of DEFAULT_ZONE_TLDS) {
    const [inForce, sync, runs] = await Promise.all([
      currentZoneSnapshot(handle, tld),
      zoneSyncState(handle, tld),
      listZoneRuns(handle, { tld, limit: ZONE_RUNS_SHOWN }),
    ]);
    const appliedAt = inForce?.appliedAt ?? null;
    tlds.push({
      tld,
      configured: options.configuredTlds.includes(tld),
      inForce: inForce ? { ...inForce, age: appliedAt ? ageInWords(options.now.getTime() - appliedAt.getTime()) : null } : null,
      sync,
      runs: runs.map((run) => ({ ...run, applicable: run.state === "held" && (!inForce || run.id > inForce.id) })),
    });
  }
  return { tlds };
}
