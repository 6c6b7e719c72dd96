import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/env.server";
import { freshDatabaseEachTest } from "~tests/setup/test-db";
import { freePort } from "~support/nsd-server";
import { zoneSyncJob } from "./zone-sync.job.server";

const NOW = new Date("2030-05-01T06:00:00Z");

describe("the zone-sync job", () => {
  const handle = freshDatabaseEachTest("pglite");
  afterEach(() => {
    for (const name of ["SEED_DEMO", "ZONE_TLDS", "ZONE_SERVER"]) delete process.env[name];
    resetEnvForTests();
  });
  const run = (payload: Parameters<typeof zoneSyncJob.handler>[1], trigger = "cli") =>
    zoneSyncJob.handler({ handle: handle(), now: NOW, trigger }, payload);

  it("reads no zone while the demo data is on", async () => {
    process.env.SEED_DEMO = "true";
    resetEnvForTests();
    expect(await run({})).toEqual({ results: [], notDue: [] });
  });

  it("syncs the TLDs of ZONE_TLDS, tallies a failed one, and leaves it on the schedule until its backoff has passed", async () => {
    // A free port refuses: the sync fails at once.
    Object.assign(process.env, { SEED_DEMO: "false", ZONE_TLDS: "se", ZONE_SERVER: `127.0.0.1:${await freePort()}` });
    resetEnvForTests();
    const result = await run({});
    expect(result.results).toEqual([
      expect.objectContaining({ tld: "se", state: "failed", message: expect.stringMatching(/refused the connection/) }),
    ]);
    expect(zoneSyncJob.tally!(result)).toEqual({ succeeded: 0, failed: 1 });
    // On the schedule, .se is not due again until its backoff has passed.
    expect(await run({}, "schedule")).toEqual({ results: [], notDue: ["se"] });
  });
});
