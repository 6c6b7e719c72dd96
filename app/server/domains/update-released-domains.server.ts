import { lastReleasedDate } from "~/domain/release-morning";
import type { DatabaseHandle } from "~/server/db/client.server";

/**
 * The release step: every soon-available name whose release date's 04:00 UTC
 * has passed becomes available, in one statement, with a "released" event
 * each. Its availability checks start over: due at once, never checked, not
 * taken. Safe at any time, twice and concurrently (a second run finds no row
 * left to change). The release-update job runs it at 04:00 and 06:00 UTC, and
 * every app process before the first request it serves after a release
 * instant (released-through.server.ts). `source` names who ran it in the events.
 */
export async function updateReleasedDomains(
  handle: DatabaseHandle,
  options: { now: Date; source?: string },
): Promise<{ updatedCount: number }> {
  const [row] = await handle.query<{ updated: number }>(
    `with released as (
       update domains set status = 'available', updated_at = $2,
              next_check_at = null, last_checked_at = null, taken_at = null
        where status = 'soonavailable' and release_date <= $1::date
       returning name
     ),
     events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select name, 'released', 'soonavailable', 'available', null, $3, $2 from released
     )
     select count(*)::int as updated from released`,
    [lastReleasedDate(options.now), options.now, options.source ?? "job:release-update"],
  );
  return { updatedCount: row.updated };
}
