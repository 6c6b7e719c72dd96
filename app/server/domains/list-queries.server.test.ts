import { expect, it } from "vitest";
import { createDomain, createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { walkListPages } from "~tests/support/walk-list-pages";
import { countAvailable, countFeatured, findAvailable, findFeatured, findPremium, findRandomAvailable } from "./lists.server";

const names = (page: { domains: { unicodeName: string }[] } | { unicodeName: string }[]) =>
  ("domains" in page ? page.domains : page).map((domain) => domain.unicodeName);

describeEachEngine("findFeatured", ({ handle }) => {
  it("lists featured names that can still be had, best score first", async () => {
    const { db } = handle();
    await createDomains(db, [
      { name: "mitten.se", status: "available", isFeatured: true, score: 50 },
      { name: "bast.se", status: "soonavailable", isFeatured: true, score: 90 },
      { name: "premie.nu", status: "premium", isFeatured: true, score: 70 },
      { name: "lika-b.se", status: "available", isFeatured: true, score: 50 },
      { name: "taget.se", status: "registered", isFeatured: true, score: 99 },
      { name: "fornyad.se", status: "renewed", isFeatured: true, score: 99 },
      { name: "olistad.se", status: "unlisted", isFeatured: true, score: 99 },
      { name: "vanlig.se", status: "available", isFeatured: false, score: 99 },
    ]);
    const page = await findFeatured(db);
    expect(names(page)).toEqual(["bast.se", "premie.nu", "lika-b.se", "mitten.se"]);
    expect(page.nextCursor).toBeNull();
    expect(await countFeatured(db)).toBe(4);
  });

  it("sorts by name both ways", async () => {
    const { db } = handle();
    await createDomains(
      db,
      ["cykel.se", "äpple.se", "bil.nu", "zebra.se", "öl.se", "ål.nu", "émile.se", "über.se"].map((name) => ({ name, isFeatured: true })),
    );
    // Swedish order: z, then å, ä, ö; é sorts with e and ü with y.
    const swedish = ["bil.nu", "cykel.se", "émile.se", "über.se", "zebra.se", "ål.nu", "äpple.se", "öl.se"];
    expect(names(await findFeatured(db, { sort: "name-asc" }))).toEqual(swedish);
    expect(names(await findFeatured(db, { sort: "name-desc" }))).toEqual([...swedish].reverse());
  });

  it("pages after a cursor until the last page says there is no next one", async () => {
    const { db } = handle();
    await createDomains(db, 4, { isFeatured: true, status: "available" });
    const pages = await walkListPages((after) => findFeatured(db, { after, pageSize: 2 }));
    expect(pages.map((page) => [page.domains.length, page.nextCursor !== null])).toEqual([
      [2, true],
      [2, false],
    ]);
    expect(new Set(pages.flatMap(names)).size).toBe(4);
  });
});

describeEachEngine("findAvailable", ({ handle }) => {
  it("lists available names, most recently changed first", async () => {
    const { db } = handle();
    await createDomains(db, [
      { name: "gammal.se", updatedAt: new Date("2026-01-01T00:00:00Z"), score: 90 },
      { name: "ny.se", updatedAt: new Date("2026-03-01T00:00:00Z"), score: 10 },
      { name: "mellan.nu", updatedAt: new Date("2026-02-01T00:00:00Z"), score: 50 },
      { name: "snart.se", status: "soonavailable" },
      { name: "premie.se", status: "premium" },
    ]);
    expect(names(await findAvailable(db))).toEqual(["ny.se", "mellan.nu", "gammal.se"]);
    expect(names(await findAvailable(db, { sort: "score-desc" }))).toEqual(["gammal.se", "mellan.nu", "ny.se"]);
    expect(names(await findAvailable(db, { sort: "name-asc" }))).toEqual(["gammal.se", "mellan.nu", "ny.se"]);
    expect(names(await findAvailable(db, { sort: "name-desc" }))).toEqual(["ny.se", "mellan.nu", "gammal.se"]);
    expect(await countAvailable(db)).toBe(3);
  });

  it("pages without overlap when every row changed at the same moment", async () => {
    const { db } = handle();
    await createDomains(db, 5, { updatedAt: new Date("2026-01-01T00:00:00Z") });
    const pages = await walkListPages((after) => findAvailable(db, { after, pageSize: 2 }));
    expect(pages.map((page) => [page.domains.length, page.nextCursor !== null])).toEqual([
      [2, true],
      [2, true],
      [1, false],
    ]);
    expect(new Set(pages.flatMap(names)).size).toBe(5);
  });
});

describeEachEngine("findPremium", ({ handle }) => {
  it("lists premium names by score with card data", async () => {
    const { db } = handle();
    await createDomains(db, [
      { name: "lag.se", status: "premium", score: 40, price: 5000 },
      { name: "hog.nu", status: "premium", score: 95, price: null },
      { name: "utvald.se", status: "available", isFeatured: true, score: 99 },
    ]);
    const page = await findPremium(db);
    expect(names(page)).toEqual(["hog.nu", "lag.se"]);
    expect(page.domains[1]).toEqual({
      name: "lag.se",
      unicodeName: "lag.se",
      tld: ".se",
      status: "premium",
      isFeatured: true,
      score: 40,
      length: 3,
      price: 5000,
      releaseDate: null,
      catchRisk: null,
      // Read with the page (decision 0089); no zone snapshot here, so neither is known.
      family: { siblingRegistered: null, twinRegistered: null },
    });
    const pages = await walkListPages((after) => findPremium(db, { after, pageSize: 1 }));
    expect(pages.map(names)).toEqual([["hog.nu"], ["lag.se"]]);
  });
});

describeEachEngine("findRandomAvailable", ({ handle }) => {
  it("reads 8 names after the random point and wraps around to the start", async () => {
    const { db } = handle();
    await createDomains(
      db,
      Array.from({ length: 10 }, (_, index) => ({ name: `slump${index + 1}.se`, randomKey: (index + 1) / 10 })),
    );
    await createDomain(db, { name: "inte-ledig.se", status: "soonavailable", randomKey: 0.96 });
    expect(names(await findRandomAvailable(db, { random: () => 0.25 }))).toEqual([3, 4, 5, 6, 7, 8, 9, 10].map((n) => `slump${n}.se`));
    expect(names(await findRandomAvailable(db, { random: () => 0.95 }))).toEqual([10, 1, 2, 3, 4, 5, 6, 7].map((n) => `slump${n}.se`));
  });

  it("returns every available name once when there are fewer than asked for", async () => {
    const { db } = handle();
    await createDomains(db, 3);
    await createDomain(db, { status: "registered" });
    const picked = await findRandomAvailable(db);
    expect(picked).toHaveLength(3);
    expect(new Set(names(picked)).size).toBe(3);
    expect(picked.every((domain) => domain.status === "available")).toBe(true);
  });

  it("returns nothing from an empty table", async () => {
    expect(await findRandomAvailable(handle().db)).toEqual([]);
  });
});
