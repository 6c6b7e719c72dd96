import { expect, it } from "vitest";
import { CATCH_RISK_FILTERS } from "~/domain/catch-risk-levels";
import {
  CHARACTER_FILTERS,
  matchesPublicFilters,
  NO_FILTERS,
  type PublicFilters,
  QUALITY_FILTERS,
  RELEASE_PRESETS,
  WORD_FILTERS,
} from "~/domain/public-filters";
import { seededRandom } from "~/domain/seeded-random";
import { domains, type DomainRow } from "~/server/db/schema/index.server";
import { randomDomainSet } from "~tests/factories/admin-list-reference";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { LISTING_SORTS, SOON_SORTS } from "~/lib/listing-params";
import type { DomainPage } from "./domain-card-data.server";
import { publicFilterWhere } from "./filters.server";
import { findAvailable, findFeatured, findPremium, findSoonAvailable } from "./lists.server";

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];
// The search text is at least two characters; ACE pieces ("xn", "5w"), a dot reaching into the TLD, and "se", which every .se name's TLD holds.
const CONTAINS_TEXTS = ["ab", "bil", "räk", "gås", "xn", "xn--", "5w", "24", "-a", "se", "nu", ".s", "k.n", "%_"];
const TEXTS = ["a", "ö", "ab", "bil", "hund", "räk", "-", "2", "24", "s", "gås", "%", "_", "xn--", "katt-"];

/** Any mix of the filters, each set about a third of the time, contradictions included. */
function randomFilters(random: () => number): PublicFilters {
  const maybe = <T>(value: () => T): T | null => (random() < 0.3 ? value() : null);
  return {
    tlds: random() < 0.3 ? [pick([".se", ".nu"] as const, random)] : [],
    // The stored family flags (decision 0087); name-families.server.test.ts sets them from a zone.
    siblingRegistered: random() < 0.2,
    twinRegistered: random() < 0.2,
    lengthMin: maybe(() => 1 + Math.floor(random() * 8)),
    lengthMax: maybe(() => 3 + Math.floor(random() * 10)),
    characters: CHARACTER_FILTERS.map((filter) => filter.value).filter(() => random() < 0.15),
    contains: maybe(() => pick(CONTAINS_TEXTS, random)),
    startsWith: maybe(() => pick(TEXTS, random)),
    endsWith: maybe(() => pick(TEXTS, random)),
    notContains: maybe(() => pick(TEXTS, random)),
    words: maybe(() => pick(WORD_FILTERS, random).value),
    minScore: maybe(() => pick(QUALITY_FILTERS, random).min),
    release: maybe(() => pick(RELEASE_PRESETS, random).value),
    releaseFrom: maybe(() => `2030-01-0${1 + Math.floor(random() * 5)}`),
    releaseTo: maybe(() => `2030-01-0${3 + Math.floor(random() * 7)}`),
    releasedSince: maybe(() => `2030-01-0${1 + Math.floor(random() * 9)}`),
    catchRisk: random() < 0.15 ? pick(CATCH_RISK_FILTERS, random).value : null,
  };
}

/**
 * Stored risks of being taken at once on some names, at and around the levels' bounds, and stored
 * family flags: true, false or null (the zone not known).
 */
function withRisks<T extends object>(
  rows: T[],
  random: () => number,
): (T & { catchRisk: number | null; siblingRegistered: boolean | null; twinRegistered: boolean | null })[] {
  return rows.map((row) => ({
    ...row,
    catchRisk: random() < 0.25 ? null : pick([0, 5, 34, 35, 50, 64, 65, 90, 100], random),
    siblingRegistered: pick([true, false, null], random),
    twinRegistered: pick([true, false, null], random),
  }));
}

describeEachEngine("the public filters in SQL", ({ handle }) => {
  it("a filtered list reads the same pages, by cursor, whether it walks the order or collects the matches", async () => {
    const random = seededRandom(26);
    await createDomains(handle().db, withRisks(randomDomainSet(random, 220), random));
    const db = handle().db;
    const now = new Date("2030-01-04T10:00:00Z");
    const everyPage = async (read: (after: string | null) => Promise<DomainPage>) => {
      const names: string[] = [];
      let after: string | null = null;
      for (let page = 0; page < 50; page++) {
        const result: DomainPage = await read(after);
        names.push(...result.domains.map((domain) => domain.name));
        if (!result.nextCursor) break;
        after = result.nextCursor;
      }
      return names;
    };
    for (let round = 0; round < 25; round++) {
      const filters = randomFilters(random);
      const readings: [string, (collect: boolean) => (after: string | null) => Promise<DomainPage>][] = [
        ...SOON_SORTS.map((sort): [string, (collect: boolean) => (after: string | null) => Promise<DomainPage>] => [
          `soon ${sort}`,
          (collect) => (after) => findSoonAvailable(db, { sort, after, pageSize: 7, filters, now, collect }),
        ]),
        ...LISTING_SORTS.flatMap((sort): [string, (collect: boolean) => (after: string | null) => Promise<DomainPage>][] => [
          [`available ${sort}`, (collect) => (after) => findAvailable(db, { sort, after, pageSize: 7, filters, now, collect })],
          [`featured ${sort}`, (collect) => (after) => findFeatured(db, { sort, after, pageSize: 7, filters, now, collect })],
        ]),
        ["premium", (collect) => (after) => findPremium(db, { after, pageSize: 7, filters, now, collect })],
      ];
      for (const [label, read] of readings) {
        const walked = await everyPage(read(false));
        expect(await everyPage(read(true)), `${label} ${JSON.stringify(filters)}`).toEqual(walked);
      }
    }
  });

  it("select exactly the names the plain rule in app/domain selects, for random names and random filter sets", async () => {
    const random = seededRandom(25);
    const stored: DomainRow[] = await createDomains(handle().db, withRisks(randomDomainSet(random, 200), random));
    const db = handle().db;
    // A Friday inside the generated release dates (2030-01-01 to 09), so every preset selects some.
    const now = new Date("2030-01-04T10:00:00Z");
    const names = (rows: { name: string }[]) => rows.map((row) => row.name).sort();
    let nonEmpty = 0;
    for (let round = 0; round < 150; round++) {
      const filters = round === 0 ? NO_FILTERS : randomFilters(random);
      const expected = stored.filter((row) =>
        matchesPublicFilters({ ...row, releaseDate: row.releaseDate, nameChars: row.nameChars ?? 0 }, filters, now),
      );
      const selected = await db.select({ name: domains.name }).from(domains).where(publicFilterWhere(filters, now));
      expect(names(selected), JSON.stringify(filters)).toEqual(names(expected));
      if (expected.length > 0 && expected.length < stored.length) nonEmpty++;
    }
    // The rounds are not all trivially empty or full.
    expect(nonEmpty).toBeGreaterThan(40);
  });
});
