// The totals the database keeps checked against count(*): the list totals (domain_list_counts,
// migration 0010) and the backoffice's (domain_filter_counts, migration 0014).
import { expect } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { countAvailable, countFeatured, countSoonAvailable } from "~/server/domains/lists.server";

/** The four list totals, as the pages read them and as count(*) gives them. */
export async function listTotals(handle: DatabaseHandle) {
  const db = handle.db;
  return {
    soon: await countSoonAvailable(db),
    soonWithoutFeatured: await countSoonAvailable(db, { includeFeatured: false }),
    available: await countAvailable(db),
    featured: await countFeatured(db),
  };
}

/** The same four by count(*) over domains (/available: the names a check has answered "free" for since their release). */
async function countedTotals(handle: DatabaseHandle) {
  const [row] = await handle.query<Record<string, number>>(
    `select count(*) filter (where status = 'soonavailable')::int as soon,
            count(*) filter (where status = 'soonavailable' and not is_featured)::int as "soonWithoutFeatured",
            count(*) filter (where status = 'available' and last_checked_at is not null)::int as available,
            count(*) filter (where is_featured and status in ('available', 'soonavailable', 'premium'))::int as featured
       from domains`,
  );
  return row;
}

/** Every (status, is_featured) total in the table equals count(*) over domains, and so do the pages' totals. */
export async function expectExact(handle: DatabaseHandle, context = "") {
  const kept = await handle.query(
    `select status, is_featured, sum(n)::int as n from domain_list_counts
      group by status, is_featured having sum(n) <> 0 order by status, is_featured`,
  );
  const counted = await handle.query(
    "select status, is_featured, count(*)::int as n from domains group by status, is_featured order by status, is_featured",
  );
  expect(kept, context).toEqual(counted);
  expect(await listTotals(handle), context).toEqual(await countedTotals(handle));
  await expectExactFilterCounts(handle, context);
}

const FILTER_KEY = "tld, status, release_date, length, name_chars";

/** Every (TLD, status, release date, length, character class) total equals count(*) over domains. */
export async function expectExactFilterCounts(handle: DatabaseHandle, context = "") {
  const kept = await handle.query(
    `select ${FILTER_KEY}, sum(n)::int as n
       from (select ${FILTER_KEY}, n from domain_filter_counts union all select ${FILTER_KEY}, n from domain_filter_count_changes) as c
      group by ${FILTER_KEY} having sum(n) <> 0 order by ${FILTER_KEY}`,
  );
  const counted = await handle.query(`select ${FILTER_KEY}, count(*)::int as n from domains group by ${FILTER_KEY} order by ${FILTER_KEY}`);
  expect(kept, `backoffice totals ${context}`).toEqual(counted);
}

/** Rows of domain_filter_count_changes not yet folded. */
export const filterChangeRows = async (handle: DatabaseHandle) =>
  (await handle.query<{ rows: number }>("select count(*)::int as rows from domain_filter_count_changes"))[0].rows;

/** Physical rows of domain_list_counts (several per key until they are folded). */
export const countRows = async (handle: DatabaseHandle) =>
  (await handle.query<{ rows: number }>("select count(*)::int as rows from domain_list_counts"))[0].rows;
