import { describe, expect, it } from "vitest";
import { refreshPlannerStatistics } from "~/server/db/planner-statistics.server";
import { insertDomain } from "~tests/factories/domain-detail";
import { describeEachEngine, freshDatabaseEachTest } from "~tests/setup/test-db";
import { findSimilarDomains, similarDomainsQuery } from "./detail.server";

describeEachEngine("findSimilarDomains", ({ handle }) => {
  it("finds the closest names by trigram similarity, the name itself excluded", async () => {
    const { db } = handle();
    for (const name of ["hundar.se", "hund.nu", "hundbur.se", "katt.se", "bil.se"]) await insertDomain(db, name);
    await insertDomain(db, "hund.se");

    const similar = await findSimilarDomains(db, { ace: "hund.se", label: "hund", tld: ".se" });

    const names = similar.map((domain) => domain.unicodeName);
    expect(names).not.toContain("hund.se");
    expect(names).not.toContain("katt.se");
    expect(names).not.toContain("bil.se");
    // "hund.nu" shares every trigram of the label, so it is closest.
    expect(names[0]).toBe("hund.nu");
    expect(names).toEqual(expect.arrayContaining(["hundar.se", "hundbur.se"]));
    expect(similar[0]).toMatchObject({ name: "hund.nu", tld: ".nu", status: "soonavailable", length: 4 });
  });

  it("compares the readable form, so names with å, ä and ö match", async () => {
    const { db } = handle();
    await insertDomain(db, "räksmörgåsar.se");
    const similar = await findSimilarDomains(db, { ace: "xn--rksmrgs-5wao1o.se", label: "räksmörgås", tld: ".se" });
    expect(similar.map((domain) => domain.unicodeName)).toEqual(["räksmörgåsar.se"]);
  });

  it("returns at most 8 and leaves out names a visitor cannot get", async () => {
    const { db } = handle();
    for (let i = 0; i < 12; i++) await insertDomain(db, `kaffe${i}.se`);
    await insertDomain(db, "kaffe.nu", { status: "registered" });
    await insertDomain(db, "kaffebar.nu", { status: "unlisted" });
    await insertDomain(db, "kaffekopp.nu", { status: "renewed" });

    const similar = await findSimilarDomains(db, { ace: "kaffe.se", label: "kaffe", tld: ".se" }, 50);

    expect(similar).toHaveLength(8);
    expect(similar.every((domain) => ["soonavailable", "available", "premium"].includes(domain.status))).toBe(true);
  });

  it("returns nothing when nothing is close", async () => {
    const { db } = handle();
    await insertDomain(db, "katt.se");
    expect(await findSimilarDomains(db, { ace: "xyz.se", label: "xyz", tld: ".se" })).toEqual([]);
  });
});

describe("findSimilarDomains' plan on the embedded database", () => {
  const embedded = freshDatabaseEachTest("pglite");

  const planOf = async () => {
    const query = similarDomainsQuery(embedded().db, { ace: "bilxyz.se", label: "bilxyz", tld: ".se" }).toSQL();
    return (await embedded().query<{ "QUERY PLAN": string }>(`explain ${query.sql}`, query.params as unknown[]))
      .map((row) => row["QUERY PLAN"])
      .join("\n");
  };

  it("reads candidates through the search keys' index once the upkeep after a large write has run", async () => {
    // New names' keys wait in the GIN index's pending list until a vacuum merges them. The embedded
    // database has no autovacuum: with a full list the index looked dearer than reading the whole
    // table for each of the label's lookups, and a page's similar names took seconds.
    await embedded().query(
      `insert into domains (name, unicode_name, tld, status, length, description)
       select 'bil' || i || '.se', 'bil' || i || '.se', '.se', 'soonavailable', char_length('bil' || i), repeat('x', 200)
         from generate_series(1, 30000) i`,
    );
    await embedded().query("analyze domains");
    expect(await planOf()).toMatch(/Seq Scan on domains/);

    await refreshPlannerStatistics(embedded());
    const plan = await planOf();
    expect(plan).toMatch(/domains_search_keys_idx/);
    expect(plan).not.toMatch(/Seq Scan on domains/);
  });
});
