import type { TransactionQuery } from "./with-transaction.server";

/** One slice of a parsed list, as parallel columns (they go to PostgreSQL as arrays). */
export type ReleaseEntryColumns = {
  names: string[];
  unicodeNames: string[];
  tlds: string[];
  lengths: number[];
  /** null for a name already stored: its score only changes with the score model (see the rescore command). */
  scores: (number | null)[];
  releaseDates: string[];
};

/**
 * Writes one slice of a release list in a single statement and reports what
 * the database did: `(xmax = 0)` is true only for rows this statement inserted,
 * so the counts are exact rather than guessed from timestamps.
 *
 * The status rule (spec §4 "a TLD import sets status soonavailable on every
 * imported domain, new or updated"): a name on a fresh release list is on its
 * way to release, so available, registered, renewed and unlisted names become
 * soonavailable again. Premium names are ours and stay premium; they only take
 * the registry's release date, which tells an administrator the name is expiring.
 *
 * A name whose status and release date are already what the list says is
 * left alone (not even updated_at moves): re-importing the same list changes
 * nothing, and reads instead of rewriting every row and its ~20 index entries.
 * It still counts as updated, as every name of the list that was stored before.
 *
 * Events are written in the same statement for what changed: a new name
 * ("imported"), a status change ("status-changed") or a moved release date
 * ("release-date-changed"). An unchanged re-import writes none.
 */
export async function upsertReleaseEntries(
  query: TransactionQuery,
  columns: ReleaseEntryColumns,
  context: { now: Date; source: string },
): Promise<{ inserted: number; updated: number }> {
  const [row] = await query<{ inserted: number }>(
    `with incoming as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::date[])
         as i(name, unicode_name, tld, length, score, release_date)
     ),
     existing as (
       select d.name, d.status, d.release_date from domains d join incoming i on i.name = d.name
     ),
     upserted as (
       insert into domains as d (name, unicode_name, tld, status, length, score, release_date, created_at, updated_at)
       select name, unicode_name, tld, 'soonavailable', length, coalesce(score, 0), release_date, $7, $7 from incoming
       on conflict (name) do update set
         status = case when d.status = 'premium' then d.status else 'soonavailable' end,
         release_date = excluded.release_date,
         updated_at = excluded.updated_at
       where d.status not in ('soonavailable', 'premium') or d.release_date is distinct from excluded.release_date
       returning d.name, d.status, d.release_date, (d.xmax = 0) as inserted
     ),
     events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select u.name,
              case when u.inserted then 'imported'
                   when e.status is distinct from u.status then 'status-changed'
                   else 'release-date-changed' end,
              case when u.inserted then null else e.status end,
              u.status,
              case when u.inserted then 'release date ' || u.release_date::text
                   when e.release_date is distinct from u.release_date
                   then 'release date ' || coalesce(e.release_date::text, 'none') || ' -> ' || u.release_date::text end,
              $8, $7
         from upserted u left join existing e on e.name = u.name
     )
     select (count(*) filter (where inserted))::int as inserted from upserted`,
    [columns.names, columns.unicodeNames, columns.tlds, columns.lengths, columns.scores, columns.releaseDates, context.now, context.source],
  );
  // Every row of the slice was either inserted (xmax = 0) or met a stored name: that one counts as updated.
  return {
    inserted: row.inserted,
    updated: columns.names.length - row.inserted,
  };
}

/**
 * Which of these names are not stored yet (only new names need a score), as
 * one flag per name: the database answers with a string of 0s and 1s, so a
 * list of 500 000 names costs 500 kB here instead of 500 000 row objects.
 */
export async function findNewNames(query: TransactionQuery, names: string[]): Promise<{ isNew(position: number): boolean }> {
  let flags = "";
  // In slices, so no statement carries a 500 000-element array (its text alone would be megabytes at once).
  for (let from = 0; from < names.length; from += LOOKUP_SLICE) {
    const [row] = await query<{ flags: string | null }>(
      `select string_agg(case when d.name is null then '1' else '0' end, '' order by i.position) as flags
         from unnest($1::text[]) with ordinality as i(name, position)
         left join domains d on d.name = i.name`,
      [names.slice(from, from + LOOKUP_SLICE)],
    );
    flags += row?.flags ?? "";
  }
  return { isNew: (position) => flags.charCodeAt(position) === 49 /* "1" */ };
}

const LOOKUP_SLICE = 50_000;
