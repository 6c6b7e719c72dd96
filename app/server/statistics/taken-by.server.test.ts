import { expect, it } from "vitest";
import { nameCharBits } from "~/domain/name-chars";
import { parseDomainName } from "~/domain/names";
import { chartTable } from "~/domain/statistics-taken-by-tables";
import type { DatabaseHandle } from "~/server/db/client.server";
import { describeEachEngine } from "~tests/setup/test-db";
import { loadStatistics } from "./load-statistics.server";
import { refreshStatistics } from "./refresh-statistics.server";
import { statisticsCsv } from "./statistics-csv.server";

const NOW = new Date("2026-03-20T10:00:00Z");

type Release = { name: string; releaseDate: string; released?: boolean };
type Appearance = { name: string; at: string; nameServers: string[]; kind?: "appeared" | "disappeared" | "name_servers_changed" };

async function insertReleases(handle: DatabaseHandle, releases: Release[]) {
  for (const release of releases) {
    const parsed = parseDomainName(release.name);
    if (!parsed.ok) throw new Error(release.name);
    await handle.query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at)
       values ($1, $2, $3, $4, $5, $2::date - 30, $6)`,
      [parsed.ace, release.releaseDate, parsed.tld, parsed.length, nameCharBits(parsed.unicode, parsed.ace), release.released === false ? null : `${release.releaseDate}T04:00:00Z`],
    );
  }
}

/** The zone's history of the names: changes in one snapshot row (the statistics read only the changes' times). */
async function insertZoneHistory(handle: DatabaseHandle, changes: Appearance[]) {
  const [snapshot] = await handle.query<{ id: number }>(
    `insert into zone_snapshots (tld, serial, source, trigger, state, started_at, applied_at)
     values ('.se', 1, 'file', 'test', 'succeeded', '2025-11-01T00:00:00Z', '2025-11-01T00:00:00Z') returning id`,
  );
  for (const change of changes) {
    const parsed = parseDomainName(change.name);
    if (!parsed.ok) throw new Error(change.name);
    const kind = change.kind ?? "appeared";
    await handle.query(
      `insert into zone_changes (snapshot_id, tld, name, kind, old_name_servers, new_name_servers, seen_at) values ($1, $2, $3, $4, $5, $6, $7)`,
      [snapshot.id, parsed.tld, parsed.ace, kind, kind === "appeared" ? null : change.nameServers, kind === "disappeared" ? null : change.nameServers, change.at],
    );
  }
}

const LOOPIA = ["ns1.loopia.se", "ns2.loopia.se"];
const SEDO = ["ns1.sedoparking.com", "ns2.sedoparking.com"];
const HOUR = 3600;

/** Releases and their comebacks, with every figure below counted by hand. */
async function insertFixture(handle: DatabaseHandle) {
  await insertReleases(handle, [
    { name: "abc.se", releaseDate: "2026-03-10" },
    { name: "bil4.se", releaseDate: "2026-03-10" },
    { name: "hej-du.nu", releaseDate: "2026-03-12" },
    { name: "räka.se", releaseDate: "2026-03-10" },
    { name: "glass.se", releaseDate: "2026-03-12" },
    { name: "mix.se", releaseDate: "2026-03-15" },
    // 90 days only.
    { name: "ostron.se", releaseDate: "2026-01-05" },
    // Renewed (never released), released before either period, or not yet released: counted nowhere.
    { name: "kanel.se", releaseDate: "2026-03-10", released: false },
    { name: "gammal.se", releaseDate: "2025-12-01" },
    { name: "senare.se", releaseDate: "2026-03-25", released: false },
  ]);
  await insertZoneHistory(handle, [
    // One hour after the release moment, on Loopia's name servers.
    { name: "abc.se", at: "2026-03-10T05:00:00Z", nameServers: LOOPIA },
    // In the zone the day before its release (not its comeback), then three hours after it parked at Sedo; later moved and back again: only the first comeback counts.
    { name: "bil4.se", at: "2026-03-09T12:00:00Z", nameServers: LOOPIA },
    { name: "bil4.se", at: "2026-03-10T07:00:00Z", nameServers: SEDO },
    { name: "bil4.se", at: "2026-03-12T07:00:00Z", nameServers: LOOPIA, kind: "name_servers_changed" },
    { name: "bil4.se", at: "2026-03-13T07:00:00Z", nameServers: LOOPIA, kind: "disappeared" },
    { name: "bil4.se", at: "2026-03-14T07:00:00Z", nameServers: LOOPIA },
    // Two days after, on name servers the table does not know: their registrable domain.
    { name: "hej-du.nu", at: "2026-03-14T04:00:00Z", nameServers: ["ns1.example-host.co.uk", "ns2.example-host.co.uk"] },
    { name: "glass.se", at: "2026-03-13T04:00:00Z", nameServers: ["ada.ns.cloudflare.com", "bart.ns.cloudflare.com"] },
    // Two of three hosts at Sedo: Sedo.
    { name: "mix.se", at: "2026-03-15T06:00:00Z", nameServers: ["ns1.loopia.se", ...SEDO] },
    { name: "ostron.se", at: "2026-01-05T04:30:00Z", nameServers: LOOPIA },
    { name: "kanel.se", at: "2026-03-01T12:00:00Z", nameServers: LOOPIA },
    { name: "gammal.se", at: "2025-12-01T05:00:00Z", nameServers: LOOPIA },
  ]);
}

const kinds = (counts: Partial<Record<"registrar_host" | "parking" | "aftermarket" | "other", number>>) => ({
  registrar_host: 0,
  parking: 0,
  aftermarket: 0,
  other: 0,
  ...counts,
});

describeEachEngine("the taken-by statistics", ({ handle }) => {
  it("counts who the released names point at, per period and group, with exact medians", async () => {
    await insertFixture(handle());
    await refreshStatistics(handle(), { now: NOW, parts: ["taken-by"] });
    const [last30, last90] = (await loadStatistics(handle(), NOW)).takenBy;

    expect(last30).toMatchObject({ days: 30, released: 6, taken: 5, medianSeconds: 3 * HOUR, otherOperators: { operators: 0, names: 0 } });
    expect(last30.operators).toEqual([
      { operator: "Sedo", kind: "parking", known: true, names: 2, medianSeconds: 2.5 * HOUR },
      { operator: "Cloudflare", kind: "registrar_host", known: true, names: 1, medianSeconds: 24 * HOUR },
      { operator: "Loopia", kind: "registrar_host", known: true, names: 1, medianSeconds: HOUR },
      { operator: "example-host.co.uk", kind: "other", known: false, names: 1, medianSeconds: 48 * HOUR },
    ]);
    expect(last30.byLength.map(({ key, released, taken, kinds, medianSeconds }) => ({ key, released, taken, kinds, medianSeconds }))).toEqual([
      { key: "1-3", released: 2, taken: 2, kinds: kinds({ registrar_host: 1, parking: 1 }), medianSeconds: 1.5 * HOUR },
      { key: "4", released: 2, taken: 1, kinds: kinds({ parking: 1 }), medianSeconds: 3 * HOUR },
      { key: "5", released: 1, taken: 1, kinds: kinds({ registrar_host: 1 }), medianSeconds: 24 * HOUR },
      { key: "6-8", released: 1, taken: 1, kinds: kinds({ other: 1 }), medianSeconds: 48 * HOUR },
      { key: "9+", released: 0, taken: 0, kinds: kinds({}), medianSeconds: null },
    ]);
    expect(last30.byLength[0].topOperators).toEqual([
      { operator: "Loopia", kind: "registrar_host", known: true, names: 1 },
      { operator: "Sedo", kind: "parking", known: true, names: 1 },
    ]);
    expect(last30.byChars.map(({ key, released, taken, medianSeconds }) => ({ key, released, taken, medianSeconds }))).toEqual([
      { key: "letters", released: 3, taken: 3, medianSeconds: 2 * HOUR },
      { key: "digits", released: 1, taken: 1, medianSeconds: 3 * HOUR },
      { key: "hyphen", released: 1, taken: 1, medianSeconds: 48 * HOUR },
      { key: "idn", released: 1, taken: 0, medianSeconds: null },
    ]);

    expect(last90).toMatchObject({ days: 90, released: 7, taken: 6, medianSeconds: 2.5 * HOUR });
    expect(last90.operators.slice(0, 2)).toEqual([
      { operator: "Loopia", kind: "registrar_host", known: true, names: 2, medianSeconds: 0.75 * HOUR },
      { operator: "Sedo", kind: "parking", known: true, names: 2, medianSeconds: 2.5 * HOUR },
    ]);
    expect(last90.byLength.find((group) => group.key === "6-8")).toMatchObject({ released: 2, taken: 2, kinds: kinds({ registrar_host: 1, other: 1 }) });
  });

  it("follows the operator table as it is when the figures are computed", async () => {
    await insertFixture(handle());
    await handle().query("insert into name_server_operators (pattern, operator, kind) values ('example-host.co.uk', 'Example Host', 'aftermarket')");
    await refreshStatistics(handle(), { now: NOW, parts: ["taken-by"] });
    const [last30] = (await loadStatistics(handle(), NOW)).takenBy;
    expect(last30.operators).toContainEqual({ operator: "Example Host", kind: "aftermarket", known: true, names: 1, medianSeconds: 48 * HOUR });
    expect(last30.byChars.find((group) => group.key === "hyphen")?.kinds).toEqual(kinds({ aftermarket: 1 }));
  });

  it("writes the operators' table as CSV for Swedish Excel: both periods, a decimal comma, ja/nej", async () => {
    await insertFixture(handle());
    await refreshStatistics(handle(), { now: NOW, parts: ["taken-by"] });
    const view = await loadStatistics(handle(), NOW);
    const lines = statisticsCsv(chartTable(view, "vem-tar-operatorer")).slice(1).split("\r\n");
    expect(lines[0]).toBe("period_days;operator;kind;in_operator_table;names;taken_total;median_hours");
    expect(lines[1]).toBe("30;Sedo;parkering;ja;2;5;2,5");
    expect(lines[4]).toBe("30;example-host.co.uk;övrigt;nej;1;5;48");
    expect(lines[5]).toBe("90;Loopia;registrar/webbhotell;ja;2;6;0,8");
    const byLength = statisticsCsv(chartTable(view, "vem-tar-per-langd")).slice(1).split("\r\n");
    expect(byLength[0]).toBe(
      "period_days;length_group;released;taken;kind_registrar_host;kind_parking;kind_aftermarket;kind_other;operator_1;operator_1_names;operator_2;operator_2_names;operator_3;operator_3_names;median_hours",
    );
    expect(byLength[1]).toBe("30;1–3 tecken;2;2;1;1;0;0;Loopia;1;Sedo;1;;;1,5");
    expect(byLength[5]).toBe("30;9 tecken eller fler;0;0;0;0;0;0;;;;;;;");
  });

  it("shows nothing taken when the zone has none of the released names", async () => {
    await insertReleases(handle(), [{ name: "ensam.se", releaseDate: "2026-03-10" }]);
    await refreshStatistics(handle(), { now: NOW });
    const [last30, last90] = (await loadStatistics(handle(), NOW)).takenBy;
    for (const period of [last30, last90]) {
      expect(period).toMatchObject({ released: 1, taken: 0, medianSeconds: null, operators: [] });
      expect(period.byChars[0]).toMatchObject({ key: "letters", released: 1, taken: 0, topOperators: [], medianSeconds: null });
    }
  });
});
