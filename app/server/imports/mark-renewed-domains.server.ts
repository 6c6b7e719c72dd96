import { firstRenewableReleaseDate } from "~/domain/release-morning";
import type { TransactionQuery } from "../db/with-transaction.server";

/**
 * A holder who renews a name takes it off the registry's release list
 * (DOMAIN.md). So after a complete, fresh list of a TLD, a soon-available name
 * of that TLD that is missing from it, and whose release is at least two
 * days away, was renewed: it becomes `renewed`, with an event.
 *
 * Closer to its release a missing name proves nothing (docs/product.md, "The
 * release morning"): names leave the list around their release day, and the
 * registry does not say when it regenerates its lists, which are checked
 * every hour. The release update makes those names available instead.
 *
 * `listedNames` is every valid name of the TLD on the list, including entries
 * skipped for a bad date: they are listed, so not renewed.
 */
export async function markRenewedDomains(
  query: TransactionQuery,
  input: { tld: string; listedNames: string[]; now: Date; source: string },
): Promise<number> {
  const firstRenewable = firstRenewableReleaseDate(input.now);
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
    [input.tld, firstRenewable, query.array("text", input.listedNames), input.now, input.source],
  );
  return row.renewed;
}
