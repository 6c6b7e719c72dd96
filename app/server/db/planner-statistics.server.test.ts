import { describe, expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine, freshDatabaseEachTest } from "~tests/setup/test-db";
import { analyzeIfNeverAnalyzed, refreshPlannerStatistics } from "./planner-statistics.server";

describeEachEngine("the planner's statistics", ({ handle, engine }) => {
  const estimatedNames = async () =>
    Number((await handle().query<{ reltuples: number }>("select reltuples from pg_class where oid = 'domains'::regclass"))[0].reltuples);

  it("are gathered once for a database that never had them, and after a large write where nothing else gathers them", async () => {
    await createDomains(handle().db, 120, { status: "soonavailable" });
    expect(await estimatedNames()).toBeLessThan(0);
    expect(await analyzeIfNeverAnalyzed(handle())).toBe(true);
    expect(await estimatedNames()).toBe(120);
    expect(await analyzeIfNeverAnalyzed(handle())).toBe(false);

    await createDomains(handle().db, 80, { status: "available" });
    await refreshPlannerStatistics(handle());
    // The embedded database has no autovacuum: the write is analyzed here. On PostgreSQL the autovacuum does it, in its own time.
    if (engine === "pglite") expect(await estimatedNames()).toBe(200);
  });
});

// PostgreSQL's autovacuum does this in its own time; the embedded database has none.
describe("the embedded database's upkeep", () => {
  const embedded = freshDatabaseEachTest("pglite");

  it("merges the search keys' pending list and marks the rows visible after a large write", async () => {
    await createDomains(embedded().db, 200, { status: "soonavailable" });
    await embedded().query("analyze domains");
    // Analyzed but never vacuumed, as embedded databases written before this upkeep were: done once at start.
    expect(await analyzeIfNeverAnalyzed(embedded())).toBe(true);
    expect(await analyzeIfNeverAnalyzed(embedded())).toBe(false);

    await createDomains(embedded().db, 100, { status: "available" });
    await refreshPlannerStatistics(embedded());
    const [pending] = await embedded().query<{ pages: number }>("select gin_clean_pending_list('domains_search_keys_idx'::regclass) as pages");
    expect(pending.pages).toBe(0);
    const [visible] = await embedded().query<{ all: boolean }>(
      "select relallvisible = relpages as all from pg_class where oid = 'domains'::regclass",
    );
    expect(visible.all).toBe(true);
  });
});
