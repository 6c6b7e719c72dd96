import { lastReleasedDate } from "~/domain/release-instant";
import type { TransactionQuery } from "~/server/db/with-transaction.server";
import { releaseMomentSql } from "~/server/statistics/statistics-sql.server";
import { renewedInZoneSql } from "~/server/zone/zone-list-effects.server";

/** The names of one slice of a parsed list that need a write, as parallel columns (they go to PostgreSQL as arrays). */
export type ReleaseEntryColumns = {
  names: string[];
  unicodeNames: string[];
  tlds: string[];
  lengths: Int32Array;
  /** null for a name already stored: its score only changes with the score model (see the rescore command). */
  scores: (number | null)[];
  /** Each name's word class (wordClassOf): a new name's, and a stored name's that lacks one (the upsert keeps a known one). */
  wordClasses: (number | null)[];
  releaseDates: string[];
  /**
   * Every name's search keys (nameSearchKeys) one after the other, and where
   * each name's run starts and ends (1-based, inclusive): a new name needs no
   * work in the database for them, and a batch sends one integer array
   * instead of a string per name.
   */
  searchKeys: Int32Array;
  searchKeysFrom: Int32Array;
  searchKeysTo: Int32Array;
  /** Each name's name_chars bits (nameCharBits): sent, so the database need not compute them. */
  nameChars: Int32Array;
};

/**
 * The batch as rows, from $1–$14 of encodeReleaseEntries: each name with its run of the one search-key array,
 * and the status the list gives it. $13 is lastReleasedDate(now): a listed date after it is still ahead
 * (mayListAsSoonAvailable), so the name is soon available; on or before it the name is already released.
 */
const INCOMING_ROWS = `incoming as (
       select name, unicode_name, tld, length, score, release_date, ($9::int[])[keys_from:keys_to] as search_keys,
              name_chars::smallint as name_chars, word_class::smallint as word_class,
              (case when release_date > $13::date then 'soonavailable' else 'available' end)::domain_status as listed_status
         from unnest($1::text[], $2::text[], $3::text[]::domain_tld[], $4::int[], $5::int[], $6::text[]::date[], $10::int[], $11::int[], $12::int[], $14::int[])
           as i(name, unicode_name, tld, length, score, release_date, keys_from, keys_to, name_chars, word_class)
     )`;

/**
 * Each written name's release as a row of release_outcomes (the statistics, decision 0030), from a
 * CTE `source` of written rows: listed today, or already released when the list gives a date
 * whose release moment has passed. A release already recorded keeps its first listing day; so does
 * a release that moved to another date, from the CTE `moved` (domain_name, listed_on) when given.
 */
const RELEASE_OUTCOMES_OF = (source: string, moved?: string) => `release_outcomes as (
       insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at)
       select s.name, s.release_date, s.tld, s.length, s.name_chars,
              least(${moved ? "m.listed_on, " : ""}($7::timestamptz at time zone 'UTC')::date, s.release_date),
              case when s.status = 'available' then ${releaseMomentSql("s.release_date")} end
         from ${source} s${moved ? ` left join ${moved} m on m.domain_name = s.name` : ""}
        where s.status in ('soonavailable', 'available') and s.release_date is not null
       on conflict (domain_name, release_date) do nothing
     )`;

/**
 * A release that moved: a soon-available name listed with another date is one release on a new
 * day, not a second one. Its row for the old date, still pending (neither released nor renewed),
 * is removed, and the new date's row keeps its first listing day (RELEASE_OUTCOMES_OF).
 */
const MOVED_RELEASES = `moved_releases as (
       delete from release_outcomes o
        using existing e
        where o.domain_name = e.name and o.release_date = e.release_date
          and e.status = 'soonavailable' and e.release_date is distinct from e.listed_release_date
          and o.released_at is null and o.renewed_on is null
       returning o.domain_name, o.listed_on
     )`;

/** The batch's rows as new names of `domains` (the list's status, scored and word-classed); both writes insert them so. */
const NEW_DOMAIN_ROWS = `(name, unicode_name, tld, status, length, score, word_class, release_date, search_keys, name_chars, created_at, updated_at)
       select name, unicode_name, tld, listed_status, length, coalesce(score, 0), word_class, release_date, search_keys, name_chars, $7, $7 from incoming`;

/**
 * Whether a stored name `d` changes when listed as `listed` (its `status`
 * being what the list makes of its date, `release_date` the listed date): the
 * upsert's WHERE and classifyListedNames' "changed", so both agree. Ahead of
 * its release, a name that is not yet soon-available (or premium) with that
 * date; released, a renewed name, or a soon-available or premium one whose
 * date moved. Never a renewed name still listed with the release it was
 * renewed from while the zone delegates it (renewedInZoneSql): the list is
 * behind the zone.
 */
