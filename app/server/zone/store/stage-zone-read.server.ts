import { bulkArrayEncoder } from "~/server/db/array-literal.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { DelegationRecord, ZoneRead, ZoneTld } from "~/server/zone/zone-records.server";
import { createTable, readTable, stagedTable } from "./zone-staging-tables.server";

/** Records per insert: one statement of a few hundred kilobytes, and the only records this process holds at a time. */
export const STAGING_BATCH = 10_000;

/**
 * Streams a read's records into its run's `zone_read_<id>` table, in batches
 * of STAGING_BATCH records sent as array parameters (binary to PostgreSQL),
 * one batch written while the next is read. Nothing is kept in this process
 * beyond the batch being filled and the one being written, so memory does not
 * grow with the zone. Returns the number of records read; throws what the
 * read throws, after the batch in flight has settled.
 *
 * Row order: `seq` numbers the records as read, which an incremental read
 * needs (a record deleted then added again by a later step of an IXFR is
 * present; added then deleted, absent).
 */
export async function stageZoneRecords(
  handle: DatabaseHandle,
  runId: number,
  read: ZoneRead,
  onProgress?: (records: number) => Promise<void> | void,
): Promise<number> {
  const table = readTable(runId);
  await handle.query(`${createTable(handle)} ${table} (seq integer not null, deleted boolean not null, name text not null, host text)`);
  const encode = bulkArrayEncoder(handle.kind);
  const insert = `insert into ${table} (seq, deleted, name, host)
    select seq, deleted, name, host from unnest($1::int[], $2::boolean[], $3::text[], $4::text[]) as r(seq, deleted, name, host)`;

  let seqs = new Int32Array(STAGING_BATCH);
  let deleted: boolean[] = [];
  let names: string[] = [];
  let hosts: (string | null)[] = [];
  let count = 0;
  let inFlight: Promise<unknown> | undefined;

  const flush = async () => {
    if (names.length === 0) return;
    const batch = [
      encode("int4", seqs.subarray(0, names.length)),
      `{${deleted.map((value) => (value ? "t" : "f")).join(",")}}`,
      encode("text", names),
      encode("text", hosts),
    ];
    seqs = new Int32Array(STAGING_BATCH);
    deleted = [];
    names = [];
    hosts = [];
    await inFlight;
    inFlight = handle.query(insert, batch);
    // A failed insert is awaited (and thrown) at the next flush or at the end, not left unhandled meanwhile.
    inFlight.catch(() => undefined);
    if (onProgress) await onProgress(count);
  };

  const add = async (record: DelegationRecord, isDelete: boolean) => {
    seqs[names.length] = count;
    deleted.push(isDelete);
    names.push(record.name);
    hosts.push(record.type === "NS" ? record.host : null);
    count += 1;
    if (names.length === STAGING_BATCH) await flush();
  };

  try {
    if (read.kind === "full") {
      for await (const record of read.records) await add(record, false);
    } else {
      for await (const change of read.changes) await add(change.record, change.op === "delete");
    }
    await flush();
    await inFlight;
  } catch (error) {
    await inFlight?.catch(() => undefined);
    throw error;
  }
  return count;
}

/**
 * Groups a full read's records per name in SQL into `zone_staged_<id>`: the
 * name servers sorted byte-wise without duplicates, and the DS records
 * counted. A name with DS records but no NS record set is not a delegation.
 * Drops the raw table. Returns the number of names.
 */
export async function groupFullRead(handle: DatabaseHandle, runId: number, tld: ZoneTld): Promise<number> {
  await handle.query(
    `${createTable(handle)} ${stagedTable(runId)} as
       select name collate "C" as name,
              array_agg(distinct host collate "C" order by host collate "C") filter (where host is not null) as name_servers,
              count(*) filter (where host is null)::int as ds_records
         from ${readTable(runId)}
        where name ~ $1
        group by name
       having count(host) > 0`,
    [directlyUnder(tld)],
  );
  await handle.query(`alter table ${stagedTable(runId)} add primary key (name)`);
  await handle.query(`drop table ${readTable(runId)}`);
  const [row] = await handle.query<{ n: number }>(`select count(*)::int as n from ${stagedTable(runId)}`);
  return row.n;
}

/**
 * The records the store takes: of names directly under the TLD. The readers
 * drop everything else; this keeps a reader's slip from reaching another
 * TLD's names (the delegations are keyed by name alone).
 */
const directlyUnder = (tld: ZoneTld) => `^[^.]+\\.${tld}$`;

export class InconsistentIncrementalRead extends Error {}

/**
 * Works out, in SQL, the new state of each name an incremental read touches
 * (`zone_staged_<id>`), from the delegations in force: per name server, the
 * last operation on it decides (IXFR's steps are applied in order); DS
 * records are counted up and down. A name left without name servers gets
 * `{}` (it leaves the zone). A read that deletes a name server the stored
 * snapshot does not have, or more DS records than it has, does not describe
 * a change from that snapshot: it throws, and nothing is applied (the caller
 * falls back to a full transfer). Drops the raw table.
 */
export async function groupIncrementalRead(handle: DatabaseHandle, runId: number, tld: ZoneTld): Promise<number> {
  const read = "r";
  const staged = stagedTable(runId);
  await handle.query(
    `${createTable(handle)} ${staged} as
       with r as (select * from ${readTable(runId)} where name ~ $2),
            pairs as (
              select name, host,
                     (array_agg(deleted order by seq))[1] as first_deleted,
                     (array_agg(deleted order by seq desc))[1] as last_deleted
                from ${read} where host is not null group by name, host),
            ds as (
              select name, sum(case when deleted then -1 else 1 end)::int as net
                from ${read} where host is null group by name),
            touched as (select distinct name from ${read}),
            current as (
              select t.name, d.name_servers, d.ds_records
                from touched t left join zone_delegations d on d.name = t.name and d.tld = $1::domain_tld),
            hosts as (
              select c.name, h.host
                from current c cross join lateral unnest(c.name_servers) as h(host)
               where not exists (select 1 from pairs p where p.name = c.name and p.host = h.host and p.last_deleted)
              union
              select name, host from pairs where not last_deleted)
       select c.name collate "C" as name,
              coalesce((select array_agg(h.host collate "C" order by h.host collate "C") from hosts h where h.name = c.name), '{}') as name_servers,
              coalesce(c.ds_records, 0) + coalesce((select net from ds where ds.name = c.name), 0) as ds_records,
              exists (select 1 from pairs p
                       where p.name = c.name and p.first_deleted
                         and not (p.host = any(coalesce(c.name_servers, '{}')))) as deletes_missing
         from current c`,
    [`.${tld}`, directlyUnder(tld)],
  );
  const [problem] = await handle.query<{ name: string; deletes_missing: boolean }>(
    `select name, deletes_missing from ${staged} where deletes_missing or ds_records < 0 limit 1`,
  );
  if (problem) {
    throw new InconsistentIncrementalRead(
      problem.deletes_missing
        ? `The incremental read deletes a name server of ${problem.name} that the stored snapshot does not have; read the whole zone.`
        : `The incremental read deletes more DS records of ${problem.name} than the stored snapshot has; read the whole zone.`,
    );
  }
  await handle.query(`alter table ${staged} drop column deletes_missing`);
  await handle.query(`alter table ${staged} add primary key (name)`);
  await handle.query(`drop table ${readTable(runId)}`);
  const [row] = await handle.query<{ n: number }>(`select count(*)::int as n from ${staged}`);
  return row.n;
}
