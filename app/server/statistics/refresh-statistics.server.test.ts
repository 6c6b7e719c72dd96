import { expect, it } from "vitest";
import { NAME_CHAR_BITS, nameCharBits } from "~/domain/name-chars";
import { parseDomainName } from "~/domain/names";
import { addDays } from "~/domain/utc-dates";
import { seededRandom } from "~/domain/seeded-random";
import { charGroup, lengthGroup, placeCatch, releaseMomentMs } from "~/domain/statistics";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { loadStatistics } from "./load-statistics.server";
import { refreshStatistics } from "./refresh-statistics.server";

type Outcome = {
  name: string;
  releaseDate: string;
  listedOn: string;
  renewedOn?: string;
  released?: boolean;
  lastFreeAt?: string;
  takenAt?: string;
};

async function insertOutcomes(handle: DatabaseHandle, outcomes: Outcome[]) {
  for (const outcome of outcomes) {
    const parsed = parseDomainName(outcome.name);
    if (!parsed.ok) throw new Error(outcome.name);
    await handle.query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, renewed_on, released_at, last_free_at, taken_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        parsed.ace,
        outcome.releaseDate,
        parsed.tld,
        parsed.length,
        nameCharBits(parsed.unicode, parsed.ace),
        outcome.listedOn,
        outcome.renewedOn ?? null,
        outcome.released ? `${outcome.releaseDate}T04:00:00Z` : null,
        outcome.lastFreeAt ?? null,
        outcome.takenAt ?? null,
      ],
    );
  }
}

const NOW = new Date("2026-03-20T10:00:00Z");

/** A few releases with known histories; every figure below is counted by hand from them. */
const FIXTURE: Outcome[] = [
  // Seen free 20 minutes after 04:00, taken 50 minutes after: within an hour.
  { name: "abc.se", releaseDate: "2026-03-10", listedOn: "2026-02-10", released: true, lastFreeAt: "2026-03-10T04:20:00Z", takenAt: "2026-03-10T04:50:00Z" },
  // Never seen free, occupied at 09:00: within a day, and maybe sooner (seen at the next check).
  { name: "bil4.se", releaseDate: "2026-03-10", listedOn: "2026-03-01", released: true, takenAt: "2026-03-10T09:00:00Z" },
  // Free at 06:00, occupied 23 hours after the release: within a day, surely not within the hour.
  { name: "hej-du.nu", releaseDate: "2026-03-10", listedOn: "2026-03-01", released: true, lastFreeAt: "2026-03-10T06:00:00Z", takenAt: "2026-03-11T03:00:00Z" },
  { name: "räka.se", releaseDate: "2026-03-10", listedOn: "2026-03-01", released: true, lastFreeAt: "2026-03-15T00:00:00Z" },
  { name: "ostron.se", releaseDate: "2026-03-10", listedOn: "2026-03-01", released: true },
  // Renewed with 13 days left, listed with 37.
  { name: "kanel.se", releaseDate: "2026-03-10", listedOn: "2026-02-01", renewedOn: "2026-02-25" },
  // Free an hour after its release, occupied eight days later: within 30 days, seen at the next check.
  { name: "glass.se", releaseDate: "2026-03-12", listedOn: "2026-03-05", released: true, lastFreeAt: "2026-03-12T05:00:00Z", takenAt: "2026-03-20T05:00:00Z" },
  // Release day not passed: counts nowhere yet.
  { name: "senare.se", releaseDate: "2026-03-25", listedOn: "2026-03-01" },
];

