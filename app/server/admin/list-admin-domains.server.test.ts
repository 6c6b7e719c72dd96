import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { createDomains } from "~tests/factories/domains";
import { parseAdminListParams, toAdminListQuery, type AdminDomainListQuery } from "~/lib/admin-list-params";
import { invalidateDomainCaches } from "~/server/cache/domain-cache.server";
import type { DomainRow } from "~/server/db/schema/index.server";
import { listAdminDomains, listAdminDomainsForcedForTests, type ForcedAdminRead } from "./list-admin-domains.server";
import { randomAdminQuery, randomDomainSet, referenceAdminList } from "~tests/factories/admin-list-reference";
import { seededRandom } from "~/domain/seeded-random";

/** The query a URL produces, as the loader builds it. */
const fromUrl = (search: string, overrides: Partial<AdminDomainListQuery> = {}): AdminDomainListQuery => ({
  ...toAdminListQuery(parseAdminListParams(new URLSearchParams(search))),
  ...overrides,
});

const names = (list: { unicodeName: string }[]) => list.map((row) => row.unicodeName);

/**
 * The cost-based choice, each way forced, and walks whose row budget runs out (then the page is collected).
 * Without search text the release date, status, TLD and length orders seek their page's group: both ways
 * of reading within a group too.
 */
const READING_WAYS: ForcedAdminRead[] = [
  {},
  { groupRead: "walk" },
  { groupRead: "collect" },
  { uncounted: true },
  { uncounted: true, walkBudget: 3 },
  { strategy: "collect" },
  { strategy: "walk" },
  { strategy: "walk", walkBudget: 3 },
  { strategy: "walk", walkBudget: 40 },
];

