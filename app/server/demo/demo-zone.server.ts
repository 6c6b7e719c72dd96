// The demo's zone (issue 43): what the registry's zone of .se and .nu would have shown over the
// demo's release history, written directly as the zone store keeps it (no transfer), so a new
// installation shows delegations, their name servers and 120 days of changes at once.
//
// The zone job reads each TLD every few hours; the demo writes one snapshot a day at noon UTC over
// the history and the current one at `now`, per TLD. Every name of the demo follows its history:
// - a listed name is delegated until it is deactivated, the day it is listed (the registry's list
//   is the list of deactivated names), and leaves the zone; a renewed one comes back on its renewal
//   with the same name servers; a released one comes back once it is taken (takenAt), with a new
//   holder's name servers, often a parking service's;
// - premium and unlisted names, and a few hundred names on no list (Swedish words and company-like
//   names, a few of them registered during the history), are delegated throughout;
// - a few names move to other name servers (a parked name sold, a site moved to another host).
// - a listed name's holder parked it before the drop, or its sibling under the other TLD is
//   registered throughout, as demoZoneTraits drew for its release (decision 0088).
// Deterministic: its own seeded random source, so the demo's names and histories stay as they are.
import { toAscii } from "~/domain/names";
import { seededRandom } from "~/domain/seeded-random";
import { addDays, todayUtc, utcMidnight } from "~/domain/utc-dates";
import type { DatabaseHandle } from "~/server/db/client.server";
import { arrayLiteral } from "~/server/db/array-literal.server";
import type { ZoneChangeKind } from "~/server/db/schema/zone.server";
import { DEMO_HISTORY_DAYS } from "./demo-release-history.server";
import type { DemoDomain } from "./generate-demo-domains.server";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The daily snapshots' time of day, and how long each took to read and apply. */
const SNAPSHOT_HOUR_UTC = 12;
const SNAPSHOT_APPLY_MS = 2 * 60 * 1000;
const TLDS = [".se", ".nu"] as const;
type Tld = (typeof TLDS)[number];

/** Names in the zone and on no list: about one for every ten demo names, at most this many. */
const MAX_UNLISTED_ZONE_NAMES = 2000;
/** Chunks of names per statement, like the demo's domains. */
const CHUNK_SIZE = 5000;

type Operator = { weight: number; dsShare: number; hosts: (random: () => number) => string[] };

const fixed =
  (...hosts: string[]) =>
  () =>
    hosts;
const CLOUDFLARE_NAMES = "ada bart chad dana elle fred gina hank iris jack kate lara mark nina olof pam rick sara tom vera".split(" ");
const twoOf = (names: string[], suffix: string) => (random: () => number) => {
  const first = Math.floor(random() * names.length);
  const second = (first + 1 + Math.floor(random() * (names.length - 1))) % names.length;
  return [`${names[first]}.${suffix}`, `${names[second]}.${suffix}`];
};

/** Hosting companies and DNS services, weighed roughly by their share of .se; most Swedish hosts sign (DS) by default. */
const HOSTS: Operator[] = [
  { weight: 26, dsShare: 0.85, hosts: fixed("ns1.loopia.se", "ns2.loopia.se") },
  { weight: 16, dsShare: 0.7, hosts: fixed("ns01.one.com", "ns02.one.com") },
  { weight: 10, dsShare: 0.8, hosts: fixed("ns1.binero.se", "ns2.binero.se", "ns3.binero.se") },
  { weight: 14, dsShare: 0.35, hosts: twoOf(CLOUDFLARE_NAMES, "ns.cloudflare.com") },
  { weight: 6, dsShare: 0.6, hosts: fixed("ns1.namesystem.se", "ns2.namesystem.se", "ns3.namesystem.se") },
  { weight: 6, dsShare: 0.5, hosts: fixed("ns1.websupport.se", "ns2.websupport.se", "ns3.websupport.se") },
  { weight: 4, dsShare: 0.6, hosts: fixed("ns1.simply.com", "ns2.simply.com", "ns3.simply.com", "ns4.simply.com") },
  {
    weight: 3,
    dsShare: 0.1,
    hosts: fixed("ns-1093.awsdns-08.org", "ns-1752.awsdns-27.co.uk", "ns-248.awsdns-31.com", "ns-972.awsdns-57.net"),
  },
];
/** Parking services: where a caught name waits for a buyer. Never signed. */
const PARKING: Operator[] = [
  { weight: 6, dsShare: 0, hosts: fixed("ns1.sedoparking.com", "ns2.sedoparking.com") },
  { weight: 3, dsShare: 0, hosts: fixed("ns1.bodis.com", "ns2.bodis.com") },
  { weight: 2, dsShare: 0, hosts: fixed("ns1.dan.com", "ns2.dan.com") },
];

