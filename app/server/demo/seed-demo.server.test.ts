import { expect, it } from "vitest";
import { addDays } from "~/domain/utc-dates";
import { lastReleasedDate } from "~/domain/release-instant";
import { nameSearchKeys } from "~/domain/search-keys";
import { wordClassOf } from "~/domain/swedish-words";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { describeEachEngine } from "~tests/setup/test-db";
import { openMemoryDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { loadStatistics } from "~/server/statistics/load-statistics.server";
import { DEMO_HISTORY_DAYS } from "./demo-release-history.server";
import { generateDemoDomains } from "./generate-demo-domains.server";
import { seedDemo, seedDemoIfEmpty } from "./seed-demo.server";

const NOW = new Date("2026-11-25T12:00:00Z");
const TODAY = "2026-11-25";
/** The size `npm start` seeds (SEED_DEMO_SIZE's default). */
const DEFAULT_SIZE = 3000;

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
    const [{ unknown }] = await handle().query<{ unknown: number }>(
      "select count(*)::int as unknown from domains where word_class is null",
    );
    expect(unknown).toBe(0);
  });

  it("gives every listed name one release, its history agreeing with its row in domains", async () => {
    await seedDemo(handle(), { size: DEFAULT_SIZE, now: NOW });

    // Each status's columns, as the mark-released step and the availability check leave them, against the history.
    const [mismatches] = await handle().query<Record<string, number>>(
      `select count(*) filter (where d.name is null)::int as without_name,
              count(*) filter (where d.release_date is distinct from o.release_date or d.tld <> o.tld or d.length <> o.length or d.name_chars <> o.name_chars)::int as other_name,
              count(*) filter (where o.renewed_on is not null and (d.status <> 'renewed' or o.released_at is not null))::int as renewed,
              count(*) filter (where o.renewed_on is null and o.released_at is null and d.status <> 'soonavailable')::int as soon,
              count(*) filter (where o.taken_at is not null and (d.status <> 'registered' or d.taken_at <> o.taken_at or d.last_checked_at <> o.taken_at
                                                                 or d.registration_date <> (o.taken_at at time zone 'UTC')::date))::int as registered,
              count(*) filter (where o.released_at is not null and o.taken_at is null and (d.status <> 'available' or d.taken_at is not null
                                                                 or d.last_checked_at is distinct from o.last_free_at))::int as available,
              count(*) filter (where o.listed_on < o.release_date - 60 or o.listed_on > o.release_date - 30 or o.listed_on > $1::date
                                  or (d.created_at at time zone 'UTC')::date <> o.listed_on)::int as listed,
              count(*) filter (where o.released_at is not null and (o.released_at <> (o.release_date + time '04:00') at time zone 'UTC' or o.release_date > $1::date))::int as released,
              count(*) filter (where o.first_free_at < o.released_at or o.last_free_at < o.first_free_at or o.taken_at <= o.last_free_at or o.taken_at > $2
                                  or o.last_free_at > $2 or (o.first_free_at is null) <> (o.last_free_at is null))::int as answers
         from release_outcomes o left join domains d on d.name = o.domain_name`,
      [TODAY, NOW],
    );
    expect(mismatches).toEqual({
      without_name: 0,
      other_name: 0,
      renewed: 0,
      soon: 0,
      registered: 0,
      available: 0,
      listed: 0,
      released: 0,
      answers: 0,
    });
    const [{ without_release }] = await handle().query<{ without_release: number }>(
      `select count(*)::int as without_release from domains d
        where d.status in ('soonavailable', 'available', 'registered', 'renewed')
          and not exists (select 1 from release_outcomes o where o.domain_name = d.name)`,
    );
    expect(without_release).toBe(0);

    // Released on every one of the past 120 days; renewed now and then, never in the week the registry has deleted the name.
    const [history] = await handle().query<{
      released_days: number;
      first_day: string;
      released: number;
      renewed: number;
      latest_renewal_left: number;
    }>(
      `select count(distinct release_date) filter (where released_at is not null)::int as released_days, min(release_date)::text as first_day,
              count(*) filter (where released_at is not null)::int as released, count(renewed_on)::int as renewed,
              min(release_date - renewed_on)::int as latest_renewal_left
         from release_outcomes`,
    );
    expect(history.first_day).toBe(addDays(TODAY, -DEMO_HISTORY_DAYS));
    expect(history.released_days).toBe(DEMO_HISTORY_DAYS + 1);
    expect(history.latest_renewal_left).toBeGreaterThan(7);
    const renewedShare = history.renewed / (history.renewed + history.released);
    expect(renewedShare).toBeGreaterThan(0.1);
    expect(renewedShare).toBeLessThan(0.25);
  });

  it("fills every chart of /statistik at the default size", async () => {
    await seedDemo(handle(), { size: DEFAULT_SIZE, now: NOW });
    const view = await loadStatistics(handle(), NOW);

    expect(view.computedAt).toBe(NOW.toISOString());
    const pastDays = view.releaseDays.filter((day) => day.day <= lastReleasedDate(NOW));
    expect(pastDays.every((day) => day.se + day.nu > 0)).toBe(true);
    const total = (tld: "se" | "nu") => pastDays.reduce((sum, day) => sum + day[tld], 0);
    expect(total("se")).toBeGreaterThan(total("nu"));
    expect(view.releaseDays.filter((day) => day.scheduled && day.se + day.nu > 0).length).toBeGreaterThan(30);

    const states = (key: "1h" | "1d" | "7d" | "30d" | "free") => view.catchByDay.reduce((sum, day) => sum + day.states[key], 0);
    for (const key of ["1h", "1d", "7d", "30d", "free"] as const) expect(states(key), key).toBeGreaterThan(0);
    expect(view.catchByDay.reduce((sum, day) => sum + day.byNextCheck["1d"], 0)).toBeGreaterThan(0);
    // Short names are caught sooner than long ones.
    const caughtWithinADay = (key: string) => {
      const group = view.catchByLength.find((entry) => entry.key === key)!;
      return (group.states["1h"] + group.states["1d"]) / group.released;
    };
    expect(caughtWithinADay("1-3")).toBeGreaterThan(caughtWithinADay("9+"));

    const point = (daysLeft: number) => view.renewalCurve.find((entry) => entry.daysLeft === daysLeft)!;
    for (let daysLeft = 0; daysLeft <= 14; daysLeft++) expect(point(daysLeft).onList).toBeGreaterThanOrEqual(100);
    expect(point(7).renewed).toBe(0);
    expect(point(30).renewed).toBeGreaterThan(0);

    const [{ soon }] = await handle().query<{ soon: number }>(
      "select count(*)::int as soon from domains where status = 'soonavailable' and release_date > $1::date",
      [lastReleasedDate(NOW)],
    );
    expect(view.currentList.total).toBe(soon);
    expect(soon).toBeGreaterThan(0);
  });

  it("leaves a database that holds names alone", async () => {
    await seedDemo(handle(), { size: 10, now: NOW });
    expect(await seedDemoIfEmpty(handle(), { size: 300, now: NOW })).toBe(0);
    const [{ count }] = await handle().query<{ count: number }>("select count(*)::int as count from domains");
    expect(count).toBe(10);
  });
});

it("generates the same names and histories from the same seed and moment, others from another seed", () => {
  const generate = (seed: number) => [...generateDemoDomains({ size: 500, now: NOW, seed })].flat();
  expect(generate(7)).toEqual(generate(7));
  expect(generate(8).map((domain) => domain.name)).not.toEqual(generate(7).map((domain) => domain.name));
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
