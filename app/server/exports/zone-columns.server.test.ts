import { expect, it } from "vitest";
import { type DownloadRow, NO_ZONE_COLUMNS, type ZoneExportColumns } from "~/domain/export-rows";
import { parseDomainName } from "~/domain/names";
import { NO_FILTERS } from "~/domain/public-filters";
import type { ZoneFacts } from "~/domain/zone-facts";
import type { Db } from "~/server/db/client.server";
import { zoneChanges } from "~/server/db/schema/index.server";
import { findZoneFacts } from "~/server/zone/zone-facts.server";
import { createDomains } from "~tests/factories/domains";
import { insertZoneDelegations, insertZoneSnapshot } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import { exportBatches } from "./list-export.server";

const FIRST = new Date("2026-12-03T06:00:00Z");
const SECOND = new Date("2026-12-04T06:00:00Z");
const NAMES = ["hund.se", "katt.se", "häst.se", "fisk.se", "mus.se", "orm.nu", "uggla.se", "lo.se"];

/**
 * The soon list's names in a .se zone of two snapshots (.nu has none): hund.se
 * and häst.se since the first, katt.se appeared in the second, häst.se changed
 * name servers, fisk.se left, mus.se never seen, uggla.se appeared and left,
 * lo.se left and came back (a disappearance older than its newest change).
 */
async function seedListAndZone(db: Db) {
  await createDomains(
    db,
    NAMES.map((name, index) => ({ name, status: "soonavailable" as const, releaseDate: "2099-01-05", score: 90 - index })),
  );
  const first = await insertZoneSnapshot(db, ".se", FIRST);
  const second = await insertZoneSnapshot(db, ".se", SECOND);
  const changed = { lastChangedAt: SECOND, lastChangedSnapshotId: second };
  await insertZoneDelegations(db, ".se", { id: first, at: FIRST }, [
    { name: "hund.se", nameServers: ["ns1.loopia.se", "ns2.loopia.se"] },
    { name: "xn--hst-qla.se", nameServers: ["ns1.example.co.uk"], ...changed },
    {
      name: "katt.se",
      nameServers: ["a.ns.cloudflare.com", "b.ns.cloudflare.com"],
      delegatedSince: SECOND,
      sinceSnapshotId: second,
      ...changed,
    },
    { name: "lo.se", nameServers: ["ns1.loopia.se"], delegatedSince: SECOND, sinceSnapshotId: second, ...changed },
  ]);
  const change = { snapshotId: second, tld: ".se" as const, seenAt: SECOND };
  await db.insert(zoneChanges).values([
    { ...change, name: "katt.se", kind: "appeared", newNameServers: ["a.ns.cloudflare.com", "b.ns.cloudflare.com"] },
    { ...change, name: "xn--hst-qla.se", kind: "name_servers_changed", newNameServers: ["ns1.example.co.uk"] },
    { ...change, name: "fisk.se", kind: "disappeared", oldNameServers: ["ns1.loopia.se"] },
    { ...change, name: "uggla.se", kind: "appeared", newNameServers: ["ns1.binero.se"], seenAt: FIRST },
    { ...change, name: "uggla.se", kind: "disappeared", oldNameServers: ["ns1.binero.se"] },
    { ...change, name: "lo.se", kind: "disappeared", oldNameServers: ["ns1.loopia.se"], seenAt: FIRST },
    { ...change, name: "lo.se", kind: "appeared", newNameServers: ["ns1.loopia.se"] },
  ]);
}

/** The soon list downloaded in batches of two (by score, the seed's order). */
async function download(db: Db): Promise<DownloadRow[]> {
  const rows: DownloadRow[] = [];
  const view = { list: "soon-available" as const, filters: NO_FILTERS, includeFeatured: true, sort: "score-desc" };
  for await (const batch of exportBatches(db, view, {
    siteUrl: "https://snartlediga.se",
    now: new Date(),
    batchSize: 2,
    firstBatchSize: 2,
  })) {
    rows.push(...batch);
  }
  return rows;
}

const zoneColumnsOf = (row: DownloadRow): ZoneExportColumns => ({
  zoneDelegated: row.zoneDelegated,
  zoneDelegatedSince: row.zoneDelegatedSince,
  zoneSinceIsFirstSnapshot: row.zoneSinceIsFirstSnapshot,
  zoneOperator: row.zoneOperator,
  zoneNameServers: row.zoneNameServers,
  zoneLastChange: row.zoneLastChange,
  zoneLastChangeAt: row.zoneLastChangeAt,
});