/** Company-like names and words for the names on no list. */
const SURNAMES =
  "andersson johansson karlsson nilsson eriksson larsson olsson persson svensson gustafsson lindberg lindqvist berg holm lund ström sandberg ek".split(
    " ",
  );
const TRADES =
  "bygg el måleri rör städ transport redovisning juridik tandvård frisör konsult data fastighet bil trädgård snickeri mäkleri bageri".split(
    " ",
  );
const PLACES =
  "stockholm göteborg malmö uppsala västerås örebro linköping umeå gävle lund skåne norrland dalarna gotland halland värmland".split(" ");
const WORDS = (
  "solsken bokhandel blomsterhandel kafé vandring segling fiske jakt hembygd körsång fotografi keramik yoga löpning " +
  "skolan förskola tidning radio musik teater bibliotek kyrka församling föreningen idrott ishockey bandy innebandy " +
  "smycken möbler inredning kläder skor glasögon apotek vårdcentral veterinär hundskola stall ridskola gård"
).split(" ");
const COMPANY_SUFFIXES = ["", "", "ab", "service", "gruppen", "partner", "center"];

type Delegation = { nameServers: string[]; dsRecords: number };
/** A stay in the zone with one set of name servers: snapshots `from` up to (not including) `to`. */
type Stay = Delegation & { from: number; to: number };

export type DemoZone = {
  /** Writes the zone history of these demo names (the same chunks as the domains). */
  addNames(chunk: DemoDomain[]): Promise<void>;
  /** Adds the names on no list and the snapshots' counts. */
  finish(): Promise<void>;
};

/** The daily snapshots' times over the history, then `now`: one list for both TLDs. */
export function demoSnapshotTimes(now: Date): number[] {
  const today = todayUtc(now);
  const times: number[] = [];
  for (let day = addDays(today, -DEMO_HISTORY_DAYS); day < today; day = addDays(day, 1)) {
    times.push(utcMidnight(day) + SNAPSHOT_HOUR_UTC * HOUR_MS);
  }
  times.push(now.getTime());
  return times;
}

/**
 * Starts the demo's zone when the zone store is empty (the seed only fills what is empty):
 * writes the snapshots now, the delegations and changes name by name. Null when there is a zone.
 */
export async function startDemoZone(handle: DatabaseHandle, options: { now: Date; size: number; seed?: number }): Promise<DemoZone | null> {
  const [row] = await handle.query<{ present: boolean }>("select exists(select 1 from zone_snapshots) as present");
  if (row?.present) return null;
  const random = seededRandom((options.seed ?? 20_211_122) ^ 0x5a0e);
  const times = demoSnapshotTimes(options.now);
  const count = times.length;
  const snapshotIds = await insertSnapshots(handle, times);
  const tallies = Object.fromEntries(TLDS.map((tld) => [tld, newTally(count)])) as Record<Tld, Tally>;
  const names = new Set<string>();
  const heldSiblings: string[] = [];

  const indexAt = (ms: number) => {
    // The first snapshot at or after `ms`; the current one for anything up to now.
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (times[middle] >= ms) high = middle;
      else low = middle + 1;
    }
    return low;
  };

  async function write(entries: { name: string; tld: Tld; stays: Stay[] }[]) {
    const rows: PendingRows = { delegations: [], changes: [] };
    for (const entry of entries) collectName(entry, tallies[entry.tld], count, rows);
    await insertRows(handle, snapshotIds, times, rows);
  }

  return {
    async addNames(chunk) {
      for (const domain of chunk) if (domain.release?.zone.siblingHeld) heldSiblings.push(siblingOf(domain.name));
      const entries = chunk.map((domain) => {
        names.add(domain.name);
        return { name: domain.name, tld: domain.tld, stays: staysOf(domain, random, indexAt, count) };
      });
      await write(entries);
    },
    async finish() {
      const wanted = Math.min(MAX_UNLISTED_ZONE_NAMES, Math.max(1, Math.round(options.size / 10)));
      let entries: { name: string; tld: Tld; stays: Stay[] }[] = [];
      let added = 0;
      for (let attempt = 0; added < wanted && attempt < wanted * 20; attempt++) {
        const name = toAscii(`${companyLikeLabel(random)}${random() < 0.8 ? ".se" : ".nu"}`);
        if (!name || names.has(name)) continue;
        names.add(name);
        added++;
        // Most were registered long before the history; some during it.
        const from = random() < 0.12 ? 1 + Math.floor(random() * (count - 1)) : 0;
        const stays = withMove([{ from, to: count, ...delegation(HOSTS, random) }], random, 0.04);
        entries.push({ name, tld: name.endsWith(".nu") ? ".nu" : ".se", stays });
        if (entries.length >= CHUNK_SIZE) {
          await write(entries);
          entries = [];
        }
      }
      // The registered siblings of listed names (demoZoneTraits), in use throughout; one that is a demo name itself follows its own history.
      for (const name of heldSiblings) {
        if (names.has(name)) continue;
        names.add(name);
        entries.push({ name, tld: name.endsWith(".nu") ? ".nu" : ".se", stays: [{ from: 0, to: count, ...delegation(HOSTS, random) }] });
        if (entries.length >= CHUNK_SIZE) {
          await write(entries);
          entries = [];
        }
      }
      if (entries.length > 0) await write(entries);
      await updateSnapshotCounts(handle, snapshotIds, tallies);
      // The upkeep the embedded database gets from nothing else (refreshPlannerStatistics): statistics and the visibility map.
      if (handle.kind !== "postgres") await handle.query("vacuum analyze zone_snapshots, zone_delegations, zone_changes");
    },
  };
}

