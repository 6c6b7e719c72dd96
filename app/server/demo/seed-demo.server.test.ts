import { expect, it } from "vitest";
import { nameSearchKeys } from "~/domain/search-keys";
import { wordClassOf } from "~/domain/swedish-words";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { describeEachEngine } from "~tests/setup/test-db";
import { openMemoryDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { seedDemo, seedDemoIfEmpty } from "./seed-demo.server";

const NOW = new Date("2026-11-25T12:00:00Z");

describeEachEngine("demo data", ({ handle }) => {
  it("fills an empty database with names of every status and both TLDs, keys and word classes computed as the import does", async () => {
    expect(await seedDemoIfEmpty(handle(), { size: 300, now: NOW })).toBe(300);

    const kinds = await handle().query<{ status: string; tld: string }>("select distinct status, tld from domains order by 1, 2");
    expect(new Set(kinds.map((kind) => kind.tld))).toEqual(new Set([".nu", ".se"]));
    expect(new Set(kinds.map((kind) => kind.status))).toEqual(
      new Set(["available", "premium", "registered", "renewed", "soonavailable", "unlisted"]),
    );
    const rows = await handle().query<{ name: string; unicode_name: string; length: number; search_keys: number[]; word_class: number }>(
      "select name, unicode_name, length, search_keys, word_class from domains order by name limit 20",
    );
    for (const row of rows) {
      expect(row.search_keys).toEqual(nameSearchKeys(row.unicode_name, row.name, row.length));
      expect(row.word_class).toBe(wordClassOf(row.unicode_name, loadSwedishWordIndex()));
    }
    const [{ unknown }] = await handle().query<{ unknown: number }>("select count(*)::int as unknown from domains where word_class is null");
    expect(unknown).toBe(0);
  });

  it("leaves a database that holds names alone", async () => {
    await seedDemo(handle(), { size: 10, now: NOW });
    expect(await seedDemoIfEmpty(handle(), { size: 300, now: NOW })).toBe(0);
    const [{ count }] = await handle().query<{ count: number }>("select count(*)::int as count from domains");
    expect(count).toBe(10);
  });
});

// A data folder migrated by this very process, as `npm start` opens a new one: PGlite learned its
// array types before the migrations created the enums.
it("fills a database that this process has just created and migrated", async () => {
  const fresh = await openMemoryDatabase();
  try {
    await migrateDatabase(fresh);
    expect(await seedDemoIfEmpty(fresh, { size: 50, now: NOW })).toBe(50);
    const [{ count }] = await fresh.query<{ count: number }>("select count(distinct tld)::int as count from domains");
    expect(count).toBe(2);
  } finally {
    await fresh.close();
  }
});
