import type { Tld } from "~/domain/names";
import { hasPublicFilters, matchesPublicFilters, type PublicFilters } from "~/domain/public-filters";
import type { MorningStatus } from "~/domain/release-board";
import { releaseInstant } from "~/domain/release-instant";
import { releaseMorningEnd } from "~/domain/release-morning";
import { addDays, todayUtc } from "~/domain/utc-dates";
import type { DatabaseHandle } from "~/server/db/client.server";

/** One of the day's names on the board; times are epoch milliseconds. */
export type BoardName = {
  name: string;
  unicodeName: string;
  tld: Tld;
  length: number;
  nameChars: number;
  wordClass: number | null;
  score: number | null;
  firstFreeAt: number | null;
  takenAt: number | null;
  bookmarked: boolean;
};

/** The day's board as stored: every name of the release date and the morning's row. */
export type StoredBoard = { releaseDate: string; names: BoardName[]; morning: MorningStatus };

export type ReleaseBoard = StoredBoard & {
  /** The names the filters keep, the viewer's bookmarked ones first. */
  shown: BoardName[];
  /**
   * From 12:00 UTC (the morning over), tomorrow's names as the filters keep them, bookmarked first:
   * what hunters prepare the evening before. Null before 12:00 UTC.
   */
  tomorrow: { releaseDate: string; shown: BoardName[] } | null;
};

type NameRow = {
  name: string;
  unicode_name: string;
  tld: Tld;
  length: number;
  name_chars: number;
  word_class: number | null;
  score: number | null;
  /** Milliseconds since the epoch (a float8, which both engines send as a number). */
  first_free_at: number | null;
  taken_at: number | null;
  bookmarked: boolean;
};

type MorningRow = { started_at: Date | null; last_round_at: Date | null; delayed_since: Date | null; finished_at: Date | null };

const ms = (moment: Date | null) => (moment === null ? null : moment.getTime());

/**
 * The board's date at `now`: today (UTC). Before 04:00 UTC that is the coming morning (its names
 * wait); from 04:00 the morning being measured; after it, the day's outcome until midnight UTC.
 */
export function boardDateOf(now: Date): string {
  return todayUtc(now);
}

/**
 * Every name released (or to be released) on `releaseDate` with what the morning's rounds stored:
 * first seen free and taken again from release_outcomes (decision 0030), or, for a name without an
 * outcome row, from domains (last_checked_at since the release; taken_at once registered). Two
 * statements: the names (index domains_release_idx, with the viewer's bookmarks) and the morning.
 */
export async function readStoredBoard(handle: DatabaseHandle, releaseDate: string, userId: string | null = null): Promise<StoredBoard> {
  const [rows, mornings] = await Promise.all([
    handle.query<NameRow>(
      `select d.name, d.unicode_name, d.tld, d.length, d.name_chars, d.word_class, d.score,
              -- Milliseconds since the epoch as numbers: 2,000 timestamps parsed into Dates cost more than the query.
              (extract(epoch from coalesce(o.first_free_at,
                       case when o.domain_name is null and d.last_checked_at >= $2 then d.last_checked_at end)) * 1000)::float8 as first_free_at,
              (extract(epoch from coalesce(o.taken_at, case when d.status = 'registered' then d.taken_at end)) * 1000)::float8 as taken_at,
              ($3::text is not null and exists (select 1 from bookmarks b where b.user_id = $3 and b.domain_name = d.name)) as bookmarked
         from domains d
         left join release_outcomes o on o.domain_name = d.name and o.release_date = d.release_date
        where d.release_date = $1::date and d.status in ('soonavailable', 'available', 'registered')
        -- Swedish order (docs/product.md, "Lists and their order"): å, ä, ö after z, not last as their ACE forms would be.
        order by swedish_sort_key(d.unicode_name) collate "C", d.name`,
      [releaseDate, releaseInstant(releaseDate), userId],
    ),
    handle.query<MorningRow>(
      "select started_at, last_round_at, delayed_since, finished_at from release_mornings where release_date = $1::date",
      [releaseDate],
    ),
  ]);
  const morning = mornings[0];
  return {
    releaseDate,
    names: rows.map((row) => ({
      name: row.name,
      unicodeName: row.unicode_name,
      tld: row.tld,
      length: row.length,
      nameChars: row.name_chars,
      wordClass: row.word_class,
      score: row.score,
      firstFreeAt: row.first_free_at === null ? null : Number(row.first_free_at),
      takenAt: row.taken_at === null ? null : Number(row.taken_at),
      bookmarked: row.bookmarked,
    })),
    morning: {
      startedAt: ms(morning?.started_at ?? null),
      lastRoundAt: ms(morning?.last_round_at ?? null),
      delayedSince: ms(morning?.delayed_since ?? null),
      finishedAt: ms(morning?.finished_at ?? null),
    },
  };
}

/**
 * /slapps-idag: today's names with their state (app/domain/release-board.ts), filtered by the
 * public filters that make sense for one day's names, the viewer's bookmarked names on top; from
 * 12:00 UTC also tomorrow's names with the same filters (the evening before a release).
 */
export async function findReleaseBoard(
  handle: DatabaseHandle,
  options: { now: Date; filters: PublicFilters; userId: string | null },
): Promise<ReleaseBoard> {
  const releaseDate = boardDateOf(options.now);
  const tomorrowDate = options.now >= releaseMorningEnd(releaseDate) ? addDays(releaseDate, 1) : null;
  const [stored, tomorrow] = await Promise.all([
    readStoredBoard(handle, releaseDate, options.userId),
    tomorrowDate === null ? null : readStoredBoard(handle, tomorrowDate, options.userId),
  ]);
  return {
    ...stored,
    shown: shownNames(stored, options),
    tomorrow: tomorrow === null ? null : { releaseDate: tomorrow.releaseDate, shown: shownNames(tomorrow, options) },
  };
}

/** The stored names the filters keep, the viewer's bookmarked ones first (stable: Swedish name order within each group). */
function shownNames(stored: StoredBoard, options: { now: Date; filters: PublicFilters }): BoardName[] {
  const { releaseDate } = stored;
  const shown = hasPublicFilters(options.filters)
    ? stored.names.filter((name) => matchesPublicFilters({ ...name, releaseDate }, options.filters, options.now))
    : [...stored.names];
  shown.sort((a, b) => Number(b.bookmarked) - Number(a.bookmarked));
  return shown;
}
