import { expect, it } from "vitest";
import { createDomain, createDomains } from "~tests/factories/domains";
import { NO_FILTERS, type PublicFilters } from "~/domain/public-filters";
import { describeEachEngine } from "~tests/setup/test-db";
import { findDomainByNameExact } from "./detail.server";
import { countSearchMatches, searchDomains } from "./search.server";

const names = (domains: { unicodeName: string }[]) => domains.map((domain) => domain.unicodeName);

describeEachEngine("searchDomains", ({ handle }) => {
  it("finds a Unicode name by a Unicode or an ACE substring, whatever its status", async () => {
    const { db } = handle();
    await createDomains(db, [
      { name: "räksmörgås.se", status: "soonavailable" },
      { name: "xn--rksmrgs-5wao1o.nu", status: "registered" },
      { name: "rak.se" },
    ]);
    expect(names(await searchDomains(db, { term: "räk" }))).toEqual(["räksmörgås.nu", "räksmörgås.se"]);
    expect(names(await searchDomains(db, { term: "RÄKSMÖR" }))).toEqual(["räksmörgås.nu", "räksmörgås.se"]);
    // The ACE form is searched too: a pasted punycode fragment still finds it.
    expect(names(await searchDomains(db, { term: "rksmrgs-5wao" }))).toEqual(["räksmörgås.nu", "räksmörgås.se"]);
  });

  it("matches the typed characters literally: % and _ are not wildcards", async () => {
    const { db } = handle();
    await createDomains(db, [{ name: "abcd.se" }, { name: "axbd.se" }]);
    expect(await searchDomains(db, { term: "a_b" })).toEqual([]);
    expect(await searchDomains(db, { term: "a%d" })).toEqual([]);
    expect(await searchDomains(db, { term: "%%" })).toEqual([]);
    expect(await searchDomains(db, { term: "\\b" })).toEqual([]);
    expect(names(await searchDomains(db, { term: "bcd" }))).toEqual(["abcd.se"]);
  });

  it("returns nothing under 2 characters", async () => {
    const { db } = handle();
    await createDomains(db, [{ name: "ab.se" }, { name: "a1.se" }]);
    expect(await searchDomains(db, { term: "a" })).toEqual([]);
    expect(await searchDomains(db, { term: "  a\u200b " })).toEqual([]);
    expect(names(await searchDomains(db, { term: "ab" }))).toEqual(["ab.se"]);
  });

  it("ranks the exact name, then prefixes, then shorter names, then score", async () => {
    const { db } = handle();
    await createDomains(db, [
      { name: "storhund.se", score: 99 },
      { name: "bhund.se", score: 10 },
      { name: "hundgård.nu", score: 90 },
      { name: "hundar.se", score: 20 },
      { name: "hundbad.se", score: 80 },
      { name: "hund.se", score: 1 },
    ]);
    expect(names(await searchDomains(db, { term: "hund" }))).toEqual([
      "hund.se",
      "hundar.se",
      "hundbad.se",
      "hundgård.nu",
      "bhund.se",
      "storhund.se",
    ]);
    expect(names(await searchDomains(db, { term: "hund", sort: "score-desc" }))).toEqual([
      "storhund.se",
      "hundgård.nu",
      "hundbad.se",
      "hundar.se",
      "bhund.se",
      "hund.se",
    ]);
    expect(names(await searchDomains(db, { term: "hund", sort: "name-asc" }))).toEqual([
      "bhund.se",
      "hund.se",
      "hundar.se",
      "hundbad.se",
      "hundgård.nu",
      "storhund.se",
    ]);
    expect(names(await searchDomains(db, { term: "hund", sort: "name-desc" }))[0]).toBe("storhund.se");
  });

  it("shows names equal in relevance (rank, length and score) in Swedish order: å, ä, ö after z", async () => {
    const { db } = handle();
    // Their ACE forms (xn--…) would sort before y and z.
    await createDomains(db, ["öol.se", "zol.se", "äol.se", "yol.se", "åol.se", "aol.nu"].map((name) => ({ name, score: 40 })));
    expect(names(await searchDomains(db, { term: "ol" }))).toEqual(["aol.nu", "yol.se", "zol.se", "åol.se", "äol.se", "öol.se"]);
    expect(names(await searchDomains(db, { term: "ol", sort: "score-desc" }))).toEqual(["aol.nu", "yol.se", "zol.se", "åol.se", "äol.se", "öol.se"]);
    expect(names(await searchDomains(db, { term: "ol", sort: "length-asc" }))).toEqual(["aol.nu", "yol.se", "zol.se", "åol.se", "äol.se", "öol.se"]);
  });

  it("stops at 50 results", async () => {
    const { db } = handle();
    await createDomains(db, 60);
    expect(await searchDomains(db, { term: "testdoman" })).toHaveLength(50);
    expect(await searchDomains(db, { term: "testdoman", limit: 5 })).toHaveLength(5);
  });

  it('matches the label, not the TLD: "se" finds names with "se" before the dot only', async () => {
    const { db } = handle();
    await createDomains(db, [
      { name: "hund.se" },
      { name: "katt.se" },
      { name: "huset.se" },
      { name: "sena.nu" },
      { name: "nubbe.se" },
      { name: "kanu.nu" },
      { name: "xn--rksmrgs-5wao1o.se" },
    ]);
    expect(names(await searchDomains(db, { term: "se" }))).toEqual(["sena.nu", "huset.se"]);
    expect(names(await searchDomains(db, { term: "nu" }))).toEqual(["nubbe.se", "kanu.nu"]);
    // A term with a dot reaches past the label on purpose, and is matched on the whole name.
    expect(names(await searchDomains(db, { term: "t.se" }))).toEqual(["katt.se", "huset.se"]);
    expect(await searchDomains(db, { term: "e.nu" })).toEqual([]);
  });
});

