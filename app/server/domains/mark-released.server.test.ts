import { expect, it } from "vitest";
import { withTransaction } from "~/server/db/with-transaction.server";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { lastReleasedDate } from "~/domain/release-instant";
import { markReleasedNamesAvailable } from "./mark-released.server";

describeEachEngine("markReleasedNamesAvailable", ({ handle, engine }) => {
  const statuses = async () =>
    Object.fromEntries(
      (await handle().query<{ name: string; status: string }>("select name, status from domains order by name")).map((row) => [
        row.name,
        row.status,
      ]),
    );

  const seed = () =>
    createDomains(handle().db, [
      { name: "igar.se", status: "soonavailable", releaseDate: "2030-05-09" },
      { name: "idag.se", status: "soonavailable", releaseDate: "2030-05-10" },
      { name: "imorgon.se", status: "soonavailable", releaseDate: "2030-05-11" },
      { name: "premium.se", status: "premium", releaseDate: "2030-05-01" },
      { name: "redan-ledig.se", status: "available", releaseDate: "2030-05-01" },
    ]);

  it("leaves today's names alone at 03:59 UTC", async () => {
    await seed();
    expect(await markReleasedNamesAvailable(handle(), { now: new Date("2030-05-10T03:59:59.999Z") })).toEqual({ updatedCount: 1 });
    expect(await statuses()).toMatchObject({ "igar.se": "available", "idag.se": "soonavailable", "imorgon.se": "soonavailable" });
  });

  it("releases today's names from 04:00 UTC, with an event each, and is harmless to run again", async () => {
    await seed();
    const now = new Date("2030-05-10T04:01:00Z");
    expect(await markReleasedNamesAvailable(handle(), { now })).toEqual({ updatedCount: 2 });
    expect(await statuses()).toEqual({
      "idag.se": "available",
      "igar.se": "available",
      "imorgon.se": "soonavailable",
      "premium.se": "premium",
      "redan-ledig.se": "available",
    });
    const events = await handle().query("select domain_name, type, from_status, to_status, source from domain_events order by domain_name");
    expect(events).toEqual([
      { domain_name: "idag.se", type: "released", from_status: "soonavailable", to_status: "available", source: "job:release-update" },
      { domain_name: "igar.se", type: "released", from_status: "soonavailable", to_status: "available", source: "job:release-update" },
    ]);
    expect(await markReleasedNamesAvailable(handle(), { now })).toEqual({ updatedCount: 0 });
  });

  it("changes each name once when several processes run it at the same time: one event per name", async () => {
    const names = Array.from({ length: 300 }, (_, index) => ({
      name: `samtidig-${index}.se`,
      status: "soonavailable" as const,
      releaseDate: "2030-05-10",
    }));
    await createDomains(handle().db, names);
    const now = new Date("2030-05-10T04:00:01Z");
    const runs = await Promise.all(
      [1, 2, 3, 4].map(() => markReleasedNamesAvailable(handle(), { now, source: "web:release-before-reading" })),
    );
    expect(runs.reduce((sum, run) => sum + run.updatedCount, 0)).toBe(300);
    const [{ events, names: distinct }] = await handle().query<{ events: number; names: number }>(
      "select count(*)::int as events, count(distinct domain_name)::int as names from domain_events where type = 'released'",
    );
    expect({ events, distinct }).toEqual({ events: 300, distinct: 300 });
  });

  // PGlite is one connection: its statements never overlap, so there is no lock to wait on.
  if (engine === "postgres")
    it("a run that waits on another's row locks finds the names released and writes no event", async () => {
      await seed();
      const now = new Date("2030-05-10T04:00:01Z");
      let second: Promise<{ updatedCount: number }> | undefined;
      let sawSecondWaiting = false;
      const first = await withTransaction(handle(), async (query) => {
        // The first run's rows stay locked and uncommitted while the second starts and waits on them.
        const result = await markReleasedNamesAvailable({ ...handle(), query }, { now });
        second = markReleasedNamesAvailable(handle(), { now });
        for (let tries = 0; tries < 400 && !sawSecondWaiting; tries++) {
          const [{ waiting }] = await handle().query<{ waiting: number }>(
            "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          );
          sawSecondWaiting = waiting > 0;
          if (!sawSecondWaiting) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return result;
      });
      expect(sawSecondWaiting).toBe(true);
      expect(first).toEqual({ updatedCount: 2 });
      expect(await second).toEqual({ updatedCount: 0 });
      expect(await handle().query("select count(*)::int as n from domain_events where type = 'released'")).toEqual([{ n: 2 }]);
    });

  it("starts the availability checks of a released name over", async () => {
    await createDomains(handle().db, [
      {
        name: "atersläppt.se",
        status: "soonavailable",
        releaseDate: "2030-05-10",
        lastCheckedAt: new Date("2029-01-01T00:00:00Z"),
        nextCheckAt: new Date("2029-01-08T00:00:00Z"),
        takenAt: new Date("2028-01-01T00:00:00Z"),
      },
    ]);
    await markReleasedNamesAvailable(handle(), { now: new Date("2030-05-10T06:00:00Z") });
    const [row] = await handle().query("select last_checked_at, next_check_at, taken_at from domains");
    expect(row).toEqual({ last_checked_at: null, next_check_at: null, taken_at: null });
  });
});

it.each([
  ["2030-05-10T03:59:59.999Z", "2030-05-09"],
  ["2030-05-10T04:00:00.000Z", "2030-05-10"],
  ["2030-05-10T23:59:59.000Z", "2030-05-10"],
  ["2030-01-01T00:00:00.000Z", "2029-12-31"],
])("lastReleasedDate(%s) = %s", (now, expected) => {
  expect(lastReleasedDate(new Date(now))).toBe(expected);
});