const LISTED_NAME_CHANGES = (d: string, listed: string) =>
  `(case when ${renewedInZoneSql(d, `${listed}.release_date`)} then false
         when ${listed}.status = 'soonavailable'
         then ${d}.status not in ('soonavailable', 'premium') or ${d}.release_date is distinct from ${listed}.release_date
         else ${d}.status = 'renewed'
              or (${d}.status in ('soonavailable', 'premium') and ${d}.release_date is distinct from ${listed}.release_date) end)`;

/**
 * Writes one slice of a release list in a single statement and reports what
 * the database did: `(xmax = 0)` is true only for rows this statement inserted,
 * so the counts are exact rather than guessed from timestamps.
 *
 * The status rule (docs/product.md, "The release morning"): a name listed
 * with a release still ahead is on its way to release, so available,
 * registered, renewed and unlisted names become soonavailable again. Premium
 * names are ours and stay premium; they only take the registry's release date,
 * which tells an administrator the name is expiring.
 *
 * A list never makes a name soon-available once its listed release moment
 * has passed (names stay on the list through their release morning): a new
 * such name is stored as available (it is released); a stored soon-available
 * or premium name takes the date (the release update releases the former);
 * a renewed one is available (the list shows it was not renewed, and it is
 * released); available, registered and unlisted names are left as they are.
 *
 * A name whose status and release date are already what the list says is
 * left alone (not even updated_at moves): re-importing the same list changes
 * nothing. The caller leaves such names out (classifyListedNames); the WHERE
 * below still skips one that another session set right in the meantime.
 *
 * Events are written in the same statement for what changed: a new name
 * ("imported"), a status change ("status-changed") or a moved release date
 * ("release-date-changed"). An unchanged re-import writes none.
 */