describeEachEngine("countSearchMatches", ({ handle }) => {
  it("counts every name the search could show, up to a bound", async () => {
    const { db } = handle();
    await createDomains(db, [
      ...Array.from({ length: 64 }, (_, index) => ({ name: `hund${index}.se` })),
      ...Array.from({ length: 7 }, (_, index) => ({ name: `storhund${index}.nu` })),
      { name: "hund.nu", status: "registered" as const },
      { name: "katt.se" },
    ]);
    expect(await countSearchMatches(db, { term: "hund" })).toEqual({ count: 72, more: false });
    expect(await countSearchMatches(db, { term: "HUND" })).toEqual({ count: 72, more: false });
    expect(await countSearchMatches(db, { term: "storhund" })).toEqual({ count: 7, more: false });
    expect(await countSearchMatches(db, { term: "hund", limit: 72 })).toEqual({ count: 72, more: false });
    expect(await countSearchMatches(db, { term: "hund", limit: 71 })).toEqual({ count: 71, more: true });
    expect(await countSearchMatches(db, { term: "qzx" })).toEqual({ count: 0, more: false });
    expect(await countSearchMatches(db, { term: "a" })).toEqual({ count: 0, more: false });
  });

  it('does not count "se" and "nu", whose search keys every name of a TLD holds', async () => {
    const { db } = handle();
    await createDomains(db, [{ name: "huset.se" }, { name: "nubbe.nu" }]);
    expect(await countSearchMatches(db, { term: "se" })).toBeNull();
    expect(await countSearchMatches(db, { term: "nu" })).toBeNull();
    expect(await countSearchMatches(db, { term: "use" })).toEqual({ count: 1, more: false });
  });
});

