// Known figures for /statistik's tables (the e2e server's demo computed its own; these replace them),
// shared by statistics.spec.ts and statistics-taken-by.spec.ts so that whichever runs first leaves
// the page as the other expects it (the page's figures are cached for a while).
import type pg from "pg";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { withServerDb } from "./server-db";

async function insertRows(client: pg.Client, table: string, columns: string[], rows: unknown[][]) {
  const values = rows.map((row, rowIndex) => `(${row.map((_, index) => `$${rowIndex * columns.length + index + 1}`).join(", ")})`);
  await client.query(`insert into ${table} (${columns.join(", ")}) values ${values.join(", ")}`, rows.flat());
}

/** Released names for the past 90 days, scheduled ones for the next 60, catches, a renewal curve and today's list. */
export async function seedStatistics() {
  const today = todayUtc(new Date());
  await withServerDb(async (client) => {
    for (const table of [
      "stats_release_days",
      "stats_catches",
      "stats_renewal_curve",
      "stats_current_list",
      "stats_release_minutes",
      "stats_catch_durations",
      "stats_taken_by",
      "stats_taken_by_groups",
      "stats_computations",
    ]) {
      await client.query(`delete from ${table}`);
    }
    const days = Array.from({ length: 150 }, (_, index) => index - 90).filter((offset) => offset !== 0);
    await insertRows(
      client,
      "stats_release_days",
      ["day", "tld", "names", "scheduled"],
      days.flatMap((offset) => [
        [addDays(today, offset), ".se", 800 + ((offset * 37) % 300), offset > 0],
        [addDays(today, offset), ".nu", 40 + ((offset * 11) % 30), offset > 0],
      ]),
    );
    const pastDays = days.filter((offset) => offset < 0 && offset > -60);
    await insertRows(
      client,
      "stats_catches",
      ["release_date", "length_group", "char_group", "state", "by_next_check", "names"],
      pastDays.flatMap((offset) => {
        const day = addDays(today, offset);
        return [
          [day, "4", "letters", "1h", false, 30],
          [day, "5", "letters", "1d", false, 60],
          [day, "5", "letters", "1d", true, 25],
          [day, "6-8", "digits", "7d", true, 20],
          [day, "9+", "hyphen", "later", false, 10],
          [day, "6-8", "idn", "free", false, offset > -10 ? 600 : 400],
          [day, "9+", "letters", "unchecked", false, offset > -3 ? 200 : 0],
        ];
      }),
    );
    await insertRows(
      client,
      "stats_renewal_curve",
      ["days_left", "on_list", "renewed"],
      Array.from({ length: 61 }, (_, daysLeft) => [daysLeft, daysLeft > 45 ? 0 : 5000 - daysLeft * 20, Math.round((45 - daysLeft) * 12)]),
    );
    await insertRows(client, "stats_current_list", ["grouping", "group_key", "names"], [
      ["tld", ".se", 24000],
      ["tld", ".nu", 1500],
      ["length", "1-3", 300],
      ["length", "4", 1200],
      ["length", "5", 3000],
      ["length", "6-8", 11000],
      ["length", "9+", 10000],
      ["chars", "letters", 20000],
      ["chars", "digits", 2500],
      ["chars", "hyphen", 2000],
      ["chars", "idn", 1000],
      ["score", "Utmärkt", 500],
      ["score", "Bra", 4000],
      ["score", "Mindre bra", 21000],
    ]);
    // Two measured release mornings: names first seen free through the morning, and how soon some were taken.
    for (const offset of [-5, -4]) {
      await client.query(
        `insert into release_mornings (release_date, started_at, rounds) values ($1, $2, 40)
         on conflict (release_date) do update set rounds = 40`,
        [addDays(today, offset), `${addDays(today, offset)}T04:00:00Z`],
      );
    }
    await insertRows(
      client,
      "stats_release_minutes",
      ["minute", "length_group", "char_group", "tld", "names"],
      Array.from({ length: 30 }, (_, index) => [index * 10, index % 2 === 0 ? "5" : "6-8", "letters", index % 3 === 0 ? ".nu" : ".se", 40 - index]),
    );
    await insertRows(client, "stats_catch_durations", ["grouping", "group_key", "names", "p25_seconds", "p50_seconds", "p75_seconds"], [
      ["all", "", 312, 120, 270, 660],
      ["length", "5", 200, 90, 210, 540],
      ["chars", "letters", 312, 120, 270, 660],
    ]);
    await seedTakenBy(client);
    const parts = ["release-days", "catches", "renewal-curve", "current-list", "mornings", "taken-by"];
    await insertRows(client, "stats_computations", ["part", "computed_at"], parts.map((part) => [part, new Date()]));
  });
}

/**
 * "Vem tar de släppta namnen?": 1,000 released and 350 taken again in 30 days (Loopia 180, Sedo 120,
 * one.com 40, example.se's name servers 10), three times as many in 90 days.
 */
async function seedTakenBy(client: pg.Client) {
  const counts: [string, string, boolean, string, string, number][] = [
    ["Loopia", "registrar_host", true, "5", "letters", 120],
    ["Loopia", "registrar_host", true, "6-8", "letters", 60],
    ["Sedo", "parking", true, "4", "digits", 90],
    ["Sedo", "parking", true, "5", "letters", 30],
    ["one.com", "registrar_host", true, "6-8", "hyphen", 40],
    ["example.se", "other", false, "9+", "idn", 10],
  ];
  const groups: [string, string, number | null, number, number | null][] = [
    ["operator", "registrar_host:1:Loopia", null, 180, 3600],
    ["operator", "parking:1:Sedo", null, 120, 1800],
    ["operator", "registrar_host:1:one.com", null, 40, 86400],
    ["operator", "other:0:example.se", null, 10, 172800],
    ["length", "1-3", 50, 0, null],
    ["length", "4", 200, 90, 1800],
    ["length", "5", 300, 150, 3600],
    ["length", "6-8", 300, 100, 7200],
    ["length", "9+", 150, 10, 172800],
    ["chars", "letters", 600, 210, 3600],
    ["chars", "digits", 200, 90, 1800],
    ["chars", "hyphen", 100, 40, 86400],
    ["chars", "idn", 100, 10, 172800],
  ];
  for (const [days, times] of [
    [30, 1],
    [90, 3],
  ]) {
    await insertRows(
      client,
      "stats_taken_by",
      ["window_days", "operator", "kind", "known", "length_group", "char_group", "names"],
      counts.map(([operator, kind, known, length, chars, names]) => [days, operator, kind, known, length, chars, names * times]),
    );
    await insertRows(
      client,
      "stats_taken_by_groups",
      ["window_days", "grouping", "group_key", "released", "taken", "median_seconds"],
      [
        [days, "all", "", 1000 * times, 350 * times, times === 1 ? 7200 : 9000],
        ...groups.map(([grouping, key, released, taken, median]) => [days, grouping, key, released === null ? null : released * times, taken * times, median]),
      ],
    );
  }
}
