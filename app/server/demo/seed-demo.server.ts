import type { DatabaseHandle } from "~/server/db/client.server";
import { nameCharBits } from "~/domain/name-chars";
import { nameSearchKeys } from "~/domain/search-keys";
import { arrayLiteral } from "~/server/db/array-literal.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { generateDemoDomains, type DemoDomain } from "./generate-demo-domains.server";
import { refreshPlannerStatistics } from "~/server/db/planner-statistics.server";

/** Fills an empty database with demo names; returns how many were added (0 when not empty). */
export async function seedDemoIfEmpty(handle: DatabaseHandle, options: { size: number; now: Date }) {
  const [row] = await handle.query<{ present: boolean }>("select exists(select 1 from domains) as present");
  if (row?.present) return 0;
  return seedDemo(handle, options);
}

export async function seedDemo(handle: DatabaseHandle, options: { size: number; now: Date; seed?: number }) {
  const dictionary = loadSwedishWordIndex();
  let total = 0;
  for (const chunk of generateDemoDomains({ ...options, dictionary })) {
    await insertDemoChunk(handle, chunk);
    total += chunk.length;
  }
  await refreshPlannerStatistics(handle);
  return total;
}

/** One statement per chunk: arrays unnested server-side are far faster than row-by-row inserts. */
async function insertDemoChunk(handle: DatabaseHandle, rows: DemoDomain[]) {
  const column = <K extends keyof DemoDomain>(key: K) => rows.map((row) => row[key]);
  await handle.query(
    `insert into domains (name, unicode_name, tld, status, is_featured, length, score, word_class, price, description, release_date, registration_date, search_keys, name_chars)
     select name, unicode_name, tld, status, is_featured, length, score, word_class::smallint, price, description, release_date, registration_date, search_keys::int[], name_chars::smallint
       from unnest($1::text[], $2::text[], $3::domain_tld[], $4::domain_status[], $5::boolean[], $6::int[], $7::int[], $8::int[], $9::text[], $10::date[], $11::date[], $12::text[], $13::int[], $14::int[])
         as d(name, unicode_name, tld, status, is_featured, length, score, price, description, release_date, registration_date, search_keys, name_chars, word_class)
     on conflict (name) do nothing`,
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
    ],
  );
}
