import type { DatabaseHandle } from "~/server/db/client.server";

/**
 * A run's staging tables (decision "zone staging and apply"): created and
 * dropped per run, so that a read of millions of records is thrown away by
 * one DROP instead of a DELETE that leaves the space to a vacuum. Unlogged on
 * PostgreSQL: they are rebuilt from the zone, never recovered after a crash
 * (a crash empties them, and a held run then says it must be read again).
 *
 * - `zone_read_<run id>`: the records as read, one row per NS host or DS record.
 * - `zone_staged_<run id>`: per name, the sorted name servers and the DS count
 *   (a full read: every delegation of the zone; an incremental one: the new
 *   state of each name it touches, `{}` for a name that leaves). A held run
 *   keeps this one for "Apply anyway".
 *
 * The names are built from the run's integer id only, never from input.
 */
export const readTable = (runId: number) => `zone_read_${checkedId(runId)}`;
export const stagedTable = (runId: number) => `zone_staged_${checkedId(runId)}`;

const STAGING_TABLE = /^zone_(read|staged)_(\d+)$/;

function checkedId(runId: number): number {
  if (!Number.isSafeInteger(runId) || runId <= 0) throw new Error(`Not a zone run id: ${runId}`);
  return runId;
}

/** `create unlogged table` where the engine keeps a write-ahead log for it to skip; PGlite writes its files either way. */
export const createTable = (handle: Pick<DatabaseHandle, "kind">) =>
  handle.kind === "postgres" ? "create unlogged table" : "create table";

export async function dropStagingTables(query: DatabaseHandle["query"], runId: number) {
  await query(`drop table if exists ${readTable(runId)}`);
  await query(`drop table if exists ${stagedTable(runId)}`);
}

/**
 * Drops the staging tables no run needs any more: those of runs neither
 * running nor held (left by a process that died, or a held run a newer
 * snapshot has overtaken), and the raw read of a held run.
 */
export async function dropLeftoverStagingTables(handle: DatabaseHandle) {
  const tables = await handle.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = current_schema() and tablename ~ '^zone_(read|staged)_[0-9]+$'",
  );
  if (tables.length === 0) return [];
  const parsed = tables.map((table) => {
    const [, kind, id] = STAGING_TABLE.exec(table.name)!;
    return { name: table.name, kind, id: Number(id) };
  });
  const ids = [...new Set(parsed.map((table) => table.id))];
  const keep = await handle.query<{ id: number; state: string }>(
    "select id, state from zone_snapshots where id = any($1::int[]) and state in ('running', 'held')",
    [`{${ids.join(",")}}`],
  );
  const stateOf = new Map(keep.map((row) => [row.id, row.state]));
  const dropped: string[] = [];
  for (const table of parsed) {
    const state = stateOf.get(table.id);
    if (state === "running" || (state === "held" && table.kind === "staged")) continue;
    await handle.query(`drop table if exists ${table.name}`);
    dropped.push(table.name);
  }
  return dropped;
}
