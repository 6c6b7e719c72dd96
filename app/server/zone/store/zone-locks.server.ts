import type pg from "pg";
import type { DatabaseHandle } from "~/server/db/client.server";

/**
 * On PostgreSQL a zone run and the zone sync lease live exactly as long as the
 * process carrying them out: each is a session-level advisory lock, (class,
 * id), held on one connection of the process kept out of the pool while it
 * holds any. A process that dies (crash, OOM, deploy) drops its connection
 * and the server frees its locks at once, so a 'running' row or a lease
 * nobody holds is a leftover (decision 0079). The embedded engine is one connection, where a session lock
 * proves nothing: there the caller keeps to times and its start.
 */

/** A zone run's lock: (ZONE_RUN_LOCK, run id). */
export const ZONE_RUN_LOCK = 1_517_186_661;
/** The zone sync lease: (ZONE_SYNC_LOCK, 0), one sync at a time across processes. */
export const ZONE_SYNC_LOCK = 1_517_186_662;

type Holder = { client?: pg.PoolClient; held: Set<string>; queue: Promise<unknown> };
const holders = new WeakMap<pg.Pool, Holder>();

/** The pool whose connections carry the locks; none on the embedded engine (also through its socket). */
export function zoneLockPool(handle: Pick<DatabaseHandle, "kind" | "pool">): pg.Pool | undefined {
  return handle.kind === "postgres" ? handle.pool : undefined;
}

/** One step at a time on a holder: a lock is never taken on a connection being let go. */
function serially<T>(pool: pg.Pool, work: (holder: Holder) => Promise<T>): Promise<T> {
  let holder = holders.get(pool);
  if (!holder) holders.set(pool, (holder = { held: new Set(), queue: Promise.resolve() }));
  const h = holder;
  const next = h.queue.then(
    () => work(h),
    () => work(h),
  );
  h.queue = next.catch(() => undefined);
  return next;
}

async function clientOf(pool: pg.Pool, holder: Holder): Promise<pg.PoolClient> {
  if (holder.client) return holder.client;
  const client = await pool.connect();
  // A lost connection has lost its locks: the next lock takes a new one.
  client.on("error", (error) => {
    console.warn(`[zone] the connection holding zone locks was lost: ${error.message}`);
    if (holder.client === client) {
      holder.client = undefined;
      holder.held.clear();
      client.release(true);
    }
  });
  holder.client = client;
  return client;
}

function letGoWhenIdle(holder: Holder) {
  if (holder.held.size > 0 || !holder.client) return;
  holder.client.release();
  holder.client = undefined;
}

const keyOf = (classId: number, id: number) => `${classId}:${id}`;

/** Takes (classId, id) unless any process holds it, this one included. */
export function tryHoldZoneLock(pool: pg.Pool, classId: number, id: number): Promise<boolean> {
  return serially(pool, async (holder) => {
    if (holder.held.has(keyOf(classId, id))) return false;
    const client = await clientOf(pool, holder);
    try {
      const { rows } = await client.query<{ got: boolean }>("select pg_try_advisory_lock($1::int, $2::int) as got", [classId, id]);
      if (rows[0]?.got) holder.held.add(keyOf(classId, id));
      return rows[0]?.got === true;
    } finally {
      letGoWhenIdle(holder);
    }
  });
}

/**
 * Inserts one row (`insert … returning id`) and takes (classId, its id) in the
 * same statement: no other process sees the row before its lock is held.
 */
export function insertHoldingZoneLock(pool: pg.Pool, classId: number, insert: string, params: unknown[]): Promise<number> {
  return serially(pool, async (holder) => {
    const client = await clientOf(pool, holder);
    try {
      const { rows } = await client.query<{ id: number }>(
        `with inserted as (${insert}) select id, pg_advisory_lock($${params.length + 1}::int, id) from inserted`,
        [...params, classId],
      );
      holder.held.add(keyOf(classId, rows[0].id));
      return rows[0].id;
    } finally {
      letGoWhenIdle(holder);
    }
  });
}

export function releaseZoneLock(pool: pg.Pool, classId: number, id: number): Promise<void> {
  return serially(pool, async (holder) => {
    if (!holder.held.delete(keyOf(classId, id)) || !holder.client) return;
    try {
      await holder.client.query("select pg_advisory_unlock($1::int, $2::int)", [classId, id]);
    } finally {
      letGoWhenIdle(holder);
    }
  });
}

/** The ids of `classId` locked now by any live process on this database. */
export async function heldZoneLocks(handle: Pick<DatabaseHandle, "query">, classId: number): Promise<Set<number>> {
  const rows = await handle.query<{ id: string | number }>(
    `select objid::bigint as id from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2 and classid::bigint = $1
        and database = (select oid from pg_database where datname = current_database())`,
    [classId],
  );
  return new Set(rows.map((row) => Number(row.id)));
}
