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
