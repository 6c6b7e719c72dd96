import { expect, it } from "vitest";
import { createDomain, createDomains } from "../../../tests/factories/domains";
import { describeEachEngine } from "../../../tests/setup/test-db";
import { findDomainByNameExact } from "./find-domain-by-name-exact.server";
import { searchDomains } from "./search-domains.server";

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

  it("stops at 50 results", async () => {
    const { db } = handle();
    await createDomains(db, 60);
    expect(await searchDomains(db, { term: "testdoman" })).toHaveLength(50);
    expect(await searchDomains(db, { term: "testdoman", limit: 5 })).toHaveLength(5);
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

/** The spec's relevance over every row, as the reference the index reads must equal. */
function bruteForce(rows: { name: string; score: number }[], term: string) {
  return rows
    .filter((row) => row.name.includes(term))
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
    ];
    await createDomains(db, rows);
    for (const term of ["hund", "hund1", "und", "un", "d1", "yhund3", "hund.n", "se"]) {
      expect(names(await searchDomains(db, { term })), term).toEqual(bruteForce(rows, term));
    }
  });
});