type IndexAt = (ms: number) => number;

/** The same label under the other TLD. */
function siblingOf(name: string): string {
  return `${name.slice(0, -3)}${name.endsWith(".se") ? ".nu" : ".se"}`;
}

/** A demo name's stays in the zone, from its release history (see the top of this file). */
function staysOf(domain: DemoDomain, random: () => number, indexAt: IndexAt, count: number): Stay[] {
  const release = domain.release;
  if (release === null) {
    // Premium names mostly wait parked for a buyer; unlisted ones are in use.
    const parked = domain.status === "premium" && random() < 0.7;
    return withMove([{ from: 0, to: count, ...delegation(parked ? PARKING : HOSTS, random) }], random, 0.03);
  }
  // Parked by its holder before it dropped, or with a host (demoZoneTraits; drawn from the name, as the release's catch was).
  const held = delegation(release.zone.parkedBeforeDrop ? PARKING : HOSTS, random);
  const stays: Stay[] = [{ from: 0, to: indexAt(utcMidnight(release.listedOn)), ...held }];
  if (release.renewedOn !== null) {
    // Renewed some time that day: reactivated with the name servers it had.
    stays.push({ from: indexAt(utcMidnight(release.renewedOn) + random() * DAY_MS), to: count, ...held });
  } else if (release.takenAt !== null) {
    // Caught: a new holder's name servers from the moment the availability check saw it taken; a domainer's parked ones often, some sold on later.
    const parked = random() < 0.3;
    const caught: Stay = { from: indexAt(release.takenAt.getTime()), to: count, ...delegation(parked ? PARKING : HOSTS, random) };
    stays.push(...withMove([caught], random, parked ? 0.25 : 0.03));
  }
  return joined(stays);
}

/** Without empty stays; a stay that starts where the one before ends with the same delegation continues it. */
function joined(stays: Stay[]): Stay[] {
  const result: Stay[] = [];
  for (const stay of stays) {
    if (stay.from >= stay.to) continue;
    const last = result[result.length - 1];
    if (last && stay.from <= last.to && sameDelegation(last, stay)) last.to = Math.max(last.to, stay.to);
    else result.push({ ...stay });
  }
  return result;
}

function sameDelegation(a: Delegation, b: Delegation) {
  return a.dsRecords === b.dsRecords && a.nameServers.join() === b.nameServers.join();
}

/** With `share` chance, the last stay moves to another host's name servers at a snapshot within it. */
function withMove(stays: Stay[], random: () => number, share: number): Stay[] {
  const last = stays[stays.length - 1];
  if (random() >= share || last.to - last.from < 2) return stays;
  let moved = delegation(HOSTS, random);
  for (let attempt = 0; attempt < 3 && moved.nameServers.join() === last.nameServers.join(); attempt++) moved = delegation(HOSTS, random);
  if (moved.nameServers.join() === last.nameServers.join()) return stays;
  const at = last.from + 1 + Math.floor(random() * (last.to - last.from - 1));
  return [...stays.slice(0, -1), { ...last, to: at }, { from: at, to: last.to, ...moved }];
}