describeEachEngine("refreshStatistics", ({ handle }) => {
  it("counts a hand-computed history exactly in every chart", async () => {
    await insertOutcomes(handle(), FIXTURE);
    await createDomains(handle().db, [
      { name: "senare.se", status: "soonavailable", releaseDate: "2026-03-25", score: 85 },
      { name: "snart.se", status: "soonavailable", releaseDate: "2026-03-25", score: 40 },
      { name: "nära-nu.nu", status: "soonavailable", releaseDate: "2026-03-25", score: 10 },
      // Released this morning (the mark-released step has not run): neither scheduled nor on today's list.
      { name: "idag.se", status: "soonavailable", releaseDate: "2026-03-20" },
    ]);
    await refreshStatistics(handle(), { now: NOW });
    const view = await loadStatistics(handle(), NOW);

    expect(view.computedAt).toBe(NOW.toISOString());
    expect(view.today).toBe("2026-03-20");
    const day = (date: string) => view.releaseDays.find((entry) => entry.day === date);
    expect(view.releaseDays).toHaveLength(151);
    expect(day("2026-03-10")).toEqual({ day: "2026-03-10", se: 4, nu: 1, scheduled: false });
    expect(day("2026-03-12")).toEqual({ day: "2026-03-12", se: 1, nu: 0, scheduled: false });
    expect(day("2026-03-20")).toEqual({ day: "2026-03-20", se: 0, nu: 0, scheduled: false });
    expect(day("2026-03-25")).toEqual({ day: "2026-03-25", se: 1 + 1, nu: 1, scheduled: true });
    expect(view.releaseDays.reduce((sum, entry) => sum + entry.se + entry.nu, 0)).toBe(5 + 1 + 3);

    const byDay = (date: string) => view.catchByDay.find((entry) => entry.day === date)!;
    expect(byDay("2026-03-10")).toMatchObject({
      released: 5,
      states: { "1h": 1, "1d": 2, "7d": 0, "30d": 0, later: 0, free: 1, unchecked: 1 },
      byNextCheck: { "1h": 0, "1d": 1, "7d": 0, "30d": 0, later: 0 },
    });
    expect(byDay("2026-03-12")).toMatchObject({ released: 1, states: { "30d": 1 }, byNextCheck: { "30d": 1 } });
    expect(byDay("2026-03-11").released).toBe(0);

    const byLength = Object.fromEntries(view.catchByLength.map((group) => [group.key, group]));
    expect(byLength["1-3"]).toMatchObject({ released: 1, states: { "1h": 1 } });
    expect(byLength["4"]).toMatchObject({ released: 2, states: { "1d": 1, free: 1 }, byNextCheck: { "1d": 1 } });
    expect(byLength["5"]).toMatchObject({ released: 1, states: { "30d": 1 } });
    expect(byLength["6-8"]).toMatchObject({ released: 2, states: { "1d": 1, unchecked: 1 }, byNextCheck: { "1d": 0 } });
    expect(byLength["9+"].released).toBe(0);
    const byChars = Object.fromEntries(view.catchByChars.map((group) => [group.key, group.released]));
    expect(byChars).toEqual({ letters: 3, digits: 1, hyphen: 1, idn: 1 });

    const curve = (daysLeft: number) => view.renewalCurve.find((point) => point.daysLeft === daysLeft);
    expect(view.renewalCurve).toHaveLength(61);
    expect(curve(0)).toEqual({ daysLeft: 0, onList: 6, renewed: 0 });
    expect(curve(7)).toEqual({ daysLeft: 7, onList: 6, renewed: 0 });
    expect(curve(9)).toEqual({ daysLeft: 9, onList: 5, renewed: 0 });
    expect(curve(10)).toEqual({ daysLeft: 10, onList: 1, renewed: 0 });
    expect(curve(13)).toEqual({ daysLeft: 13, onList: 1, renewed: 0 });
    expect(curve(14)).toEqual({ daysLeft: 14, onList: 2, renewed: 1 });
    expect(curve(28)).toEqual({ daysLeft: 28, onList: 2, renewed: 1 });
    expect(curve(29)).toEqual({ daysLeft: 29, onList: 1, renewed: 1 });
    expect(curve(37)).toEqual({ daysLeft: 37, onList: 1, renewed: 1 });
    expect(curve(38)).toEqual({ daysLeft: 38, onList: 0, renewed: 0 });

    const names = (groups: { key: string; names: number }[]) => Object.fromEntries(groups.map((group) => [group.key, group.names]));
    expect(view.currentList.total).toBe(3);
    expect(names(view.currentList.tlds)).toEqual({ ".se": 2, ".nu": 1 });
    expect(names(view.currentList.lengths)).toEqual({ "1-3": 0, "4": 0, "5": 1, "6-8": 2, "9+": 0 });
    // "nära-nu" holds a hyphen too, but an IDN name counts as IDN.
    expect(names(view.currentList.chars)).toEqual({ letters: 2, digits: 0, hyphen: 0, idn: 1 });
    expect(names(view.currentList.scoreLabels)).toEqual({ Utmärkt: 1, "Mycket bra": 0, Bra: 0, Genomsnittlig: 1, "Mindre bra": 1 });
  });

  it("places every catch where placeCatch places it", async () => {
    const random = seededRandom(27);
    const outcomes: Outcome[] = [];
    const hour = 3_600_000;
    const offsets = [0.5, 1, 1.0001, 3, 24, 25, 24 * 7, 24 * 7 + 1, 24 * 30, 24 * 30 + 1, 24 * 40];
    for (let index = 0; index < 300; index++) {
      const releaseDate = addDays("2026-03-19", -Math.floor(random() * 80));
      const moment = releaseMomentMs(releaseDate);
      const at = () => new Date(moment + offsets[Math.floor(random() * offsets.length)] * hour).toISOString();
      const taken = random() < 0.7 ? at() : undefined;
      let lastFree = random() < 0.6 ? at() : undefined;
      if (taken && lastFree && lastFree >= taken) lastFree = undefined;
      const label = `n${index}${random() < 0.3 ? "-x" : ""}${random() < 0.2 ? "7" : ""}${random() < 0.1 ? "å" : ""}`;
      outcomes.push({ name: `${label}.se`, releaseDate, listedOn: addDays(releaseDate, -30), released: true, lastFreeAt: lastFree, takenAt: taken });
    }
    await insertOutcomes(handle(), outcomes);
    await refreshStatistics(handle(), { now: NOW, parts: ["catches"] });
    const rows = await handle().query<{ length_group: string; char_group: string; state: string; by_next_check: boolean; names: number }>(
      "select length_group, char_group, state, by_next_check, sum(names)::int as names from stats_catches group by 1, 2, 3, 4",
    );

    const expected = new Map<string, number>();
    for (const outcome of outcomes) {
      const parsed = parseDomainName(outcome.name);
      if (!parsed.ok) throw new Error(outcome.name);
      const placement = placeCatch({
        releaseDate: outcome.releaseDate,
        lastFreeAt: outcome.lastFreeAt ? new Date(outcome.lastFreeAt) : null,
        takenAt: outcome.takenAt ? new Date(outcome.takenAt) : null,
      });
      const key = [lengthGroup(parsed.length), charGroup(nameCharBits(parsed.unicode, parsed.ace)), placement.state, placement.byNextCheck].join("|");
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const actual = new Map(rows.map((row) => [[row.length_group, row.char_group, row.state, row.by_next_check].join("|"), row.names]));
    expect(actual).toEqual(expected);
    expect([...expected.keys()].some((key) => key.includes("idn"))).toBe(true);
    expect(NAME_CHAR_BITS.nonLatin).toBe(8);
  });

  it("counts measured release mornings only: when names became free, and quartiles of how soon they were taken", async () => {
    const row = (name: string, releaseDate: string, firstFree: string, taken: string | null) =>
      handle().query(
        `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at)
         values ($1, $2, '.se', length(split_part($1, '.', 1)), 1, '2026-02-01', $2::date + time '04:00', $3, $3, $4)`,
        [name, releaseDate, firstFree, taken],
      );
    await row("abc.se", "2026-03-10", "2026-03-10T04:05:00Z", "2026-03-10T04:07:00Z");
    await row("bilar.se", "2026-03-10", "2026-03-10T04:25:00Z", "2026-03-10T04:40:00Z");
    await row("segare.se", "2026-03-10", "2026-03-10T05:30:00Z", null);
    // Another day, seen free by the regular check only (no morning rounds): not a measured morning.
    await row("annan.se", "2026-03-11", "2026-03-11T04:01:00Z", "2026-03-11T04:02:00Z");
    await handle().query("insert into release_mornings (release_date, started_at, rounds) values ('2026-03-10', '2026-03-10T04:00Z', 40)");

    await refreshStatistics(handle(), { now: NOW, parts: ["mornings"] });
    const { mornings } = await loadStatistics(handle(), NOW);

    expect(mornings.measuredMornings).toBe(1);
    expect(mornings.releaseMinutes).toHaveLength(48);
    expect(mornings.releaseMinutes.filter((bucket) => bucket.names > 0)).toEqual([
      { minute: 0, names: 1 },
      { minute: 20, names: 1 },
      { minute: 90, names: 1 },
    ]);
    const firstHour = (grouping: string, key: string) => mornings.firstHour.find((group) => group.grouping === grouping && group.key === key);
    expect(firstHour("tld", ".se")).toMatchObject({ names: 3, inFirstHour: 2 });
    expect(firstHour("length", "1-3")).toMatchObject({ names: 1, inFirstHour: 1 });
    expect(firstHour("length", "6-8")).toMatchObject({ names: 1, inFirstHour: 0 });
    // Two catches, after 120 and 900 seconds: quartiles interpolate between them.
    expect(mornings.catchDurations.find((group) => group.grouping === "all")).toEqual({
      grouping: "all",
      key: "",
      label: "Alla",
      names: 2,
      p25Seconds: 315,
      p50Seconds: 510,
      p75Seconds: 705,
    });
    expect(mornings.catchDurations.filter((group) => group.grouping === "length").map((group) => [group.key, group.names])).toEqual([
      ["1-3", 1],
      ["5", 1],
    ]);
  });
});
