import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { toUnicode } from "~/domain/names";
import { compareSwedishNames } from "~/domain/swedish-order";
import { LISTING_SORTS, SOON_SORTS, type SoonSort } from "~/lib/listing-params";
import type { DomainRow } from "~/server/db/schema/index.server";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { walkListPages } from "~tests/support/walk-list-pages";
import type { DomainPage } from "./domain-card-data.server";
import { findAvailable, findFeatured, findPremium, findSoonAvailable } from "./lists.server";

// Names whose Swedish order differs from byte order, equal sort keys (cafe/café),
// hyphens, digits, and labels that are prefixes of others.
const LABELS = [
  "a",
  "ab",
  "ab-c",
  "ab1",
  "aba",
  "abå",
  "abä",
  "abö",
  "abé",
  "abe",
  "aby",
  "abü",
  "abz",
  "åka",
  "äta",
  "öra",
  "zz",
  "0a",
  "9",
  "10",
  "café",
  "cafe",
  "ærø",
  "straße",
  "strasse",
  "þing",
  "ŋa",
  "na",
  "ő",
  "ye",
  "yé",
  "õun",
];
const DATES = ["2030-01-02", "2030-01-01", null, "2030-01-03", "2030-01-02"];
const SCORES = [50, 10, 90, 50, 50, 30];
// Stored risks of being taken at once (whole per cent), with equal ones and names without one.
const RISKS = [30, null, 70, 30, 5, 30, null];

/** Soon-available rows with many equal dates and scores, some without a date, about a third featured. */
async function createSoonAvailableSet(db: Parameters<typeof createDomains>[0]): Promise<DomainRow[]> {
  const rows = LABELS.flatMap((label, index) =>
    [".se", ".nu"].slice(0, index % 3 === 0 ? 2 : 1).map((tld, tldIndex) => {
      const n = index * 2 + tldIndex;
      return { name: `${label}${tld}`, releaseDate: DATES[n % DATES.length], score: SCORES[n % SCORES.length], catchRisk: RISKS[n % RISKS.length], isFeatured: n % 3 === 0 };
    }),
  );
  return createDomains(db, rows, { status: "soonavailable" });
}

type Row = Pick<DomainRow, "name" | "unicodeName" | "releaseDate" | "score" | "length" | "catchRisk">;
/** Known risks in `direction`, unknown last either way. */
const byRisk = (a: Row, b: Row, direction: 1 | -1) =>
  a.catchRisk === b.catchRisk ? 0 : a.catchRisk === null ? 1 : b.catchRisk === null ? -1 : direction * (a.catchRisk - b.catchRisk);
const byDate = (a: Row, b: Row) =>
  a.releaseDate === b.releaseDate ? 0 : a.releaseDate === null ? 1 : b.releaseDate === null ? -1 : a.releaseDate < b.releaseDate ? -1 : 1;

/** Each sort as docs/product.md defines it, written out independently of the SQL: equal keys in Swedish name order, A-Ö. */
const EXPECTED_ORDER: Record<SoonSort, (a: Row, b: Row) => number> = {
  "date-asc": (a, b) => byDate(a, b) || compareSwedishNames(a, b),
  "date-desc": (a, b) => byDate(b, a) || compareSwedishNames(a, b),
  "name-asc": compareSwedishNames,
  "name-desc": (a, b) => compareSwedishNames(b, a),
  "score-desc": (a, b) => b.score - a.score || compareSwedishNames(a, b),
  "score-asc": (a, b) => a.score - b.score || compareSwedishNames(a, b),
  "length-asc": (a, b) => a.length - b.length || compareSwedishNames(a, b),
  "risk-asc": (a, b) => byRisk(a, b, 1) || compareSwedishNames(a, b),
  "risk-desc": (a, b) => byRisk(a, b, -1) || compareSwedishNames(a, b),
};

const walkedNames = (pages: DomainPage[]) => pages.flatMap((page) => page.domains.map((domain) => domain.name));

