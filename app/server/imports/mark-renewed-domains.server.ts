import { addDays, todayUtc } from "~/domain/release";
import type { TransactionQuery } from "../db/with-transaction.server";

/**
 * A holder who renews a name takes it off the registry's release list
 * (DOMAIN.md). So after a complete, fresh list of a TLD, a soon-available name
 * of that TLD that is missing from it, and whose release is still ahead, was
 * renewed: it becomes `renewed`, with an event.
 *
 * "Still ahead" means a release date after today (UTC), not merely after
 * 04:00 today: names leave the list on their release day, and the nightly
 * import runs at 02:00 UTC, before that day's 04:00 release. Calling those
 * names renewed would be wrong every night; the release update makes them
 * available instead.
 *
 * `listedNames` is every valid name of the TLD on the list, including entries
 * skipped for a bad date: they are listed, so not renewed.
 */
export async function markRenewedDomains(
  query: TransactionQuery,
  input: { tld: string; listedNames: string[]; now: Date; source: string },
): Promise<number> {
  const firstFutureDate = addDays(todayUtc(input.now), 1);
  const [row] = await query<{ renewed: number }>(
    `with gone as (
       update domains d set status = 'renewed', updated_at = $4
        where d.tld = $1 and d.status = 'soonavailable' and d.release_date >= $2::date
          and not exists (select 1 from unnest($3::text[]) as listed(name) where listed.name = d.name)
       returning d.name
     ),
     events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select name, 'renewed', 'soonavailable', 'renewed', 'left the release list before its release date', $5, $4 from gone
     )
     select count(*)::int as renewed from gone`,
    [input.tld, firstFutureDate, query.array("text", input.listedNames), input.now, input.source],
  );
  return row.renewed;
}
