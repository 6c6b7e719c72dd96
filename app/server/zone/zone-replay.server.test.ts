import { expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import { zoneLineText } from "~/domain/zone-facts";
import { findAvailable, findSoonAvailable } from "~/server/domains/lists.server";
import { loadDomainPage } from "~/server/domains/load-domain-page.server";
import { countReleaseDays, findReleaseDayNames, listReleaseDates } from "~/server/release-archive/release-archive.server";
import { loadStatistics } from "~/server/statistics/load-statistics.server";
import type { ListEntry } from "~tests/factories/imports";
import { describeEachEngine } from "~tests/setup/test-db";
import { BINERO, CLOUDFLARE, FILLERS, LOOPIA, NO_OPERATOR, ONE_COM, registryReplay, SEDO } from "./zone-replay.test-support";

// Five simulated days of the registry's two halves through the real pipelines (zone-replay.test-support.ts):
// the nightly .se release list, the release job and the availability check, and the zone read from
// RFC 1035 files. Every figure at the end is counted by hand from this story:
//
//   day 1  list: alfa, beta, cesar, david (release day 3), erik, filip (day 4), gustav (day 10)
//          zone 03:00: the baseline (fillers and flytt.se on Loopia), no changes written
//   day 2  zone 03:00: beta back (renewed while deactivated, one.com), flytt moves to Binero,
//          a filler deactivated; the list at 10:00 still names beta (the registry is behind)
//   day 3  04:00 release: alfa, cesar, david; check 04:30: all free; check 05:10: alfa taken;
//          zone 07:00: alfa (Loopia, the check was first) and cesar (Cloudflare) appear
//   day 4  04:00 release: erik, filip; check 04:30: erik, filip, david free;
//          zone 07:00: erik (Sedo's parking) and david (a host of no operator) appear
//   day 5  list: gustav and a new helga; zone 07:00: cesar moves to Loopia; check 08:00: filip free

const DAY = (day: number, time: string) => new Date(`2030-05-0${day}T${time}Z`);
const SNAPSHOT_DAY_1 = DAY(1, "03:00:00");
const SNAPSHOT_DAY_2 = DAY(2, "03:00:00");
const SNAPSHOT_DAY_3 = DAY(3, "07:00:00");
const SNAPSHOT_DAY_4 = DAY(4, "07:00:00");
const SNAPSHOT_DAY_5 = DAY(5, "07:00:00");

/** One of the 100 fillers is deactivated on day 2: the 2 % hold lets it go. */
const { "fyll-100.se": _deactivated, ...FILLERS_AFTER_DAY_2 } = FILLERS;

const FIRST_LIST: ListEntry[] = [
  { name: "alfa.se", release_at: "2030-05-03" },
  { name: "beta.se", release_at: "2030-05-03" },
  { name: "cesar.se", release_at: "2030-05-03" },
  { name: "david.se", release_at: "2030-05-03" },
  { name: "erik.se", release_at: "2030-05-04" },
  { name: "filip.se", release_at: "2030-05-04" },
  { name: "gustav.se", release_at: "2030-05-10" },
];
const DAY_5_LIST: ListEntry[] = [
  { name: "gustav.se", release_at: "2030-05-10" },
  { name: "helga.se", release_at: "2030-05-12" },
];

/** Each day's zone: name → its name servers. */
const ZONES: { at: Date; names: Record<string, string[]> }[] = [
  { at: SNAPSHOT_DAY_1, names: { ...FILLERS, "flytt.se": LOOPIA } },
  { at: SNAPSHOT_DAY_2, names: { ...FILLERS_AFTER_DAY_2, "flytt.se": BINERO, "beta.se": ONE_COM } },
  {
    at: SNAPSHOT_DAY_3,
    names: { ...FILLERS_AFTER_DAY_2, "flytt.se": BINERO, "beta.se": ONE_COM, "alfa.se": LOOPIA, "cesar.se": CLOUDFLARE },
  },
  {
    at: SNAPSHOT_DAY_4,
    names: {
      ...FILLERS_AFTER_DAY_2,
      "flytt.se": BINERO,
      "beta.se": ONE_COM,
      "alfa.se": LOOPIA,
      "cesar.se": CLOUDFLARE,
      "erik.se": SEDO,
      "david.se": NO_OPERATOR,
    },
  },
  {
    at: SNAPSHOT_DAY_5,
    names: {
      ...FILLERS_AFTER_DAY_2,
      "flytt.se": BINERO,
      "beta.se": ONE_COM,
      "alfa.se": LOOPIA,
      "cesar.se": LOOPIA,
      "erik.se": SEDO,
      "david.se": NO_OPERATOR,
    },
  },
];

function validName(text: string) {
  const parsed = parseDomainName(text);
  if (!parsed.ok) throw new Error(`${text} is not a valid name`);
  return parsed;
}

describeEachEngine("the registry's zone and its lists over five simulated days", ({ handle }) => {
  const replay = registryReplay(handle);

  /** The day's zone read through the zone-import pipeline. */
  const zoneImport = (index: number) => replay.zoneImport(ZONES[index].names, ZONES[index].at);
  const { importList, release, checkRound } = replay;
  const statuses = async () =>
    Object.fromEntries(
      (await handle().query<{ name: string; status: string }>("select name, status from domains order by name")).map((row) => [
        row.name,
        row.status,
      ]),
    );

  it("renewals seen early, catches with their operators and moves are counted exactly by the lists, the ledger, the archive and the zone's changes", async () => {
    // Day 1.
    await importList(FIRST_LIST, DAY(1, "02:00:00"));
    const baseline = await zoneImport(0);

    // Day 2: beta is back in the zone two days before its release: renewed at once, at the snapshot's time.
    const day2 = await zoneImport(1);
    expect((await statuses())["beta.se"]).toBe("renewed");
    // The registry's list still names beta with its release date; the zone is ahead of it and beta stays renewed.
    expect(await importList(FIRST_LIST, DAY(2, "10:00:00"))).toMatchObject({ outcome: "succeeded", renewed: 0 });
    expect((await statuses())["beta.se"]).toBe("renewed");

    // Day 3.
    await release(DAY(3, "04:00:00"));
    await checkRound(DAY(3, "04:30:00"), {});
    await checkRound(DAY(3, "05:10:00"), { "alfa.se": "occupied" });
    const day3 = await zoneImport(2);

    // Day 4.
    await release(DAY(4, "04:00:00"));
    await checkRound(DAY(4, "04:30:00"), {});
    const day4 = await zoneImport(3);

    // Day 5.
    await importList(DAY_5_LIST, DAY(5, "02:00:00"));
    await release(DAY(5, "04:00:00"));
    const day5 = await zoneImport(4);
    await checkRound(DAY(5, "08:00:00"), {});

    // The lists.
    expect(await statuses()).toEqual({
      "alfa.se": "registered",
      "beta.se": "renewed",
      "cesar.se": "registered",
      "david.se": "registered",
      "erik.se": "registered",
      "filip.se": "available",
      "gustav.se": "soonavailable",
      "helga.se": "soonavailable",
    });
    const names = (page: { domains: { name: string }[] }) => page.domains.map((domain) => domain.name).sort();
    expect(names(await findSoonAvailable(handle().db))).toEqual(["gustav.se", "helga.se"]);
    expect(names(await findAvailable(handle().db))).toEqual(["filip.se"]);

    // Each name's history: who changed it, and when.
    const events = await handle().query<{ domain_name: string; type: string; source: string; created_at: Date }>(
      `select domain_name, type, source, created_at from domain_events
        where type in ('renewed', 'taken') order by domain_name, id`,
    );
    expect(events.map((event) => ({ ...event, source: event.source.replace(/^(job|import):.*$/, "$1") }))).toEqual([
      { domain_name: "alfa.se", type: "taken", source: expect.not.stringMatching(/^zone:/), created_at: DAY(3, "05:10:00") },
      { domain_name: "beta.se", type: "renewed", source: `zone:${day2}`, created_at: SNAPSHOT_DAY_2 },
      { domain_name: "cesar.se", type: "taken", source: `zone:${day3}`, created_at: SNAPSHOT_DAY_3 },
      { domain_name: "david.se", type: "taken", source: `zone:${day4}`, created_at: SNAPSHOT_DAY_4 },
      { domain_name: "erik.se", type: "taken", source: `zone:${day4}`, created_at: SNAPSHOT_DAY_4 },
    ]);

    // The ledger of releases (release_outcomes), the statistics' source.
    const outcomes = await handle().query<Record<string, unknown>>(
      `select domain_name, release_date::text, renewed_on::text, released_at, first_free_at, last_free_at, taken_at
         from release_outcomes order by domain_name`,
    );
    const released = (day: number) => DAY(day, "04:00:00");
    expect(outcomes).toEqual([
      outcome("alfa.se", "2030-05-03", {
        released_at: released(3),
        first_free_at: DAY(3, "04:30:00"),
        last_free_at: DAY(3, "04:30:00"),
        taken_at: DAY(3, "05:10:00"),
      }),
      outcome("beta.se", "2030-05-03", { renewed_on: "2030-05-02" }),
      outcome("cesar.se", "2030-05-03", {
        released_at: released(3),
        first_free_at: DAY(3, "04:30:00"),
        last_free_at: DAY(3, "05:10:00"),
        taken_at: SNAPSHOT_DAY_3,
      }),
      outcome("david.se", "2030-05-03", {
        released_at: released(3),
        first_free_at: DAY(3, "04:30:00"),
        last_free_at: DAY(4, "04:30:00"),
        taken_at: SNAPSHOT_DAY_4,
      }),
      outcome("erik.se", "2030-05-04", {
        released_at: released(4),
        first_free_at: DAY(4, "04:30:00"),
        last_free_at: DAY(4, "04:30:00"),
        taken_at: SNAPSHOT_DAY_4,
      }),
      outcome("filip.se", "2030-05-04", { released_at: released(4), first_free_at: DAY(4, "04:30:00"), last_free_at: DAY(5, "08:00:00") }),
      outcome("gustav.se", "2030-05-10", {}),
      outcome("helga.se", "2030-05-12", {}),
    ]);

    // The statistics as the release job of day 5 computed them, counting the zone's catches with the checks'.
    const view = await loadStatistics(handle(), DAY(5, "09:00:00"));
    const catches = (date: string) => view.catchByDay.find((entry) => entry.day === date);
    // alfa at 05:10 (the check), last seen free at 04:30: within a day, perhaps within the hour (seen at the
    // next check); cesar at 07:00 (the zone), seen free at 05:10: within a day; david at 07:00 the day
    // after, seen free that morning: within 7 days.
    expect(catches("2030-05-03")).toMatchObject({
      released: 3,
      states: { "1h": 0, "1d": 2, "7d": 1, "30d": 0, later: 0, free: 0, unchecked: 0 },
      byNextCheck: { "1h": 0, "1d": 1, "7d": 0 },
    });
    // erik at 07:00 (the zone), seen free at 04:30; filip still free.
    expect(catches("2030-05-04")).toMatchObject({
      released: 2,
      states: { "1h": 0, "1d": 1, "7d": 0, "30d": 0, later: 0, free: 1, unchecked: 0 },
      byNextCheck: { "1h": 0, "1d": 1, "7d": 0 },
    });
    expect(view.releaseDays.find((entry) => entry.day === "2030-05-03")).toMatchObject({ se: 3, nu: 0 });
    expect(view.releaseDays.find((entry) => entry.day === "2030-05-04")).toMatchObject({ se: 2, nu: 0 });
    expect(view.currentList.total).toBe(2);

    // The zone's own count: every snapshot and its changes.
    const snapshots = await handle().query<Record<string, unknown>>(
      `select id, state, names, appeared, disappeared, name_servers_changed from zone_snapshots order by id`,
    );
    expect(snapshots).toEqual([
      { id: baseline, state: "succeeded", names: 101, appeared: 101, disappeared: 0, name_servers_changed: 0 },
      { id: day2, state: "succeeded", names: 101, appeared: 1, disappeared: 1, name_servers_changed: 1 },
      { id: day3, state: "succeeded", names: 103, appeared: 2, disappeared: 0, name_servers_changed: 0 },
      { id: day4, state: "succeeded", names: 105, appeared: 2, disappeared: 0, name_servers_changed: 0 },
      { id: day5, state: "succeeded", names: 105, appeared: 0, disappeared: 0, name_servers_changed: 1 },
    ]);
    const changes = await handle().query<{ snapshot_id: number; name: string; kind: string; seen_at: Date }>(
      "select snapshot_id, name, kind, seen_at from zone_changes order by snapshot_id, name",
    );
    expect(changes).toEqual([
      { snapshot_id: day2, name: "beta.se", kind: "appeared", seen_at: SNAPSHOT_DAY_2 },
      { snapshot_id: day2, name: "flytt.se", kind: "name_servers_changed", seen_at: SNAPSHOT_DAY_2 },
      { snapshot_id: day2, name: "fyll-100.se", kind: "disappeared", seen_at: SNAPSHOT_DAY_2 },
      { snapshot_id: day3, name: "alfa.se", kind: "appeared", seen_at: SNAPSHOT_DAY_3 },
      { snapshot_id: day3, name: "cesar.se", kind: "appeared", seen_at: SNAPSHOT_DAY_3 },
      { snapshot_id: day4, name: "david.se", kind: "appeared", seen_at: SNAPSHOT_DAY_4 },
      { snapshot_id: day4, name: "erik.se", kind: "appeared", seen_at: SNAPSHOT_DAY_4 },
      { snapshot_id: day5, name: "cesar.se", kind: "name_servers_changed", seen_at: SNAPSHOT_DAY_5 },
    ]);

    // The archive of release days (/slappta) counts the same releases: 2030-05-03 alfa, cesar, david
    // (taken), 2030-05-04 erik (taken), filip (still free); beta was renewed and is in neither.
    expect(await listReleaseDates(handle(), DAY(5, "09:00:00"))).toEqual(["2030-05-04", "2030-05-03"]);
    expect(await countReleaseDays(handle(), ["2030-05-03", "2030-05-04"])).toEqual([
      { date: "2030-05-04", released: 2, taken: 1, free: 1, unchecked: 0 },
      { date: "2030-05-03", released: 3, taken: 3, free: 0, unchecked: 0 },
    ]);
    // Each name with what became of it and where it points now (cesar moved to Loopia on day 5).
    const archived = async (date: string) =>
      (await findReleaseDayNames(handle(), date))
        .map((name) => ({ name: name.name, outcome: name.verdict.outcome, operator: name.operator?.name ?? null }))
        .sort((a, b) => a.name.localeCompare(b.name));
    expect(await archived("2030-05-03")).toEqual([
      { name: "alfa.se", outcome: "taken", operator: "Loopia" },
      { name: "cesar.se", outcome: "taken", operator: "Loopia" },
      { name: "david.se", outcome: "taken", operator: "exempelvard.se" },
    ]);
    expect(await archived("2030-05-04")).toEqual([
      { name: "erik.se", outcome: "taken", operator: "Sedo" },
      { name: "filip.se", outcome: "free", operator: null },
    ]);

    // What the name pages say.
    const page = (name: string) => loadDomainPage(handle().db, validName(name), { userId: null, now: DAY(5, "09:00:00") });
    const cesar = await page("cesar.se");
    expect(cesar).toMatchObject({
      status: "registered",
      zone: {
        delegated: true,
        since: SNAPSHOT_DAY_3.toISOString(),
        sinceIsFirstSnapshot: false,
        nameServers: LOOPIA,
        operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
        lastChange: { kind: "name_servers_changed", at: SNAPSHOT_DAY_5.toISOString() },
      },
    });
    const erik = await page("erik.se");
    expect(erik.zone).toMatchObject({ operator: { name: "Sedo", kind: "parking", fromTable: true } });
    expect(zoneLineText(erik.zone!, erik.status, erik.domain?.releaseDate ?? null)).toBe(
      "I zonen igen på släppdagen kl. 09:00 (ögonblicksbild, svensk tid) · pekar på Sedos namnservrar",
    );
    const david = await page("david.se");
    expect(david.zone).toMatchObject({ operator: { name: "exempelvard.se", kind: "other", fromTable: false } });
    expect(zoneLineText(david.zone!, david.status, david.domain?.releaseDate ?? null)).toBe(
      "I zonen igen 4 maj 2030 kl. 09:00 (ögonblicksbild, svensk tid) · pekar på namnservrar hos exempelvard.se",
    );
    const beta = await page("beta.se");
    expect(beta).toMatchObject({ status: "renewed", zone: { since: SNAPSHOT_DAY_2.toISOString(), operator: { name: "one.com" } } });
    // A name on no list: the zone alone tells it is registered and where it moved.
    const flytt = await page("flytt.se");
    expect(flytt).toMatchObject({
      status: "unknown",
      domain: null,
      zone: {
        delegated: true,
        since: SNAPSHOT_DAY_1.toISOString(),
        sinceIsFirstSnapshot: true,
        operator: { name: "Binero" },
        lastChange: { kind: "name_servers_changed", at: SNAPSHOT_DAY_2.toISOString() },
      },
    });
    expect((await page("fyll-100.se")).zone).toMatchObject({
      delegated: false,
      lastChange: { kind: "disappeared", at: SNAPSHOT_DAY_2.toISOString() },
    });
  });
});

function outcome(name: string, releaseDate: string, values: Record<string, unknown>) {
  return {
    domain_name: name,
    release_date: releaseDate,
    renewed_on: null,
    released_at: null,
    first_free_at: null,
    last_free_at: null,
    taken_at: null,
    ...values,
  };
}
