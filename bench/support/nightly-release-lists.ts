// Two consecutive nights of the registry's .se list for the import benchmark's
// nightly scenario: the list a site stored last night, and tonight's, which
// keeps most of its names, adds the names whose release is newly scheduled
// and has lost a few (renewed by their holders, DOMAIN.md).
import { addDays } from "~/domain/utc-dates";
import { seededRandom } from "~/domain/seeded-random";
import { generateReleaseList, type GeneratedEntry } from "./generate-release-list";

/** The sizes of issue 28's "real-sized lists": tonight's list holds `kept + added` names. */
export const NIGHTLY_SHAPE = { stored: 55_300, kept: 55_000, added: 5_000 } as const;

/** The days generateReleaseList spreads release dates over (the registry's 2021 sample spans 64). */
const WINDOW_DAYS = 60;
/** New names are mostly names whose release was just scheduled: they land in the window's last week. */
const NEW_NAMES_DAYS = 7;

export type NightlyReleaseLists = {
  /** Last night's list: every stored name. */
  previous: GeneratedEntry[];
  /** Tonight's: `kept` of them, in name order with `added` new names. */
  next: GeneratedEntry[];
  /** Stored names missing from tonight's list. */
  vanished: GeneratedEntry[];
};

/**
 * Both nights' lists of .se names releasing from `firstDate` over the next
 * 60 days (about as many each day, in the registry's name order and ACE form).
 * The names tonight adds release in the window's last week; the ones it has
 * lost are any of the stored ones, so a few release within two days (leaving
 * the list then proves nothing) and the rest read as renewed.
 */
export function nightlyReleaseLists(options: { firstDate: string; seed?: number }): NightlyReleaseLists {
  const { stored, kept, added } = NIGHTLY_SHAPE;
  const all = generateReleaseList({ size: stored + added, seed: options.seed, firstDate: options.firstDate, tld: ".se" });
  const next = seededRandom((options.seed ?? 1) + 1);
  const pick = (count: number, from: number[]) => {
    // A partial Fisher–Yates shuffle: `count` distinct positions, the same ones for the same seed.
    const pool = from.slice();
    for (let index = 0; index < count; index++) {
      const other = index + Math.floor(next() * (pool.length - index));
      [pool[index], pool[other]] = [pool[other], pool[index]];
    }
    return new Set(pool.slice(0, count));
  };
  const positions = all.map((_, position) => position);
  const newPositions = pick(added, positions);
  const vanishedPositions = pick(
    stored - kept,
    positions.filter((position) => !newPositions.has(position)),
  );
  const lastWeek = addDays(options.firstDate, WINDOW_DAYS - NEW_NAMES_DAYS);
  const entries = all.map((entry, position) =>
    newPositions.has(position) ? { ...entry, release_at: addDays(lastWeek, Math.floor(next() * NEW_NAMES_DAYS)) } : entry,
  );
  return {
    previous: entries.filter((_, position) => !newPositions.has(position)),
    next: entries.filter((_, position) => !vanishedPositions.has(position)),
    vanished: entries.filter((_, position) => vanishedPositions.has(position)),
  };
}
