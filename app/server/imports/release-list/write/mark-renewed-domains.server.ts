import { firstRenewableReleaseDate } from "~/domain/release-morning";
import type { TransactionQuery } from "~/server/db/with-transaction.server";

/**
 * A holder who renews a name takes it off the registry's release list
 * (DOMAIN.md). So after a complete, fresh list of a TLD, a soon-available name
 * of that TLD that is missing from it, and whose release is at least two
 * days away, was renewed: it becomes `renewed`, with an event, and its release
 * in release_outcomes is marked renewed (the statistics' renewal curve).
 *
 * Closer to its release a missing name proves nothing (docs/product.md, "The
 * release morning"): names leave the list around their release day, and the
 * registry does not say when it regenerates its lists, which are checked
 * every hour. The release update makes those names available instead.
 *
 * `listedNames` is every valid name of the TLD on the list, including entries
 * skipped for a bad date: they are listed, so not renewed.
 */
async function markRenewedDomains(
  query: TransactionQuery,
  input: { tld: string; listedNames: string[]; now: Date; source: string },
): Promise<number> {
  const firstRenewable = firstRenewableReleaseDate(input.now);
  const [row] = await query<{ renewed: number }>(
    `with gone as (
       update domains d set status = 'renewed', updated_at = $4
        where d.tld = $1 and d.status = 'soonavailable' and d.release_date >= $2::date
          and not exists (select 1 from unnest($3::text[]) as listed(name) where listed.name = d.name)
       returning d.name, d.release_date
     ),
     events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select name, 'renewed', 'soonavailable', 'renewed', 'left the release list before its release date', $5, $4 from gone
     ),
     outcomes as (
       update release_outcomes o set renewed_on = ($4::timestamptz at time zone 'UTC')::date
         from gone where o.domain_name = gone.name and o.release_date = gone.release_date
     )
     select count(*)::int as renewed from gone`,
    [input.tld, firstRenewable, query.array("text", input.listedNames), input.now, input.source],
  );
  return row.renewed;
}

/** More than this share of a TLD's renewable names missing from one list looks like a partial list, not renewals. */
export const MAX_RENEWED_SHARE = 0.2;

/** A list with fewer names than this share of the previous complete list of its TLD looks like a partial list. */
export const MIN_LIST_SIZE_SHARE = 0.5;

export type RenewalOutcome = {
  renewed: number;
  /** Why no name was marked renewed, in words for the backoffice and the CLI; null when the renewals were applied. */
  warning: string | null;
};

export type CompleteList = {
  runId: number;
  tld: string;
  /** Every valid name of the TLD on the list, including entries skipped for a bad date (see markRenewedDomains). */
  listedNames: string[];
  /** The list's names of the TLD that were written (the size compared with the previous list's). */
  names: number;
  /** Entries that could not be read. */
  failed: number;
  /** The TLD's renewable names before the list was written (countRenewable): the threshold's 100 %. */
  renewable: number;
  now: Date;
  source: string;
  /** An administrator's "apply as complete": the sanity threshold is passed over (a broken list still is not read). */
  force?: boolean;
};

const AGAIN =
  'The names on it were imported; nothing was marked renewed. If it is the complete list, run it again with "Apply as complete" (CLI: --force-complete).';

/**
 * Reads renewals from a complete list of one TLD, the sanity threshold first
 * (docs/product.md, "Release lists and imports"): a list that would mark more
 * than 20 % of the TLD's renewable soon-available names (releasing two or
 * more days ahead) renewed, or that brings fewer than half the names of the
 * previous complete list applied, marks none, and says why. So does an empty
 * list or one with more bad entries than good (a broken download), whatever
 * `force` says. Runs inside the import's transaction; the renewals are
 * written in a savepoint and rolled back when there are too many.
 */
export async function readRenewals(query: TransactionQuery, list: CompleteList): Promise<RenewalOutcome> {
  if (list.names === 0) return { renewed: 0, warning: "Renewals not read: the list has no valid names of its TLD; it looks broken." };
  if (list.failed > list.names) {
    return {
      renewed: 0,
      warning: `Renewals not read: more entries could not be read (${list.failed}) than were read (${list.names}); the list looks broken.`,
    };
  }
  if (!list.force) {
    const previous = await previousListSize(query, list);
    if (previous !== null && list.names < previous * MIN_LIST_SIZE_SHARE) {
      return {
        renewed: 0,
        warning: `Renewals not applied: this list has ${count(list.names)} ${list.tld} names, fewer than half of the ${count(previous)} on the previous complete list. ${AGAIN}`,
      };
    }
  }
  const { renewable } = list;
  await query("savepoint renewals");
  const renewed = await markRenewedDomains(query, list);
  if (!list.force && renewed > renewable * MAX_RENEWED_SHARE) {
    await query("rollback to savepoint renewals");
    await query("release savepoint renewals");
    const share = Math.round((renewed / renewable) * 100);
    return {
      renewed: 0,
      warning: `Renewals not applied: this list would mark ${count(renewed)} of the ${count(renewable)} soon-available ${list.tld} names releasing two or more days ahead as renewed (${share} %), more than ${MAX_RENEWED_SHARE * 100} %. ${AGAIN}`,
    };
  }
  await query("release savepoint renewals");
  return { renewed, warning: null };
}

/** How many names the TLD's previous complete list applied had (its run's written names); null before the first. */
async function previousListSize(query: TransactionQuery, list: CompleteList): Promise<number | null> {
  const [row] = await query<{ names: number }>(
    `select processed as names from import_runs
      where tld = $1 and complete_list and state in ('succeeded', 'partly_failed') and warning is null and id <> $2
      order by id desc limit 1`,
    [list.tld, list.runId],
  );
  return row?.names ?? null;
}

/**
 * The TLD's soon-available names a complete list may renew (releasing two or
 * more days ahead), counted before the list is written: a list's new names
 * cannot be renewed by it. An index-only count (domains_status_release_idx).
 */
export async function countRenewable(query: TransactionQuery, tld: string, now: Date): Promise<number> {
  const [row] = await query<{ renewable: number }>(
    "select count(*)::int as renewable from domains where status = 'soonavailable' and release_date >= $2::date and tld = $1",
    [tld, firstRenewableReleaseDate(now)],
  );
  return row.renewable;
}

const count = (value: number) => value.toLocaleString("en-GB");
