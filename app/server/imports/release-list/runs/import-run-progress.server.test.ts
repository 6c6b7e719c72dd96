import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createTestDatabase, postgresAvailable } from "~tests/setup/test-db";
import { createImportRun, createProgressReporter } from "./import-run-record.server";

const NOW = new Date("2026-11-25T12:00:00Z");

// The counts go to the run's row on a second connection of the pool: PostgreSQL only (PGlite keeps them in this process).
describe.skipIf(!postgresAvailable())("an import's progress on its run's row [postgres]", () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase("postgres");
  });
  afterEach(async () => {
    await handle.close();
  });

  const processedOf = async (runId: number) =>
    (await handle.query<{ processed: number }>("select processed from import_runs where id = $1", [runId]))[0].processed;

  it("writes each count after the one before, and the last one stays", async () => {
    const runId = await createImportRun(handle, { trigger: "cli", source: "list.json" }, NOW);
    const progress = createProgressReporter(handle, runId);
    // Reported without waiting, as fast as a loop can: a later count must never be overwritten by an earlier one.
    const reports = Array.from({ length: 50 }, (_, index) => progress.report((index + 1) * 10, 500));
    await Promise.all(reports);
    await progress.settle();
    expect(await processedOf(runId)).toBe(500);
  });

  it("returns before its own count is written, once the count before it is", async () => {
    const runId = await createImportRun(handle, { trigger: "cli", source: "list.json" }, NOW);
    const progress = createProgressReporter(handle, runId);
    // Another session holds the run's row: the count cannot be written until it lets go.
    const holder = await handle.pool!.connect();
    try {
      await holder.query("begin");
      await holder.query("select 1 from import_runs where id = $1 for update", [runId]);
      await progress.report(10, 30);
      expect(await processedOf(runId)).toBe(0);
      await holder.query("commit");
      await progress.settle();
      expect(await processedOf(runId)).toBe(10);
    } finally {
      holder.release();
    }
  });

  it("fails the next report when a count could not be written", async () => {
    const runId = await createImportRun(handle, { trigger: "cli", source: "list.json" }, NOW);
    const progress = createProgressReporter(handle, runId);
    await handle.query("alter table import_runs rename column processed to processed_elsewhere");
    await progress.report(10, 30);
    await expect(progress.report(20, 30)).rejects.toThrow(/processed/);
    await expect(progress.settle()).rejects.toThrow(/processed/);
  });
});
