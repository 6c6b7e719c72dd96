import { parseDomainName } from "~/domain/names";
import { addDays, todayUtc } from "~/domain/utc-dates";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createDomains } from "./domains";

const letters = "abcdefghijklmnopqrstuvwxyz";

/**
 * A released history the catch-risk forecast can stand on, dated from the real clock (loaders read
 * it): 120 short .se names (score 85) released three days ago, 96 of them taken at once (30 minutes
 * after first seen free), and 120 long .nu names (score 20) released two days ago, 12 of them taken
 * at once and the rest still free.
 */
export async function insertCatchRiskHistory(handle: DatabaseHandle, now: Date = new Date()) {
  const today = todayUtc(now);
  const shortDay = addDays(today, -3);
  const longDay = addDays(today, -2);
  const twoLetters = (index: number) => `${letters[Math.floor(index / 26)]}${letters[index % 26]}`;
  const short = Array.from({ length: 120 }, (_, index) => `q${twoLetters(index)}.se`);
  const long = Array.from({ length: 120 }, (_, index) => `langtnamnx${twoLetters(index)}.nu`);
  await createDomains(handle.db, [
    ...short.map((name) => ({ name, status: "registered" as const, releaseDate: shortDay, score: 85, wordClass: 0 })),
    ...long.map((name) => ({ name, status: "available" as const, releaseDate: longDay, score: 20, wordClass: 0 })),
  ]);
  const insert = async (name: string, day: string, freeAt: string, takenAt: string | null) => {
    const parsed = parseDomainName(name);
    if (!parsed.ok) throw new Error(name);
    await handle.query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
       values ($1, $2, $3, $4, 1, $2::date - 30, $5, $6, $6, $7)`,
      [parsed.ace, day, parsed.tld, parsed.length, `${day}T04:00:00Z`, `${day}${freeAt}`, takenAt && `${day}${takenAt}`],
    );
  };
  for (const [index, name] of short.entries()) await insert(name, shortDay, "T04:10:00Z", index < 96 ? "T04:40:00Z" : "T09:00:00Z");
  for (const [index, name] of long.entries()) await insert(name, longDay, "T04:20:00Z", index < 12 ? "T04:50:00Z" : null);
}
