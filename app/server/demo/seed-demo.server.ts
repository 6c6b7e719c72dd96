import type { DatabaseHandle } from "~/server/db/client.server";
import { nameCharBits } from "~/domain/name-chars";
import { nameSearchKeys } from "~/domain/search-keys";
import { arrayLiteral } from "~/server/db/array-literal.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import type { DemoRelease } from "./demo-release-history.server";
import { generateDemoDomains, type DemoDomain } from "./generate-demo-domains.server";
import { startDemoZone } from "./demo-zone.server";
import { refreshPlannerStatistics } from "~/server/db/planner-statistics.server";
import { refreshFamilyFlags } from "~/server/zone/family-flags.server";
import { refreshStatistics } from "~/server/statistics/refresh-statistics.server";
import { recordReleaseZoneFeatures } from "~/server/statistics/release-zone-features.server";
import { withTransaction } from "~/server/db/with-transaction.server";

/** Fills an empty database with demo names; returns how many were added (0 when not empty). */
export async function seedDemoIfEmpty(handle: DatabaseHandle, options: { size: number; now: Date }) {
  const [row] = await handle.query<{ present: boolean }>("select exists(select 1 from domains) as present");
  if (row?.present) return 0;
  return seedDemo(handle, options);
}

export async function seedDemo(handle: DatabaseHandle, options: { size: number; now: Date; seed?: number }) {
  const dictionary = loadSwedishWordIndex();
  let total = 0;
  // The zone's history of the same names (only into an empty zone store), written beside them.
  const zone = await startDemoZone(handle, options);
  for (const chunk of generateDemoDomains({ ...options, dictionary })) {
    await insertDemoChunk(handle, chunk);
    await zone?.addNames(chunk);
    total += chunk.length;
  }
  await zone?.finish();
  // The names' siblings and twins in the demo zone (decision 0087), as an import leaves them.
  await refreshFamilyFlags(handle.db);
  await refreshPlannerStatistics(handle);
  // Each release's zone features as of its release (decision 0088), the whole history now, not RECORD_AT_ONCE a run.
  while ((await withTransaction(handle, (query) => recordReleaseZoneFeatures(query, options.now))) > 0);
  // /statistik reads only the aggregates: computed now, the first start shows full charts at once.
  await refreshStatistics(handle, { now: options.now });
  return total;
}

/**
 * One statement per chunk: arrays unnested server-side are far faster than row-by-row inserts. The
 * names and their releases go in together, and a release only with a name this statement added, so
 * a seed over existing names (the benchmarks fill up a database) leaves no history without its name.
 */
async function insertDemoChunk(handle: DatabaseHandle, rows: DemoDomain[]) {
  const column = <K extends keyof DemoDomain>(key: K) => rows.map((row) => row[key]);
  const release = <K extends keyof DemoRelease>(key: K) => rows.map((row) => row.release?.[key] ?? null);
  await handle.query(
    `with demo as (
       select * from unnest($1::text[], $2::text[], $3::domain_tld[], $4::domain_status[], $5::boolean[], $6::int[], $7::int[], $8::int[], $9::text[],
                            $10::date[], $11::date[], $12::text[], $13::int[], $14::int[], $15::timestamptz[], $16::timestamptz[], $17::timestamptz[],
                            $18::timestamptz[], $19::timestamptz[], $20::date[], $21::date[], $22::timestamptz[], $23::timestamptz[],
                            $24::timestamptz[])
         as d(name, unicode_name, tld, status, is_featured, length, score, price, description, release_date, registration_date, search_keys,
              name_chars, word_class, last_checked_at, next_check_at, taken_at, created_at, updated_at, listed_on, renewed_on, released_at, first_free_at,
              last_free_at)
     ),
     added as (
       insert into domains (name, unicode_name, tld, status, is_featured, length, score, word_class, price, description, release_date, registration_date,
                            search_keys, name_chars, last_checked_at, next_check_at, taken_at, created_at, updated_at)
       select name, unicode_name, tld, status, is_featured, length, score, word_class::smallint, price, description, release_date, registration_date,
              search_keys::int[], name_chars::smallint, last_checked_at, next_check_at, taken_at, coalesce(created_at, now()), coalesce(updated_at, now())
         from demo
       on conflict (name) do nothing
       returning name
     )
     insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, renewed_on, released_at, first_free_at, last_free_at, taken_at)
     select d.name, d.release_date, d.tld, d.length, d.name_chars, d.listed_on, d.renewed_on, d.released_at, d.first_free_at, d.last_free_at, d.taken_at
       from demo d join added a on a.name = d.name collate "C"
      where d.listed_on is not null`,
    [
      column("name"),
      column("unicodeName"),
      column("tld"),
      column("status"),
      column("isFeatured"),
      column("length"),
      column("score"),
      column("price"),
      column("description"),
      column("releaseDate"),
      column("registrationDate"),
      // Each name's keys as a literal cast in SQL, so the database computes none (an empty array would make its trigger do so).
      rows.map((row) => arrayLiteral(nameSearchKeys(row.unicodeName, row.name, row.length))),
      rows.map((row) => nameCharBits(row.unicodeName, row.name)),
      column("wordClass"),
      column("lastCheckedAt"),
      column("nextCheckAt"),
      column("takenAt"),
      column("createdAt"),
      column("updatedAt"),
      release("listedOn"),
      release("renewedOn"),
      release("releasedAt"),
      release("firstFreeAt"),
      release("lastFreeAt"),
    ],
  );
}
