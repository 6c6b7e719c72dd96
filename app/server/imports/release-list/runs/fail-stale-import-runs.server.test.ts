import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { failStaleImportRuns, STALE_IMPORT_MESSAGE } from "./fail-stale-import-runs.server";
import { listImportRuns } from "./list-import-runs.server";
import { beginLiveImport } from "./import-run-record.server";

const NOW = new Date("2030-05-10T12:00:00Z");

describeEachEngine("failStaleImportRuns", ({ handle }) => {
  const insertRun = async (startedAt: string) => {
    const [row] = await handle().query<{ id: number }>(
      "insert into import_runs (source, trigger, state, started_at) values ('x', 'schedule', 'running', $1) returning id",
      [startedAt],
    );
    return row.id;
  };

  it("closes runs a crashed process left 'running', but not one still going here", async () => {
    const old = await insertRun("2030-05-10T02:00:00Z");
    const recent = await insertRun("2030-05-10T11:30:00Z");
    const oldButAlive = await insertRun("2030-05-10T01:00:00Z");
    const endLive = beginLiveImport(oldButAlive);
    try {
      expect(await failStaleImportRuns(handle(), { now: NOW })).toBe(1);
      const states = Object.fromEntries((await listImportRuns(handle().db)).map((run) => [run.id, [run.state, run.errorMessage]]));
      expect(states).toEqual({
        [old]: ["failed", STALE_IMPORT_MESSAGE],
        [recent]: ["running", null],
        [oldButAlive]: ["running", null],
      });
      // At the start of the embedded database's only process, whatever is still running is left over.
      expect(await failStaleImportRuns(handle(), { now: NOW, allRunning: true })).toBe(1);
    } finally {
      endLive();
    }
  });

  it("lists runs newest first, a page at a time", async () => {
    const ids = [];
    for (let index = 0; index < 5; index++) ids.push(await insertRun("2030-05-10T11:00:00Z"));
    const first = await listImportRuns(handle().db, { limit: 2 });
    expect(first.map((run) => run.id)).toEqual([ids[4], ids[3]]);
    const next = await listImportRuns(handle().db, { limit: 2, before: first[1].id });
    expect(next.map((run) => run.id)).toEqual([ids[2], ids[1]]);
  });
});
