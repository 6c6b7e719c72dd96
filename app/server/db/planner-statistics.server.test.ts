import { expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
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