describeEachEngine("keyset paging", ({ handle }) => {
  it("walks every soon-available sort, with and without featured names, exactly as a full sort", async () => {
    const { db } = handle();
    const rows = await createSoonAvailableSet(db);
    await createDomains(db, [
      { name: "ledig.se", status: "available" },
      { name: "premie.se", status: "premium" },
    ]);
    for (const includeFeatured of [true, false]) {
      const listed = rows.filter((row) => includeFeatured || !row.isFeatured);
      for (const sort of SOON_SORTS) {
        const pages = await walkListPages((after) => findSoonAvailable(db, { sort, includeFeatured, after, pageSize: 4 }));
        const walked = walkedNames(pages);
        const view = `${sort}, featured ${includeFeatured}`;
        expect(walked, view).toEqual([...listed].sort(EXPECTED_ORDER[sort]).map((row) => row.name));
        expect(new Set(walked).size, view).toBe(walked.length);
        expect(
          pages.slice(0, -1).every((page) => page.domains.length === 4),
          view,
        ).toBe(true);
        expect(pages.at(-1)!.domains.length, view).toBeGreaterThan(0);
      }
    }
  });

  it("walks /available, /featured and /premium in every sort exactly as one full read", async () => {
    const { db } = handle();
    const rows = await createDomains(
      db,
      LABELS.map((label, index) => ({
        name: `${label}.se`,
        status: (["available", "soonavailable", "premium"] as const)[index % 3],
        isFeatured: index % 2 === 0,
        score: SCORES[index % SCORES.length],
      })),
    );
    // Microseconds apart, and some equal: the cursor must carry the exact instant.
    await db.execute(
      sql`update domains set updated_at = timestamptz '2026-11-22 12:00:00.000001+00' + (length % 3) * interval '1 microsecond'`,
    );
    const full = { pageSize: rows.length + 1 };
    for (const sort of LISTING_SORTS) {
      for (const [list, find] of [
        ["available", (options: object) => findAvailable(db, { sort, ...options })],
        ["featured", (options: object) => findFeatured(db, { sort, ...options })],
      ] as const) {
        const walked = walkedNames(await walkListPages((after) => find({ after, pageSize: 3 })));
        const everything = (await find(full)).domains.map((domain) => domain.name);
        expect(everything.length, list).toBeGreaterThan(6);
        expect(walked, `${list} ${sort}`).toEqual(everything);
      }
    }
    // Equal keys (the score, the length, the moment a name became free) in Swedish name order.
    const available = rows.filter((row) => row.status === "available");
    const sameMoment = (a: Row, b: Row) => (a.length % 3) - (b.length % 3);
    for (const [sort, expected] of [
      ["relevance", (a: Row, b: Row) => sameMoment(b, a) || compareSwedishNames(a, b)],
      ["score-desc", EXPECTED_ORDER["score-desc"]],
      ["length-asc", EXPECTED_ORDER["length-asc"]],
    ] as const) {
      expect((await findAvailable(db, { sort, ...full })).domains.map((domain) => domain.name), sort).toEqual(
        [...available].sort(expected).map((row) => row.name),
      );
    }
    const premium = walkedNames(await walkListPages((after) => findPremium(db, { after, pageSize: 2 })));
    expect(premium).toEqual((await findPremium(db, full)).domains.map((domain) => domain.name));
  });

  it("puts å, ä and ö after z among names with an equal date, score, length or moment, page after page", async () => {
    const { db } = handle();
    const labels = ["ögon", "zeta", "åkar", "abcd", "ätit", "ylle"];
    await createDomains(db, labels.map((label) => ({ name: `${label}.se`, status: "soonavailable" as const, releaseDate: "2030-01-02", score: 60 })));
    await createDomains(db, labels.map((label) => ({ name: `${label}.nu`, status: "available" as const, score: 60, isFeatured: true })));
    await db.execute(sql`update domains set updated_at = timestamptz '2026-11-22 12:00:00+00', last_checked_at = now() where status = 'available'`);
    const expected = ["abcd", "ylle", "zeta", "åkar", "ätit", "ögon"];
    for (const sort of ["date-asc", "date-desc", "score-desc", "score-asc", "length-asc"] as const) {
      const walked = walkedNames(await walkListPages((after) => findSoonAvailable(db, { sort, after, pageSize: 2 })));
      expect(walked.map(toUnicode), sort).toEqual(expected.map((label) => `${label}.se`));
    }
    for (const sort of ["relevance", "score-desc", "length-asc"] as const) {
      for (const find of [findAvailable, findFeatured]) {
        const walked = walkedNames(await walkListPages((after) => find(db, { sort, after, pageSize: 2 })));
        expect(walked.filter((name) => name.endsWith(".nu")).map(toUnicode), `${find.name} ${sort}`).toEqual(expected.map((label) => `${label}.nu`));
      }
    }
  });

  it("reads the first page for text that is not a cursor of this order", async () => {
    const { db } = handle();
    await createSoonAvailableSet(db);
    const first = (await findSoonAvailable(db, { sort: "score-desc", pageSize: 5 })).domains;
    for (const after of [
      "",
      "garbage",
      "_",
      "50_",
      "50_EXEMPEL.SE",
      "2030-01-01_a.se",
      "_a.se",
      "1e3_a.se",
      "99999999999_a.se",
      "50\u0000_a.se",
    ]) {
      expect((await findSoonAvailable(db, { sort: "score-desc", after, pageSize: 5 })).domains, JSON.stringify(after)).toEqual(first);
    }
    const firstByDate = (await findSoonAvailable(db, { pageSize: 5 })).domains;
    for (const after of ["2030-02-31_a.se", "2030-1-1_a.se", "50_a.se", `${"9".repeat(700)}_a.se`]) {
      expect((await findSoonAvailable(db, { after, pageSize: 5 })).domains, after).toEqual(firstByDate);
    }
  });

  it("continues from a cursor whose row has gone, and ends after the last row", async () => {
    const { db } = handle();
    await createSoonAvailableSet(db);
    const [first, second] = await walkListPages((after) => findSoonAvailable(db, { sort: "name-asc", after, pageSize: 5 }));
    await db.execute(sql`delete from domains where name = ${first.domains.at(-1)!.name}`);
    expect(await findSoonAvailable(db, { sort: "name-asc", after: first.nextCursor, pageSize: 5 })).toEqual(second);
    // Within a score, the gone row's place among equal scores is its name's Swedish key (from its ACE name).
    const [byScore, nextByScore] = await walkListPages((after) => findSoonAvailable(db, { sort: "score-desc", after, pageSize: 7 }));
    await db.execute(sql`delete from domains where name = ${byScore.domains.at(-1)!.name}`);
    expect(await findSoonAvailable(db, { sort: "score-desc", after: byScore.nextCursor, pageSize: 7 })).toEqual(nextByScore);

    expect(await findSoonAvailable(db, { sort: "score-desc", after: "-1_a.se" })).toEqual({ domains: [], nextCursor: null });
    // Past the last date come the names without one (date order keeps them last).
    const undated = await findSoonAvailable(db, { after: "9999-12-31_a.se", pageSize: 100 });
    expect(undated.domains.length).toBeGreaterThan(0);
    expect(undated.domains.every((domain) => domain.releaseDate === null)).toBe(true);
  });
});