/** What the domain page says of the name, as a download's columns. */
const fromFacts = (facts: ZoneFacts | null): ZoneExportColumns =>
  facts === null
    ? NO_ZONE_COLUMNS
    : {
        zoneDelegated: facts.delegated,
        zoneDelegatedSince: facts.since,
        zoneSinceIsFirstSnapshot: facts.sinceIsFirstSnapshot,
        zoneOperator: facts.operator?.name ?? null,
        zoneNameServers: facts.nameServers,
        zoneLastChange: facts.lastChange?.kind ?? null,
        zoneLastChangeAt: facts.lastChange?.at ?? null,
      };

describeEachEngine("a download's zone columns", ({ handle }) => {
  it("say of every name what its page says, batch after batch; empty for a TLD without a snapshot", async () => {
    const db = handle().db;
    await seedListAndZone(db);
    const rows = await download(db);
    expect(rows.map((row) => row.name)).toEqual(NAMES);
    const byName = new Map(rows.map((row) => [row.name, zoneColumnsOf(row)]));

    expect(byName.get("hund.se")).toEqual({
      zoneDelegated: true,
      zoneDelegatedSince: FIRST.toISOString(),
      zoneSinceIsFirstSnapshot: true,
      zoneOperator: "Loopia",
      zoneNameServers: ["ns1.loopia.se", "ns2.loopia.se"],
      zoneLastChange: null,
      zoneLastChangeAt: null,
    });
    expect(byName.get("katt.se")).toMatchObject({
      zoneDelegatedSince: SECOND.toISOString(),
      zoneSinceIsFirstSnapshot: false,
      zoneOperator: "Cloudflare",
      zoneLastChange: "appeared",
      zoneLastChangeAt: SECOND.toISOString(),
    });
    // An operator not in the table: the name servers' own registrable domain.
    expect(byName.get("häst.se")).toMatchObject({ zoneOperator: "example.co.uk", zoneLastChange: "name_servers_changed" });
    const gone = {
      zoneDelegated: false,
      zoneNameServers: [],
      zoneOperator: null,
      zoneLastChange: "disappeared",
      zoneLastChangeAt: SECOND.toISOString(),
    };
    expect(byName.get("fisk.se")).toMatchObject(gone);
    expect(byName.get("uggla.se")).toMatchObject(gone);
    expect(byName.get("mus.se")).toMatchObject({ zoneDelegated: false, zoneNameServers: [], zoneLastChange: null, zoneLastChangeAt: null });
    expect(byName.get("orm.nu")).toEqual(NO_ZONE_COLUMNS);
    // Gone once, back since: its delegation is read past the older disappearance.
    expect(byName.get("lo.se")).toMatchObject({ zoneDelegated: true, zoneOperator: "Loopia", zoneLastChange: "appeared" });

    for (const row of rows) {
      const parsed = parseDomainName(row.ace);
      if (!parsed.ok) throw new Error(row.ace);
      expect(zoneColumnsOf(row), row.name).toEqual(fromFacts(await findZoneFacts(db, parsed)));
    }
  });

  it("are empty everywhere when the site has no snapshot, and a failed read is none", async () => {
    const db = handle().db;
    await createDomains(db, [{ name: "hund.se", status: "soonavailable", releaseDate: "2099-01-05" }]);
    expect((await download(db)).map(zoneColumnsOf)).toEqual([NO_ZONE_COLUMNS]);
    await insertZoneSnapshot(db, ".se", FIRST, "failed");
    expect((await download(db)).map(zoneColumnsOf)).toEqual([NO_ZONE_COLUMNS]);
  });

  it("end each row with its sibling and twins in brief, batch after batch", async () => {
    const db = handle().db;
    await seedListAndZone(db);
    const third = new Date("2026-12-04T07:00:00Z");
    const hund = parseDomainName("hünd.se");
    if (!hund.ok) throw new Error("hünd.se");
    await insertZoneDelegations(db, ".se", { id: await insertZoneSnapshot(db, ".se", third), at: third }, [
      { name: hund.ace, nameServers: ["ns1.loopia.se"] },
    ]);
    await createDomains(db, [{ name: "orm.se", status: "registered", releaseDate: null }]);
    const byName = new Map((await download(db)).map((row) => [row.name, row]));
    // .nu has no snapshot: a .se name's sibling is not known; its twins in .se are.
    expect(byName.get("hund.se")).toMatchObject({ siblingRegistered: null, siblingStatus: null, twinRegistered: true });
    expect(byName.get("mus.se")).toMatchObject({ siblingRegistered: null, siblingStatus: null, twinRegistered: false });
    expect(byName.get("orm.nu")).toMatchObject({ siblingRegistered: false, siblingStatus: "registered", twinRegistered: false });
  });
});