describeEachEngine("listAdminDomains", ({ handle }) => {
  const seed = () =>
    createDomains(handle().db, [
      { name: "hund.se", status: "soonavailable", releaseDate: "2030-01-10", score: 90 },
      { name: "katt.nu", status: "available", releaseDate: "2030-01-11", score: 70 },
      { name: "bil24.se", status: "registered", releaseDate: "2030-01-12", score: 40 },
      { name: "glad-bil.se", status: "soonavailable", releaseDate: "2030-01-12", score: 55 },
      { name: "räksmörgås.se", status: "soonavailable", releaseDate: "2030-01-20", score: 85 },
      { name: "123.nu", status: "renewed", releaseDate: "2030-02-01", score: 10 },
      { name: "femtontecken123.se", status: "available", releaseDate: "2030-01-05", score: 30 },
      { name: "exaktfemtontext.se", status: "available", releaseDate: "2030-01-06", score: 31 },
      { name: "premiumnamn.se", status: "premium", releaseDate: null, score: 60, price: 5000 },
    ]);

  it("lists everything by release date ascending (then name) by default, names without a date last", async () => {
    await seed();
    const result = await listAdminDomains(handle().db, fromUrl(""));
    expect(names(result.domains)).toEqual([
      "femtontecken123.se",
      "exaktfemtontext.se",
      "hund.se",
      "katt.nu",
      "bil24.se",
      "glad-bil.se",
      "räksmörgås.se",
      "123.nu",
      "premiumnamn.se",
    ]);
    expect(await result.totalCount).toBe(9);
  });

  it("finds names containing the text in either form, treating % and _ literally", async () => {
    await seed();
    const db = handle().db;
    expect(names((await listAdminDomains(db, fromUrl("q=BIL"))).domains)).toEqual(["bil24.se", "glad-bil.se"]);
    expect(names((await listAdminDomains(db, fromUrl("q=smörg"))).domains)).toEqual(["räksmörgås.se"]);
    expect(names((await listAdminDomains(db, fromUrl("q=xn--rksmrgs"))).domains)).toEqual(["räksmörgås.se"]);
    expect(await (await listAdminDomains(db, fromUrl("q=%25%25"))).totalCount).toBe(0);
    expect(await (await listAdminDomains(db, fromUrl("q=h_nd"))).totalCount).toBe(0);
  });

  it("searches from 2 characters: one character leaves the list unfiltered", async () => {
    await seed();
    const db = handle().db;
    const all = await (await listAdminDomains(db, fromUrl(""))).totalCount;
    expect(await (await listAdminDomains(db, fromUrl("q=k"))).totalCount).toBe(all);
    expect(await (await listAdminDomains(db, fromUrl("q=%25"))).totalCount).toBe(all);
    expect(names((await listAdminDomains(db, fromUrl("q=ka"))).domains)).toEqual(["katt.nu"]);
  });

  it("finds names by search text within the length filters", async () => {
    await seed();
    const db = handle().db;
    expect(names((await listAdminDomains(db, fromUrl("q=bil&lenFrom=5"))).domains)).toEqual(["bil24.se", "glad-bil.se"]);
    expect(names((await listAdminDomains(db, fromUrl("q=bil&lenTo=5"))).domains)).toEqual(["bil24.se"]);
    expect(await (await listAdminDomains(db, fromUrl("q=bil&lenFrom=6&lenTo=7"))).totalCount).toBe(0);
  });

  it("filters by status and TLD", async () => {
    await seed();
    const db = handle().db;
    expect(names((await listAdminDomains(db, fromUrl("status=soonavailable"))).domains)).toEqual([
      "hund.se",
      "glad-bil.se",
      "räksmörgås.se",
    ]);
    expect(names((await listAdminDomains(db, fromUrl("tld=.nu"))).domains)).toEqual(["katt.nu", "123.nu"]);
    expect(names((await listAdminDomains(db, fromUrl("tld=.se&status=available"))).domains)).toEqual([
      "femtontecken123.se",
      "exaktfemtontext.se",
    ]);
  });

  it("includes both ends of the release date range, whole days", async () => {
    await seed();
    const db = handle().db;
    expect(names((await listAdminDomains(db, fromUrl("from=2030-01-11&to=2030-01-12"))).domains)).toEqual([
      "katt.nu",
      "bil24.se",
      "glad-bil.se",
    ]);
    expect(names((await listAdminDomains(db, fromUrl("from=2030-01-20&to=2030-01-20"))).domains)).toEqual(["räksmörgås.se"]);
    expect(names((await listAdminDomains(db, fromUrl("from=2030-01-21"))).domains)).toEqual(["123.nu"]);
    // A name without a release date never matches a date filter.
    expect(names((await listAdminDomains(db, fromUrl("to=2030-01-05"))).domains)).toEqual(["femtontecken123.se"]);
  });

  it('reads "15+" as at least 15 when it is the lower bound and as up to 63 when it is the upper', async () => {
    await seed();
    await createDomains(handle().db, [{ name: `${"a".repeat(63)}.se`, status: "available", releaseDate: "2030-03-01" }]);
    const db = handle().db;
    const long = ["femtontecken123.se", "exaktfemtontext.se", `${"a".repeat(63)}.se`];
    expect(names((await listAdminDomains(db, fromUrl("lenFrom=15%2B", { sortField: "name" }))).domains).sort()).toEqual(long.sort());
    expect(await (await listAdminDomains(db, fromUrl("lenFrom=15"))).totalCount).toBe(3);
    expect(await (await listAdminDomains(db, fromUrl("lenTo=15%2B"))).totalCount).toBe(10);
    expect(await (await listAdminDomains(db, fromUrl("lenTo=15"))).totalCount).toBe(9);
    expect(names((await listAdminDomains(db, fromUrl("lenFrom=3&lenTo=4"))).domains)).toEqual(["hund.se", "katt.nu", "123.nu"]);
  });

  it("filters by character classes of the name before the TLD", async () => {
    await seed();
    const db = handle().db;
    const only = async (search: string) => names((await listAdminDomains(db, fromUrl(search, { sortField: "name" }))).domains);
    expect(await only("digits=1")).toEqual(["123.nu", "bil24.se", "femtontecken123.se"]);
    expect(await only("special=1")).toEqual(["glad-bil.se"]);
    expect(await only("nonlatin=1")).toEqual(["räksmörgås.se"]);
    expect(await only("letters=1")).not.toContain("123.nu");
    expect(await only("letters=1")).toHaveLength(8);
    expect(await only("letters=1&digits=1")).toEqual(["bil24.se", "femtontecken123.se"]);
    // The query also supports "must not have" (hunters' "no digits").
    const withoutDigits = await listAdminDomains(db, fromUrl("", { characters: { digits: false, special: false } }));
    expect(await withoutDigits.totalCount).toBe(5);
  });

  it("combines filters and counts with the same filters", async () => {
    await seed();
    const result = await listAdminDomains(handle().db, fromUrl("q=bil&status=soonavailable&tld=.se&lenFrom=5&special=1"));
    expect(names(result.domains)).toEqual(["glad-bil.se"]);
    expect(await result.totalCount).toBe(1);
  });

  it("pages 30 at a time with the exact total", async () => {
    const rows = Array.from({ length: 65 }, (_, index) => ({
      name: `namn${String(index).padStart(3, "0")}.se`,
      status: "soonavailable" as const,
      releaseDate: "2030-05-01",
    }));
    await createDomains(handle().db, rows);
    const db = handle().db;
    const first = await listAdminDomains(db, fromUrl(""));
    const third = await listAdminDomains(db, fromUrl("page=3"));
    expect(first.domains).toHaveLength(30);
    expect(first.domains[0].name).toBe("namn000.se");
    expect(third.domains.map((row) => row.name)).toEqual(["namn060.se", "namn061.se", "namn062.se", "namn063.se", "namn064.se"]);
    expect(await third.totalCount).toBe(65);
    expect((await listAdminDomains(db, fromUrl("page=4"))).domains).toEqual([]);
  });

  it("sorts by every column both ways, ties broken in the same direction", async () => {
    await seed();
    const db = handle().db;
    const sorted = async (search: string) => names((await listAdminDomains(db, fromUrl(search))).domains);
    expect((await sorted("sort=name"))[0]).toBe("123.nu");
    expect((await sorted("sort=name&dir=desc"))[0]).toBe("räksmörgås.se"); // ACE "xn--…" sorts last
    expect((await sorted("sort=score&dir=desc")).slice(0, 3)).toEqual(["hund.se", "räksmörgås.se", "katt.nu"]);
    expect((await sorted("sort=length")).slice(0, 3)).toEqual(["123.nu", "hund.se", "katt.nu"]);
    // TLD and status have few values: within one, the default release-date order holds.
    expect((await sorted("sort=tld")).slice(0, 2)).toEqual(["katt.nu", "123.nu"]);
    expect((await sorted("sort=tld&dir=desc")).slice(-2)).toEqual(["123.nu", "katt.nu"]);
    expect((await sorted("sort=status")).slice(0, 4)).toEqual(["femtontecken123.se", "exaktfemtontext.se", "katt.nu", "premiumnamn.se"]);
    expect((await sorted("sort=release_date&dir=desc"))[0]).toBe("premiumnamn.se");
    expect((await sorted("sort=release_date&dir=desc"))[1]).toBe("123.nu");
    // Equal release dates: name ascending when ascending, descending when descending.
    const ascending = await sorted("from=2030-01-12&to=2030-01-12");
    const descending = await sorted("from=2030-01-12&to=2030-01-12&sort=release_date&dir=desc");
    expect(ascending).toEqual(["bil24.se", "glad-bil.se"]);
    expect(descending).toEqual(["glad-bil.se", "bil24.se"]);
  });

  it("counts exactly however many names match, and the count follows changes to domains", async () => {
    await createDomains(handle().db, 45, { status: "available" });
    const db = handle().db;
    expect(await (await listAdminDomains(db, fromUrl("status=available"))).totalCount).toBe(45);
    await createDomains(db, 3, { status: "available" });
    // Every write path calls invalidateDomainCaches() (imports, jobs, admin edits); the count is then read again.
    invalidateDomainCaches();
    expect(await (await listAdminDomains(db, fromUrl("status=available"))).totalCount).toBe(48);
  });

  it("returns exactly what a plain filter and sort in JavaScript return, for random filters, sorts and pages, every way of reading", async () => {
    const random = seededRandom(12);
    const stored: DomainRow[] = await createDomains(handle().db, randomDomainSet(random, 160));
    const db = handle().db;
    for (let round = 0; round < 60; round++) {
      const query = randomAdminQuery(random);
      const expected = referenceAdminList(stored, query);
      const lastPage = Math.max(1, Math.ceil(expected.totalCount / query.pageSize));
      // First, second, middle and last pages: the last ones are read backwards when walking. The first
      // page asked for a filter set is read with its count (search text): every other round starts at the end.
      const pages = [...new Set([1, 2, Math.ceil(lastPage / 2), lastPage, lastPage + 1])];
      invalidateDomainCaches();
      for (const page of round % 2 === 0 ? pages : pages.reverse()) {
        const wanted = referenceAdminList(stored, { ...query, page });
        for (const options of READING_WAYS) {
          const result = await listAdminDomainsForcedForTests(db, { ...query, page }, options);
          const context = JSON.stringify({ query: { ...query, page }, options });
          expect(await result.totalCount, context).toBe(wanted.totalCount);
          expect(names(result.domains), context).toEqual(wanted.names);
        }
      }
    }
  });
});
