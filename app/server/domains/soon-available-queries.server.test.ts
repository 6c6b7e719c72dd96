import { expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { walkListPages } from "~tests/support/walk-list-pages";
import { SOON_SORTS } from "~/lib/listing-params";
import { countSoonAvailable, findSoonAvailable } from "./lists.server";
import { searchSoonAvailable, searchSoonAvailableWalkingForTests, SOON_COLLECT_LIMIT, SOON_WALK_LIMIT } from "./search.server";

const names = (domains: { unicodeName: string }[]) => domains.map((domain) => domain.unicodeName);

const ROWS = [
  { name: "beta.se", releaseDate: "2030-01-03", score: 20 },
  { name: "alfa.se", releaseDate: "2030-01-03", score: 80, isFeatured: true },
  { name: "gamma.nu", releaseDate: "2030-01-01", score: 50 },
  { name: "örn.se", releaseDate: "2030-01-02", score: 50, isFeatured: true },
] as const;

describeEachEngine("findSoonAvailable", ({ handle }) => {
  it.each<[(typeof SOON_SORTS)[number], string[]]>([
    ["date-asc", ["gamma.nu", "örn.se", "alfa.se", "beta.se"]],
    // Equal dates and scores keep names A-Ö whichever way the key runs.
    ["date-desc", ["alfa.se", "beta.se", "örn.se", "gamma.nu"]],
    ["name-asc", ["alfa.se", "beta.se", "gamma.nu", "örn.se"]],
    ["name-desc", ["örn.se", "gamma.nu", "beta.se", "alfa.se"]],
    ["score-desc", ["alfa.se", "gamma.nu", "örn.se", "beta.se"]],
    ["score-asc", ["beta.se", "gamma.nu", "örn.se", "alfa.se"]],
    ["length-asc", ["örn.se", "alfa.se", "beta.se", "gamma.nu"]],
  ])("sorts %s", async (sort, expected) => {
    const { db } = handle();
    await createDomains(db, [...ROWS], { status: "soonavailable" });
    await createDomains(db, [{ name: "ledig.se", status: "available" }, { name: "premie.se", status: "premium" }]);
    expect(names((await findSoonAvailable(db, { sort })).domains)).toEqual(expected);
  });

  it("defaults to the earliest release first and leaves featured names out when asked", async () => {
    const { db } = handle();
    await createDomains(db, [...ROWS], { status: "soonavailable" });
    expect(names((await findSoonAvailable(db)).domains)).toEqual(["gamma.nu", "örn.se", "alfa.se", "beta.se"]);
    expect(names((await findSoonAvailable(db, { includeFeatured: false })).domains)).toEqual(["gamma.nu", "beta.se"]);
    expect(await countSoonAvailable(db)).toBe(4);
    expect(await countSoonAvailable(db, { includeFeatured: false })).toBe(2);
  });

  it("pages in release order until the last page says there is no next one", async () => {
    const { db } = handle();
    await createDomains(
      db,
      Array.from({ length: 6 }, (_, index) => ({ name: `namn${index}.se`, releaseDate: `2030-02-0${index + 1}` })),
      { status: "soonavailable" },
    );
    const pages = await walkListPages((after) => findSoonAvailable(db, { after, pageSize: 2 }));
    expect(pages.map((page) => [names(page.domains), page.nextCursor])).toEqual([
      [["namn0.se", "namn1.se"], "2030-02-02_namn1.se"],
      [["namn2.se", "namn3.se"], "2030-02-04_namn3.se"],
      [["namn4.se", "namn5.se"], null],
    ]);
  });
});

describeEachEngine("searchSoonAvailable", ({ handle }) => {
  it("finds soon-available names containing the term, earliest first", async () => {
    const { db } = handle();
    await createDomains(
      db,
      [
        { name: "hundar.se", releaseDate: "2030-01-05" },
        { name: "storhund.nu", releaseDate: "2030-01-02", isFeatured: true },
        { name: "katt.se", releaseDate: "2030-01-01" },
      ],
      { status: "soonavailable" },
    );
    await createDomains(db, [{ name: "hund.se", status: "available" }]);
    expect(names(await searchSoonAvailable(db, { term: "HUND" }))).toEqual(["storhund.nu", "hundar.se"]);
    expect(names(await searchSoonAvailable(db, { term: "hund", includeFeatured: false }))).toEqual(["hundar.se"]);
    expect(names(await searchSoonAvailable(db, { term: "hund", sort: "name-desc" }))).toEqual(["storhund.nu", "hundar.se"]);
  });

  it("walks the release order for a term with more matches than it collects", async () => {
    const { db } = handle();
    const rows = Array.from({ length: SOON_COLLECT_LIMIT + 1 }, (_, index) => ({
      name: `hund${index}.se`,
      releaseDate: `2030-${String((index % 12) + 1).padStart(2, "0")}-${String((index % 28) + 1).padStart(2, "0")}`,
    }));
    await createDomains(db, rows, { status: "soonavailable" });
    const expected = rows
      .sort((a, b) => (a.releaseDate < b.releaseDate ? -1 : a.releaseDate > b.releaseDate ? 1 : a.name < b.name ? -1 : 1))
      .slice(0, 50)
      .map((row) => row.name);
    expect(names(await searchSoonAvailable(db, { term: "hund" }))).toEqual(expected);
    expect(names(await searchSoonAvailable(db, { term: "nd" }))).toEqual(expected);
    // Fewer than 50 among the first releases read: collected, too many, then the whole walk.
    expect(names(await searchSoonAvailableWalkingForTests(db, { term: "hund" }, 10))).toEqual(expected);
    expect(names(await searchSoonAvailableWalkingForTests(db, { term: "hund", sort: "name-desc" }, 10))).toEqual(
      [...expected].sort((a, b) => (a < b ? 1 : -1)),
    );
    // The sort arranges those 50; it does not pick others.
    const byNameDesc = [...expected].sort((a, b) => (a < b ? 1 : -1));
    expect(names(await searchSoonAvailable(db, { term: "hund", sort: "name-desc" }))).toEqual(byNameDesc);
    expect(names(await searchSoonAvailable(db, { term: "hund", includeFeatured: false }))).toEqual(expected);
  });

  it('matches the label, not the TLD: "se" and "nu" find names holding them before the dot', async () => {
    const { db } = handle();
    await createDomains(
      db,
      [
        ...Array.from({ length: 60 }, (_, index) => ({ name: `katt${index}.se`, releaseDate: "2030-01-01" })),
        { name: "huset.se", releaseDate: "2030-01-04" },
        { name: "sena.nu", releaseDate: "2030-01-03" },
        { name: "nubbe.se", releaseDate: "2030-01-02" },
        { name: "kanu.nu", releaseDate: "2030-01-05" },
      ],
      { status: "soonavailable" },
    );
    for (const walkLimit of [SOON_WALK_LIMIT, 10]) {
      const search = (term: string) => searchSoonAvailableWalkingForTests(db, { term }, walkLimit);
      expect(names(await search("se")), `walk ${walkLimit}`).toEqual(["sena.nu", "huset.se"]);
      expect(names(await search("nu")), `walk ${walkLimit}`).toEqual(["nubbe.se", "kanu.nu"]);
      expect(names(await search("use")), `walk ${walkLimit}`).toEqual(["huset.se"]);
    }
  });

  it("returns nothing under 2 characters and at most 50", async () => {
    const { db } = handle();
    await createDomains(
      db,
      Array.from({ length: 55 }, (_, index) => ({ name: `ab${index}.se` })),
      { status: "soonavailable" },
    );
    expect(await searchSoonAvailable(db, { term: " a " })).toEqual([]);
    expect(await searchSoonAvailable(db, { term: "" })).toEqual([]);
    expect(await searchSoonAvailable(db, { term: "ab" })).toHaveLength(50);
  });
});
