import { lastReleasedDate } from "~/domain/release-morning";
import type { DatabaseHandle } from "../db/client.server";

/**
 * The daily release update (spec §7 update_released_domains; scheduled 06:00
 * UTC, safe at any time and twice): every soon-available name whose release
 * date's 04:00 UTC has passed becomes available, in one statement, with a
 * "released" event each. Its availability checks start over: due at once,
 * never checked, not taken. Returns the spec's updated_count.
 */
export async function updateReleasedDomains(handle: DatabaseHandle, options: { now: Date }): Promise<{ updatedCount: number }> {
  const [row] = await handle.query<{ updated: number }>(
    `with released as (
       update domains set status = 'available', updated_at = $2,
              next_check_at = null, last_checked_at = null, taken_at = null
        where status = 'soonavailable' and release_date <= $1::date
       returning name
     ),
     events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select name, 'released', 'soonavailable', 'available', null, 'job:release-update', $2 from released
     )
     select count(*)::int as updated from released`,
    [lastReleasedDate(options.now), options.now],
  );
  return { updatedCount: row.updated };
}