function delegation(operators: Operator[], random: () => number): Delegation {
  const total = operators.reduce((sum, operator) => sum + operator.weight, 0);
  let roll = random() * total;
  let operator = operators[operators.length - 1];
  for (const candidate of operators) {
    if (roll < candidate.weight) {
      operator = candidate;
      break;
    }
    roll -= candidate.weight;
  }
  // Sorted byte-wise, as the zone store keeps them (collate "C"): ASCII host names sort so in JavaScript too.
  const nameServers = [...operator.hosts(random)].sort();
  const dsRecords = random() < operator.dsShare ? (random() < 0.1 ? 2 : 1) : 0;
  return { nameServers, dsRecords };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

/** A name in use and on no list: a firm's, a shop's, an association's. */
function companyLikeLabel(random: () => number): string {
  const roll = random();
  if (roll < 0.3) return `${pick(SURNAMES, random)}s${pick(TRADES, random)}${pick(COMPANY_SUFFIXES, random)}`;
  if (roll < 0.55) return `${pick(PLACES, random)}${pick(TRADES, random)}${pick(COMPANY_SUFFIXES, random)}`;
  if (roll < 0.75) return pick(WORDS, random);
  if (roll < 0.9) return `${pick(WORDS, random)}-${pick(PLACES, random)}`;
  return `${pick(SURNAMES, random)}-${pick(TRADES, random)}`;
}

/** Per snapshot of a TLD: names and records in force as differences (summed at the end), and the changes. */
type Tally = { names: Int32Array; records: Float64Array; appeared: Int32Array; disappeared: Int32Array; changed: Int32Array };

function newTally(count: number): Tally {
  return {
    names: new Int32Array(count + 1),
    records: new Float64Array(count + 1),
    appeared: new Int32Array(count),
    disappeared: new Int32Array(count),
    changed: new Int32Array(count),
  };
}

type DelegationRow = { name: string; tld: Tld; nameServers: string; dsRecords: number; since: number; changed: number };
type ChangeRow = { snapshot: number; tld: Tld; name: string; kind: ZoneChangeKind; old: string | null; new: string | null };
type PendingRows = { delegations: DelegationRow[]; changes: ChangeRow[] };

/** A name's change rows (none for the baseline), its delegation in force if it has one, and its share of the snapshots' counts. */
function collectName(entry: { name: string; tld: Tld; stays: Stay[] }, tally: Tally, count: number, rows: PendingRows) {
  const { name, tld, stays } = entry;
  let since = 0;
  stays.forEach((stay, index) => {
    const before = stays[index - 1];
    const after = stays[index + 1];
    const nameServers = arrayLiteral(stay.nameServers);
    const continues = before !== undefined && before.to === stay.from;
    tally.names[stay.from]++;
    tally.names[stay.to]--;
    tally.records[stay.from] += stay.nameServers.length + stay.dsRecords;
    tally.records[stay.to] -= stay.nameServers.length + stay.dsRecords;
    if (!continues) since = stay.from;
    if (stay.from === 0) tally.appeared[0]++;
    else if (continues) {
      tally.changed[stay.from]++;
      rows.changes.push({
        snapshot: stay.from,
        tld,
        name,
        kind: "name_servers_changed",
        old: arrayLiteral(before.nameServers),
        new: nameServers,
      });
    } else {
      tally.appeared[stay.from]++;
      rows.changes.push({ snapshot: stay.from, tld, name, kind: "appeared", old: null, new: nameServers });
    }
    if (stay.to < count && after?.from !== stay.to) {
      tally.disappeared[stay.to]++;
      rows.changes.push({ snapshot: stay.to, tld, name, kind: "disappeared", old: nameServers, new: null });
    }
    if (stay.to === count) rows.delegations.push({ name, tld, nameServers, dsRecords: stay.dsRecords, since, changed: stay.from });
  });
}

type SnapshotIds = Record<Tld, number[]>;

function serialOf(ms: number): number {
  // YYYYMMDDHH, as many zones number their serials.
  return Number(new Date(ms).toISOString().slice(0, 13).replace(/[-T]/g, ""));
}

async function insertSnapshots(handle: DatabaseHandle, times: number[]): Promise<SnapshotIds> {
  const tlds = TLDS.flatMap((tld) => times.map(() => tld));
  const all = TLDS.flatMap(() => times);
  const rows = await handle.query<{ id: number; tld: Tld; serial: string | number }>(
    `insert into zone_snapshots (tld, serial, source, trigger, state, records, names, started_at, finished_at, applied_at)
     select tld, serial, 'demo', 'demo', 'succeeded', 0, 0, started_at, applied_at, applied_at
       from unnest($1::domain_tld[], $2::bigint[], $3::timestamptz[], $4::timestamptz[]) as s(tld, serial, started_at, applied_at)
     returning id, tld, serial`,
    [
      tlds,
      all.map(serialOf),
      all.map((ms) => new Date(ms).toISOString()),
      // The current snapshot was applied at `now`, the daily ones a little after they were read.
      all.map((ms, index) => new Date(index % times.length === times.length - 1 ? ms : ms + SNAPSHOT_APPLY_MS).toISOString()),
    ],
  );
  const indexOfSerial = new Map(times.map((ms, index) => [serialOf(ms), index]));
  const ids: SnapshotIds = { ".se": [], ".nu": [] };
  for (const row of rows) ids[row.tld][indexOfSerial.get(Number(row.serial))!] = row.id;
  return ids;
}

async function insertRows(handle: DatabaseHandle, ids: SnapshotIds, times: number[], rows: PendingRows) {
  const at = (index: number) => new Date(times[index]).toISOString();
  if (rows.delegations.length > 0) {
    const list = rows.delegations;
    await handle.query(
      `insert into zone_delegations (name, tld, name_servers, ds_records, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id)
       select name, tld, name_servers::text[], ds_records::smallint, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id
         from unnest($1::text[], $2::domain_tld[], $3::text[], $4::int[], $5::timestamptz[], $6::int[], $7::timestamptz[], $8::int[])
           as d(name, tld, name_servers, ds_records, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id)`,
      [
        list.map((row) => row.name),
        list.map((row) => row.tld),
        list.map((row) => row.nameServers),
        list.map((row) => row.dsRecords),
        list.map((row) => at(row.since)),
        list.map((row) => ids[row.tld][row.since]),
        list.map((row) => at(row.changed)),
        list.map((row) => ids[row.tld][row.changed]),
      ],
    );
  }
  if (rows.changes.length > 0) {
    const list = rows.changes;
    await handle.query(
      `insert into zone_changes (snapshot_id, tld, name, kind, old_name_servers, new_name_servers, seen_at)
       select snapshot_id, tld, name, kind, old_ns::text[], new_ns::text[], seen_at
         from unnest($1::int[], $2::domain_tld[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           as c(snapshot_id, tld, name, kind, old_ns, new_ns, seen_at)
        order by seen_at, name`,
      [
        list.map((row) => ids[row.tld][row.snapshot]),
        list.map((row) => row.tld),
        list.map((row) => row.name),
        list.map((row) => row.kind),
        list.map((row) => row.old),
        list.map((row) => row.new),
        list.map((row) => at(row.snapshot)),
      ],
    );
  }
}

async function updateSnapshotCounts(handle: DatabaseHandle, ids: SnapshotIds, tallies: Record<Tld, Tally>) {
  const columns = {
    id: [] as number[],
    names: [] as number[],
    records: [] as number[],
    appeared: [] as number[],
    disappeared: [] as number[],
    changed: [] as number[],
  };
  for (const tld of TLDS) {
    const tally = tallies[tld];
    let names = 0;
    let records = 0;
    ids[tld].forEach((id, index) => {
      names += tally.names[index];
      records += tally.records[index];
      columns.id.push(id);
      columns.names.push(names);
      columns.records.push(records);
      columns.appeared.push(tally.appeared[index]);
      columns.disappeared.push(tally.disappeared[index]);
      columns.changed.push(tally.changed[index]);
    });
  }
  await handle.query(
    `update zone_snapshots s
        set names = c.names, records = c.records, appeared = c.appeared, disappeared = c.disappeared, name_servers_changed = c.changed
       from unnest($1::int[], $2::int[], $3::bigint[], $4::int[], $5::int[], $6::int[]) as c(id, names, records, appeared, disappeared, changed)
      where s.id = c.id`,
    [columns.id, columns.names, columns.records, columns.appeared, columns.disappeared, columns.changed],
  );
}