export async function upsertReleaseEntries(query: TransactionQuery, batch: EncodedReleaseEntries): Promise<{ inserted: number }> {
  const [row] = await query<{ inserted: number }>(
    `with ${INCOMING_ROWS},
     upserted as (
       insert into domains as d ${NEW_DOMAIN_ROWS}
       on conflict (name) do update set
         status = case when d.status = 'premium' then d.status
                       when excluded.status = 'soonavailable' then excluded.status
                       when d.status = 'renewed' then 'available'
                       else d.status end,
         release_date = case when excluded.status = 'soonavailable' or d.status in ('soonavailable', 'premium', 'renewed')
                             then excluded.release_date else d.release_date end,
         word_class = coalesce(d.word_class, excluded.word_class),
         -- A renewed name listed again is a new release: nothing has checked it since.
         last_checked_at = case when d.status = 'renewed' then null else d.last_checked_at end,
         next_check_at = case when d.status = 'renewed' then null else d.next_check_at end,
         updated_at = excluded.updated_at
       where ${LISTED_NAME_CHANGES("d", "excluded")}
       returning d.name, d.status, d.release_date, d.tld, d.length, d.name_chars, (d.xmax = 0) as inserted
     ),
     -- What each updated name was before (every part of one statement reads the same snapshot), looked
     -- up by its key: OFFSET 0 keeps the planner from making the lookups one hash join over all of
     -- domains, which it costs as cheaper for 10,000 names and which reads the whole table per batch.
     -- It carries the date the name has now, so that moved_releases needs no join of two CTEs (which
     -- the planner cannot estimate; with it a night's list took 640 s to write on PGlite instead of 8).
     existing as (
       select u.name, before.status, before.release_date, u.release_date as listed_release_date
         from upserted u
        cross join lateral (select d.status, d.release_date from domains d where d.name = u.name offset 0) as before
        where not u.inserted
     ),
     ${MOVED_RELEASES},
     ${RELEASE_OUTCOMES_OF("upserted", "moved_releases")},
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
    batch.parameters,
  );
  return { inserted: row.inserted };
}

/** A slice's columns as the parameters $1–$14 of both writes, encoded for the engine (encodeReleaseEntries). */
export type EncodedReleaseEntries = { parameters: unknown[] };

/**
 * Encodes a slice for upsertReleaseEntries or insertNewReleaseEntries. The
 * import encodes the next slice while PostgreSQL writes the current one
 * (large binary arrays: ~8 ms of work per 10,000 names that would otherwise
 * sit between two statements).
 */
export function encodeReleaseEntries(
  query: TransactionQuery,
  columns: ReleaseEntryColumns,
  context: { now: Date; source: string },
): EncodedReleaseEntries {
  return {
    parameters: [
      query.array("text", columns.names),
      query.array("text", columns.unicodeNames),
      query.array("text", columns.tlds),
      query.array("int4", columns.lengths),
      query.array("int4", columns.scores),
      query.array("text", columns.releaseDates),
      context.now,
      context.source,
      query.array("int4", columns.searchKeys),
      query.array("int4", columns.searchKeysFrom),
      query.array("int4", columns.searchKeysTo),
      query.array("int4", columns.nameChars),
      lastReleasedDate(context.now),
      query.array("int4", columns.wordClasses),
    ],
  };
}

/**
 * Writes a slice of names that were all new when the list was classified,
 * while a bulk load holds `domains` (bulk-load-domains.server.ts): a plain
 * insert with each name's "imported" event, as upsertReleaseEntries writes
 * them, without the upsert's conflict check per row, updates, rows read back
 * or previous statuses. The load classified the list after taking the
 * table, so no other session can have stored one of these names; a name
 * stored all the same would fail the statement, and with it the import,
 * rather than be overwritten.
 */
export async function insertNewReleaseEntries(query: TransactionQuery, batch: EncodedReleaseEntries): Promise<{ inserted: number }> {
  const [row] = await query<{ inserted: number }>(
    `with ${INCOMING_ROWS},
     inserted as (
       insert into domains ${NEW_DOMAIN_ROWS}
       returning name, status, release_date, tld, length, name_chars
     ),
     ${RELEASE_OUTCOMES_OF("inserted")},
     events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select name, 'imported', null, status, 'release date ' || release_date::text, $8, $7 from inserted
     )
     select count(*)::int as inserted from inserted`,
    batch.parameters,
  );
  return { inserted: row.inserted };
}

/** A list's entry as far as classifyListedNames reads it. */
export type ListedName = { name: string; releaseDate: string };
/** classifyListedNames' answer: each position's NAME_CLASS, and how many names are new. */
export type ListedNameClasses = { classOf(position: number): number; newNames: number };

/** What a listed name needs, as classifyListedNames answers it. */
export const NAME_CLASS = { unchanged: 48 /* "0" */, new: 49 /* "1" */, changed: 50 /* "2" */ } as const;

/**
 * What each listed name needs, in one pass over the primary key: new (not
 * stored: it needs a score and an insert), changed (stored, but its status or
 * release date differs from what the list makes of it: LISTED_NAME_CHANGES, the
 * upsert's WHERE) or unchanged (nothing to write; it still counts as updated). The
 * database answers with one character per name ("0", "1" or "2"), so a list of
 * 500 000 names costs 500 kB here instead of 500 000 row objects, and a
 * re-import of the same list sends no rows back at all. Into an empty table
 * (a first load) every name is new, and nothing is looked up.
 */
export async function classifyListedNames(query: TransactionQuery, entries: ListedName[], now: Date): Promise<ListedNameClasses> {
  const releasedThrough = lastReleasedDate(now);
  const [{ empty }] = await query<{ empty: boolean }>("select not exists (select 1 from domains) as empty");
  if (empty) return { classOf: () => NAME_CLASS.new, newNames: entries.length };
  let classes = "";
  // In slices, so no statement carries a 500 000-element array (its text alone would be megabytes at once).
  for (let from = 0; from < entries.length; from += LOOKUP_SLICE) {
    const slice = entries.slice(from, from + LOOKUP_SLICE);
    const [row] = await query<{ classes: string | null }>(
      `select string_agg(case when d.name is null then '1'
                              when ${LISTED_NAME_CHANGES("d", "i")} then '2'
                              else '0' end, '' order by i.position) as classes
         from (select name, release_date,
                     (case when release_date > $3::date then 'soonavailable' else 'available' end)::domain_status as status, position
                from unnest($1::text[], $2::text[]::date[]) with ordinality as u(name, release_date, position)) as i
         left join domains d on d.name = i.name`,
      [
        query.array(
          "text",
          slice.map((entry) => entry.name),
        ),
        query.array(
          "text",
          slice.map((entry) => entry.releaseDate),
        ),
        releasedThrough,
      ],
    );
    classes += row?.classes ?? "";
  }
  let newNames = 0;
  for (let position = 0; position < classes.length; position++) if (classes.charCodeAt(position) === NAME_CLASS.new) newNames++;
  return { classOf: (position) => classes.charCodeAt(position), newNames };
}

// Each slice is one hash join over the stored names (a sequential read of domains): few, large slices.
const LOOKUP_SLICE = 50_000;