describeEachEngine("findDomainByNameExact", ({ handle }) => {
  it("reads one name by its ACE key", async () => {
    const { db } = handle();
    await createDomain(db, { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-01-01" });
    expect(await findDomainByNameExact(db, "xn--rksmrgs-5wao1o.se")).toMatchObject({
      unicodeName: "räksmörgås.se",
      status: "soonavailable",
      releaseDate: "2030-01-01",
      length: 10,
    });
    expect(await findDomainByNameExact(db, "räksmörgås.se")).toBeNull();
    expect(await findDomainByNameExact(db, "finnsinte.se")).toBeNull();
  });
});

/** Relevance (docs/product.md, "Searching names") over every row, as the reference the index reads must equal. */
function bruteForce(rows: { name: string; score: number }[], term: string) {
  // The label, the part before the TLD, holds a term without a dot; a term with one is matched on the whole name.
  const holds = (name: string) => (term.includes(".") ? name : name.slice(0, name.indexOf("."))).includes(term);
  return rows
    .filter((row) => holds(row.name))
    .map((row) => {
      const label = row.name.slice(0, row.name.indexOf("."));
      const rank = label === term ? 0 : row.name.startsWith(term) ? 1 : 2;
      return { ...row, rank, length: [...label].length };
    })
    .sort((a, b) => a.rank - b.rank || a.length - b.length || b.score - a.score || (a.name < b.name ? -1 : 1))
    .slice(0, 50)
    .map((row) => row.name);
}

describeEachEngine("searchDomains with many matches", ({ handle }) => {
  it("reads length by length exactly what a full relevance sort would give", async () => {
    const { db } = handle();
    // ASCII names only, so the ACE tie-break equals the display name.
    const rows = [
      ...Array.from({ length: 500 }, (_, index) => ({ name: `hund${index}.se`, score: index % 97 })),
      ...Array.from({ length: 40 }, (_, index) => ({ name: `x${"y".repeat(index % 5)}hund${index}.nu`, score: index })),
      { name: "ab-hund.se", score: 100 },
      { name: "hund.nu", score: 0 },
      { name: "hundar.se", score: 70 },
      // 49 names start with "seb" (and "se"): one short of a page, so the other matches are looked up too.
      ...Array.from({ length: 49 }, (_, index) => ({ name: `seb${index}.nu`, score: index % 13 })),
      ...Array.from({ length: 30 }, (_, index) => ({ name: `huse${"t".repeat(index % 4)}${index}.se`, score: index })),
      { name: "nu.se", score: 5 },
      { name: "kanu.nu", score: 5 },
    ];
    await createDomains(db, rows);
    for (const term of ["hund", "hund1", "und", "un", "d1", "yhund3", "hund.n", "se", "seb", "nu", "u.n", "e.se"]) {
      expect(names(await searchDomains(db, { term })), term).toEqual(bruteForce(rows, term));
    }
  });

  it("with filters, gives the most relevant of the names that pass them, and counts those", async () => {
    const { db } = handle();
    const rows = [
      ...Array.from({ length: 500 }, (_, index) => ({ name: `hund${index}.se`, score: index % 97 })),
      ...Array.from({ length: 40 }, (_, index) => ({ name: `x${"y".repeat(index % 5)}hund${index}.nu`, score: index })),
      { name: "hund.nu", score: 0 },
      { name: "hund-2.nu", score: 50 },
      { name: "hundar.se", score: 70 },
    ];
    await createDomains(db, rows);
    const filterSets: [PublicFilters, (row: { name: string; score: number }) => boolean][] = [
      [{ ...NO_FILTERS, tlds: [".nu"] }, (row) => row.name.endsWith(".nu")],
      [{ ...NO_FILTERS, lengthMax: 6 }, (row) => row.name.indexOf(".") <= 6],
      [{ ...NO_FILTERS, characters: ["hyphen"] }, (row) => row.name.includes("-")],
      [{ ...NO_FILTERS, minScore: 65, tlds: [".se"] }, (row) => row.score >= 65 && row.name.endsWith(".se")],
      // The search's text is its own: a contains filter and release dates play no part.
      [{ ...NO_FILTERS, contains: "zzz", releaseFrom: "2099-01-01", startsWith: "hund1" }, (row) => row.name.startsWith("hund1")],
    ];
    for (const [filters, passes] of filterSets) {
      const expected = bruteForce(rows.filter(passes), "hund");
      expect(names(await searchDomains(db, { term: "hund", filters })), JSON.stringify(filters)).toEqual(expected);
      const count = rows.filter(passes).filter((row) => row.name.slice(0, row.name.indexOf(".")).includes("hund")).length;
      expect(await countSearchMatches(db, { term: "hund", filters }), JSON.stringify(filters)).toEqual({ count, more: false });
    }
  });
});
