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

/** The moment the hand-made history is judged at. */
export const CATCH_RISK_NOW = new Date("2030-04-10T12:00:00Z");
/** "q" and two letters: 100 distinct three-letter names, letters only. */
export const shortName = (index: number) => `q${letters[Math.floor(index / 26)]}${letters[index % 26]}.se`;
export const longName = (index: number) => `langtnamnx${letters[Math.floor(index / 26)]}${letters[index % 26]}.nu`;

type Seen = { firstFreeAt?: string; takenAt?: string; released?: boolean };

/** One release outcome, as the release morning records it. */
export async function insertReleaseOutcome(handle: DatabaseHandle, name: string, releaseDate: string, seen: Seen) {
  const parsed = parseDomainName(name);
  if (!parsed.ok) throw new Error(name);
  await handle.query(
    `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
     values ($1, $2, $3, $4, 1, $2::date - 30, $5, $6, $6, $7)`,
    [
      parsed.ace,
      releaseDate,
      parsed.tld,
      parsed.length,
      seen.released === false ? null : `${releaseDate}T04:00:00Z`,
      seen.firstFreeAt ?? null,
      seen.takenAt ?? null,
    ],
  );
}

/**
 * 100 short .se names released on 5 April: 80 taken 30 minutes after first seen free, 20 two hours
 * after; 100 long .nu names released on 6 April: 10 taken before the site saw them free, 90 still
 * free. Left out: names released but neither seen free nor taken, names never released, today's.
 */
export async function insertFixedCatchRiskHistory(handle: DatabaseHandle) {
  await createDomains(handle.db, [
    ...Array.from({ length: 100 }, (_, index) => ({
      name: shortName(index),
      status: "registered" as const,
      releaseDate: "2030-04-05",
      score: 85,
      wordClass: 0,
    })),
    ...Array.from({ length: 100 }, (_, index) => ({
      name: longName(index),
      status: "available" as const,
      releaseDate: "2030-04-06",
      score: 20,
      wordClass: 0,
    })),
  ]);
  for (let index = 0; index < 100; index++) {
    const takenAt = index < 80 ? "2030-04-05T04:40:00Z" : "2030-04-05T06:11:00Z";
    await insertReleaseOutcome(handle, shortName(index), "2030-04-05", { firstFreeAt: "2030-04-05T04:10:00Z", takenAt });
    await insertReleaseOutcome(
      handle,
      longName(index),
      "2030-04-06",
      index < 10 ? { takenAt: "2030-04-06T04:30:00Z" } : { firstFreeAt: "2030-04-06T05:00:00Z" },
    );
  }
  await insertReleaseOutcome(handle, "qzz1.se", "2030-04-06", {});
  await insertReleaseOutcome(handle, "qzz2.se", "2030-04-06", { released: false, takenAt: "2030-04-06T04:30:00Z" });
  await insertReleaseOutcome(handle, "qzz3.se", "2030-04-10", { firstFreeAt: "2030-04-10T04:10:00Z", takenAt: "2030-04-10T04:20:00Z" });
}

