import type { Tld } from "~/domain/names";
import type { DatabaseHandle } from "~/server/db/client.server";

export type DueName = {
  name: string;
  tld: Tld;
  releaseDate: string | null;
  /**
   * last_checked_at: for an available name, when the registry last answered
   * "free". Only a "free" answer sets it while a name is available (the
   * mark-released step clears it, an "occupied" answer makes the name registered,
   * a failed or held check leaves it), so it is the "last seen free" time
   * the release-morning rule asks for.
   */
  lastSeenFreeAt: Date | null;
};

/**
 * The next names to ask the registry about, at most `limit`: first those
 * never checked (next_check_at empty), freshest release first (a name with no
 * release date, which imports never produce, before them: that is the order a
 * backward scan of the (status, release_date, name) index gives); then
 * re-checks that are due, most overdue first, along (status, next_check_at).
 */
export async function findNamesDueForCheck(handle: DatabaseHandle, options: { now: Date; limit: number }): Promise<DueName[]> {
  type Row = { name: string; tld: Tld; release_date: string | null; last_checked_at: Date | null };
  const fresh = await handle.query<Row>(
    `select name, tld, release_date::text, last_checked_at from domains
      where status = 'available' and next_check_at is null
      -- The table's columns, not the text column of the same name in the select list: sorting text
      -- would read every unchecked name (~0.3 s at 1M) instead of the index's first rows (~6 ms).
      order by domains.release_date desc, domains.name desc
      limit $1`,
    [options.limit],
  );
  const rest = options.limit - fresh.length;
  const due =
    rest > 0
      ? await handle.query<Row>(
          `select name, tld, release_date::text, last_checked_at from domains
            where status = 'available' and next_check_at <= $1
            order by next_check_at, name
            limit $2`,
          [options.now, rest],
        )
      : [];
  return [...fresh, ...due].map((row) => ({
    name: row.name,
    tld: row.tld,
    releaseDate: row.release_date,
    lastSeenFreeAt: row.last_checked_at,
  }));
}
