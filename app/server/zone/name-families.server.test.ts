import { expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import { NO_FILTERS, type PublicFilters } from "~/domain/public-filters";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { countListView, findSoonAvailable, listViewWhere } from "~/server/domains/lists.server";
import { countListFacets } from "~/server/domains/facets.server";
import { searchDomains, searchSoonAvailableWalkingForTests } from "~/server/domains/search.server";
import type { DomainCardData } from "~/domain/domain-card";
import { importReleaseList } from "~/server/imports/release-list/import-release-list.server";
import { insertDomain } from "~tests/factories/domain-detail";
import { jsonList } from "~tests/factories/imports";
import { insertZone } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import { sql } from "drizzle-orm";
import { familyFlagsStatement, refreshFamilyFlags } from "./family-flags.server";
import { findNameFamilies, findSiblingStatuses, FAMILY_NAMES_AT_ONCE } from "./name-families.server";
import { applyZoneRead } from "./store/apply-zone-read.server";
import type { FullZoneRead, ZoneTld } from "./zone-records.server";

const AT = new Date("2026-12-03T06:00:00Z");
const NOW = new Date("2026-12-05T12:00:00Z");
const NS = ["ns1.loopia.se", "ns2.loopia.se"];

function ace(text: string): string {
  const parsed = parseDomainName(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.ace;
}

const LISTED = ["hund.se", "katt.se", "räksmörgås.se", "blåbär.se", "mus.se"];

/**
 * On the soon list: hund.se (hund.nu and hünd.nu delegated), katt.se (katt.nu registered by the lists, not
 * delegated; kätt.se delegated), räksmörgås.se (delegated itself, and its sibling räksmörgås.nu: neither
 * is its twin), blåbär.se (its plain twin blabar.nu delegated) and mus.se (nothing). The zone is written
 * directly; the factory refreshes the stored flags as the zone's apply does.
 */
async function seed(db: Db, zone: { se: boolean; nu: boolean } = { se: true, nu: true }) {
  for (const name of LISTED) await insertDomain(db, name, { status: "soonavailable", releaseDate: "2026-12-20" });
  await insertDomain(db, "katt.nu", { status: "registered", releaseDate: null });
  if (zone.se) {
    await insertZone(db, ".se", AT, [
      { name: ace("kätt.se"), nameServers: NS },
      { name: ace("räksmörgås.se"), nameServers: NS },
    ]);
  }
  if (zone.nu) {
    await insertZone(db, ".nu", AT, [
      { name: "hund.nu", nameServers: NS },
      { name: ace("hünd.nu"), nameServers: NS },
      { name: ace("räksmörgås.nu"), nameServers: NS },
      { name: "blabar.nu", nameServers: NS },
    ]);
  }
}

/** A whole zone of `names` (ACE, with their TLD) as a reader hands it over. */
function fullRead(tld: ZoneTld, serial: number, names: string[]): FullZoneRead {
  async function* records() {
    for (const name of names) for (const host of NS) yield { name, type: "NS" as const, host };
  }
  return { kind: "full", tld, serial, records: records() };
}

const filters = (change: Partial<PublicFilters>): PublicFilters => ({ ...NO_FILTERS, ...change });

async function soonNames(db: Db, change: Partial<PublicFilters>, collect = false): Promise<string[]> {
  const page = await findSoonAvailable(db, { filters: filters(change), now: NOW, pageSize: 100, collect });
  return page.domains.map((domain) => domain.unicodeName).toSorted();
}

describeEachEngine("the families of listed names", ({ handle }) => {
  it("says of each name whether its sibling and a twin are delegated, and the sibling's status on the lists", async () => {
    const db = handle().db;
    await seed(db);
    const families = await findNameFamilies(db, [...LISTED.map(ace), ace("hünd.nu")], NOW);
    expect(Object.fromEntries([...families].map(([name, family]) => [name, family]))).toEqual({
      "hund.se": { siblingRegistered: true, siblingStatus: null, twinRegistered: true },
      "katt.se": { siblingRegistered: false, siblingStatus: "registered", twinRegistered: true },
      [ace("räksmörgås.se")]: { siblingRegistered: true, siblingStatus: null, twinRegistered: false },
      [ace("blåbär.se")]: { siblingRegistered: false, siblingStatus: null, twinRegistered: true },
      "mus.se": { siblingRegistered: false, siblingStatus: null, twinRegistered: false },
      // An accented name's plain twin in its own TLD: hund.nu.
      [ace("hünd.nu")]: { siblingRegistered: false, siblingStatus: null, twinRegistered: true },
    });
  });

  it("come with a list's cards from the page's own query, however the page is read; the siblings' statuses by key", async () => {
    const db = handle().db;
    await seed(db);
    // What findNameFamilies says of each name (above), less the sibling's status, which the cards do not carry.
    const expected = Object.fromEntries(
      [...(await findNameFamilies(db, LISTED.map(ace), NOW))].map(([name, family]) => [
        name,
        { siblingRegistered: family.siblingRegistered, twinRegistered: family.twinRegistered },
      ]),
    );
    const familiesOf = (cards: DomainCardData[]) => Object.fromEntries(cards.map((card) => [card.name, card.family]));
    const first = await findSoonAvailable(db, { pageSize: 2, now: NOW });
    const rest = await findSoonAvailable(db, { pageSize: 10, after: first.nextCursor, now: NOW });
    expect(familiesOf([...first.domains, ...rest.domains])).toEqual(expected);
    expect(familiesOf((await findSoonAvailable(db, { pageSize: 10, now: NOW, collect: true })).domains)).toEqual(expected);
    expect(familiesOf((await findSoonAvailable(db, { pageSize: 10, now: NOW, sort: "name-asc" })).domains)).toEqual(expected);
    expect(familiesOf(await searchDomains(db, { term: "hund", now: NOW }))).toEqual({ "hund.se": expected["hund.se"] });
    // The soon search's walk, and (given a walk too short to find them) its collected matches in either order.
    for (const walk of [10_000, 1])
      for (const sort of ["date-asc", "name-asc"] as const)
        expect(familiesOf(await searchSoonAvailableWalkingForTests(db, { term: "hund", sort, now: NOW }, walk))).toEqual({
          "hund.se": expected["hund.se"],
        });
    // The home page's sections read none: their cards show no mark.
    expect((await findSoonAvailable(db, { pageSize: 10, now: NOW, families: false })).domains.map((card) => card.family)).toEqual(
      LISTED.map(() => undefined),
    );
    // The API's list reads the siblings' statuses beside its rows: by key, as shown now, null off the lists.
    expect(await findSiblingStatuses(db, ["katt.se", "katt.nu", "hund.se", "katt.se"], NOW)).toEqual(
      new Map([
        ["katt.se", "registered"],
        ["katt.nu", "soonavailable"],
        ["hund.se", null],
      ]),
    );
  });

  it("says nothing of a TLD without a snapshot, and nothing at all without a zone", async () => {
    const db = handle().db;
    await seed(db, { se: true, nu: false });
    expect(await findNameFamilies(db, ["katt.se", "katt.nu"], NOW)).toEqual(
      new Map([
        ["katt.se", { siblingRegistered: null, siblingStatus: "registered", twinRegistered: true }],
        ["katt.nu", { siblingRegistered: false, siblingStatus: "soonavailable", twinRegistered: true }],
      ]),
    );
    await handle().query("update zone_snapshots set state = 'failed'");
    await refreshFamilyFlags(db);
    expect(await findNameFamilies(db, ["katt.se"], NOW)).toEqual(
      new Map([["katt.se", { siblingRegistered: null, siblingStatus: "registered", twinRegistered: null }]]),
    );
    // More names than one statement reads: each is answered.
    const many = await findNameFamilies(db, ["katt.se", ...Array.from({ length: FAMILY_NAMES_AT_ONCE }, (_, i) => `n${i}.se`)], NOW);
    expect(many.size).toBe(FAMILY_NAMES_AT_ONCE + 1);
    expect(many.get("n1999.se")).toEqual({ siblingRegistered: null, siblingStatus: null, twinRegistered: null });
  });

  it("filters a list by them, walking its order or collecting its matches, and counts the view", async () => {
    const db = handle().db;
    await seed(db);
    for (const collect of [false, true]) {
      expect(await soonNames(db, { siblingRegistered: true }, collect)).toEqual(["hund.se", "räksmörgås.se"]);
      expect(await soonNames(db, { twinRegistered: true }, collect)).toEqual(["blåbär.se", "hund.se", "katt.se"]);
      expect(await soonNames(db, { siblingRegistered: true, twinRegistered: true }, collect)).toEqual(["hund.se"]);
      expect(await soonNames(db, { siblingRegistered: true, tlds: [".nu"] }, collect)).toEqual([]);
    }
    expect(await countListView(db, "soon-available", { filters: filters({ twinRegistered: true }), now: NOW })).toEqual({
      count: 3,
      more: false,
    });
    // The counts beside the other choices hold the family filter; the family filters have none of their own.
    const facets = await countListFacets(db, "soon-available", { filters: filters({ siblingRegistered: true }), now: NOW });
    expect(facets.tlds[".se"].count).toBe(2);
    expect(facets.tlds[".nu"].count).toBe(0);
  });

  it("filters by the stored flags alone, which the refresh reads from the zone by its indexes, one probe a row", async () => {
    await seed(handle().db);
    await handle().query("analyze");
    await handle().query("set enable_seqscan = off");
    const explain = async (text: string, params: unknown[] = []) =>
      (await handle().query<{ "QUERY PLAN": string }>(`explain ${text}`, params)).map((row) => row["QUERY PLAN"]).join("\n");
    const where = listViewWhere("soon-available", { filters: filters({ siblingRegistered: true, twinRegistered: true }), now: NOW });
    const { sql: text, params } = handle().db.select({ name: domains.name }).from(domains).where(where).toSQL();
    const filtered = await explain(text, params);
    expect(filtered).not.toMatch(/zone_delegations/);
    expect(filtered).toMatch(/domains_(sibling|twin)_registered_idx/);
    // The refresh: per listed row, probes into the zone's indexes, never a join with the zone or a hashed subplan.
    const refresh = (await handle().db.execute(sql`explain ${familyFlagsStatement()}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
    const plan = refresh.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan).toMatch(/SubPlan/);
    expect(plan).toMatch(/zone_delegations_pkey/);
    expect(plan).toMatch(/zone_delegations_twin_idx/);
    expect(plan).not.toMatch(/hashed SubPlan|Semi Join|Anti Join/);
  });
});

describeEachEngine("the stored family flags", ({ handle }) => {
  const flags = async () =>
    Object.fromEntries(
      (
        await handle().query<{ unicode_name: string; sibling_registered: boolean | null; twin_registered: boolean | null }>(
          "select unicode_name, sibling_registered, twin_registered from domains order by name",
        )
      ).map((row) => [row.unicode_name, [row.sibling_registered, row.twin_registered]]),
    );

  it("are null without a snapshot, set by a zone apply, and cleared when the sibling or twin leaves the zone", async () => {
    const db = handle().db;
    for (const name of ["hund.se", "mus.se", "katt.nu"])
      await insertDomain(db, name, { status: "soonavailable", releaseDate: "2026-12-20" });
    await refreshFamilyFlags(db);
    expect(await flags()).toEqual({ "hund.se": [null, null], "mus.se": [null, null], "katt.nu": [null, null] });

    await applyZoneRead(handle(), fullRead("nu", 1, ["hund.nu", ace("müs.nu"), "annat.nu"]), { source: "demo", now: AT });
    // .se has no snapshot: katt.nu's sibling is not known, its twins are (none).
    expect(await flags()).toEqual({ "hund.se": [true, false], "mus.se": [false, true], "katt.nu": [null, false] });
    expect(await soonNames(db, { siblingRegistered: true })).toEqual(["hund.se"]);
    expect(await soonNames(db, { twinRegistered: true })).toEqual(["mus.se"]);

    await applyZoneRead(handle(), fullRead("se", 1, ["katt.se"]), { source: "demo", now: AT });
    expect(await flags()).toEqual({ "hund.se": [true, false], "mus.se": [false, true], "katt.nu": [true, false] });

    // hund.nu and müs.nu leave (forced: more than the share a read may remove unheld).
    await applyZoneRead(handle(), fullRead("nu", 2, ["annat.nu"]), { source: "demo", now: NOW, force: true });
    expect(await flags()).toEqual({ "hund.se": [false, false], "mus.se": [false, false], "katt.nu": [true, false] });
    expect(await soonNames(db, { siblingRegistered: true })).toEqual(["katt.nu"]);
    // The cards read the same flags.
    expect((await findNameFamilies(db, ["hund.se", "mus.se"], NOW)).get("mus.se")).toEqual({
      siblingRegistered: false,
      siblingStatus: null,
      twinRegistered: false,
    });
    // Only the names the changes concern are recomputed after an apply that is not a TLD's first: a row
    // set by hand elsewhere stays as it is, while an accented twin appearing reaches hund.se (by key)
    // and a plain twin appearing reaches the listed accented name (folded).
    await insertDomain(db, "blåbär.se", { status: "soonavailable", releaseDate: "2026-12-20" });
    await handle().query("update domains set twin_registered = true where name = 'katt.nu'");
    await applyZoneRead(handle(), fullRead("nu", 3, ["annat.nu", ace("hünd.nu"), "blabar.nu"]), { source: "demo", now: NOW });
    expect(await flags()).toEqual({
      "hund.se": [false, true],
      "mus.se": [false, false],
      "katt.nu": [true, true],
      "blåbär.se": [false, true],
    });
    await refreshFamilyFlags(db);
    expect((await flags())["katt.nu"]).toEqual([true, false]);
  });

  it("are set for the names an import adds, and only changed rows are rewritten", async () => {
    await applyZoneRead(handle(), fullRead("nu", 1, ["hund.nu", "blabar.nu"]), { source: "demo", now: AT });
    await importReleaseList(
      handle(),
      {
        source: {
          kind: "bytes",
          bytes: jsonList([
            { name: "hund.se", release_at: "2026-12-20" },
            { name: ace("blåbär.se"), release_at: "2026-12-20" },
            { name: "mus.se", release_at: "2026-12-20" },
          ]),
          fileName: "list.json",
        },
        trigger: "upload",
      },
      { now: NOW },
    );
    expect(await flags()).toEqual({ "hund.se": [true, false], "blåbär.se": [false, true], "mus.se": [false, false] });
    expect(await refreshFamilyFlags(handle().db)).toBe(0);
    expect(await refreshFamilyFlags(handle().db, { names: ["mus.se"] })).toBe(0);
  });
});
