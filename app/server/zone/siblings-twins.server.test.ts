import { expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import { TWINS_LIMIT } from "~/domain/siblings-twins";
import { foldTwinLabel } from "~/domain/twins";
import { insertDomain } from "~tests/factories/domain-detail";
import { insertZone, insertZoneDelegations, insertZoneSnapshot } from "~tests/factories/zone";
import { describeEachEngine } from "~tests/setup/test-db";
import type { Db } from "~/server/db/client.server";
import { findSiblingsAndTwins } from "./siblings-twins.server";

const FIRST = new Date("2026-12-03T06:00:00Z");
const SECOND = new Date("2026-12-04T06:00:00Z");
const NOW = new Date("2026-12-05T12:00:00Z");
const LOOPIA = ["ns1.loopia.se", "ns2.loopia.se"];

function nameOf(text: string) {
  const parsed = parseDomainName(text);
  if (!parsed.ok) throw new Error(text);
  return parsed;
}

const ace = (text: string) => nameOf(text).ace;

/**
 * .se: räksmörgås, räksmorgas and hünd of the first snapshot, raksmorgas.se and hund.se appearing in the second;
 * .nu: räksmörgås.nu and räksmorgås.nu; raksmorgas.nu and hund.nu not delegated, hund.nu on the soon list.
 */
async function seedZone(db: Db) {
  const first = await insertZoneSnapshot(db, ".se", FIRST);
  const second = await insertZoneSnapshot(db, ".se", SECOND);
  await insertZoneDelegations(db, ".se", { id: first, at: FIRST }, [
    { name: ace("räksmörgås.se"), nameServers: LOOPIA },
    { name: ace("räksmorgas.se"), nameServers: ["ns1.example.co.uk"] },
    { name: ace("hünd.se"), nameServers: LOOPIA },
  ]);
  await insertZoneDelegations(db, ".se", { id: second, at: SECOND }, [
    { name: "raksmorgas.se", nameServers: ["a.ns.cloudflare.com"] },
    { name: "hund.se", nameServers: LOOPIA },
  ]);
  await insertZone(db, ".nu", FIRST, [
    { name: ace("räksmörgås.nu"), nameServers: LOOPIA },
    { name: ace("räksmorgås.nu"), nameServers: ["ns1.sedoparking.com"] },
  ]);
  await insertDomain(db, "hund.nu", { status: "soonavailable", releaseDate: "2026-12-20" });
}

const inZone = (at: Date, first: boolean) => ({ delegated: true, since: at.toISOString(), sinceIsFirstSnapshot: first });

describeEachEngine("findSiblingsAndTwins", ({ handle }) => {
  it("a name with å, ä, ö: its sibling, and its twins in both TLDs — plain forms whether delegated or not, accented ones from the zone", async () => {
    const db = handle().db;
    await seedZone(db);
    const facts = await findSiblingsAndTwins(db, nameOf("räksmörgås.se"), NOW);

    expect(facts.foldedLabel).toBe("raksmorgas");
    expect(facts.foldedLetters).toEqual(["ä", "ö", "å"]);
    expect(facts.zoneTlds.toSorted()).toEqual([".nu", ".se"]);
    expect(facts.sibling).toEqual({
      name: ace("räksmörgås.nu"),
      unicodeName: "räksmörgås.nu",
      tld: ".nu",
      zone: {
        snapshotAt: FIRST.toISOString(),
        ...inZone(FIRST, true),
        operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
      },
      list: null,
    });
    // The name's own TLD first, the plain twin before the accented ones; the name and its sibling left out.
    expect(facts.twins.map((twin) => twin.unicodeName)).toEqual(["raksmorgas.se", "räksmorgas.se", "raksmorgas.nu", "räksmorgås.nu"]);
    expect(facts.twins[0].zone).toMatchObject({
      snapshotAt: SECOND.toISOString(),
      ...inZone(SECOND, false),
      operator: { name: "Cloudflare" },
    });
    expect(facts.twins[1].zone).toMatchObject({ ...inZone(FIRST, true), operator: { name: "example.co.uk", fromTable: false } });
    expect(facts.twins[2].zone).toEqual({
      snapshotAt: FIRST.toISOString(),
      delegated: false,
      since: null,
      sinceIsFirstSnapshot: false,
      operator: null,
    });
    expect(facts.twins[3].zone).toMatchObject({ delegated: true, operator: { name: "Sedo", kind: "parking" } });
    expect(facts.moreTwins).toBe(false);
  });

  it("a plain name: its sibling from the lists, its accented twins from the zone", async () => {
    const db = handle().db;
    await seedZone(db);
    const facts = await findSiblingsAndTwins(db, nameOf("hund.se"), NOW);

    expect(facts.foldedLetters).toEqual([]);
    expect(facts.sibling).toMatchObject({
      name: "hund.nu",
      zone: { delegated: false },
      list: { status: "soonavailable", releaseDate: "2026-12-20" },
    });
    expect(facts.twins).toEqual([
      {
        name: ace("hünd.se"),
        unicodeName: "hünd.se",
        tld: ".se",
        zone: {
          snapshotAt: SECOND.toISOString(),
          ...inZone(FIRST, true),
          operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
        },
        list: null,
      },
    ]);
    // From the other side: hünd.se's plain twins are hund.se (delegated) and hund.nu (listed).
    const fromTwin = await findSiblingsAndTwins(db, nameOf("hünd.se"), NOW);
    expect(fromTwin.twins.map((twin) => [twin.unicodeName, twin.zone?.delegated, twin.list?.status ?? null])).toEqual([
      ["hund.se", true, null],
      ["hund.nu", false, "soonavailable"],
    ]);
  });

  it("a TLD without a snapshot says nothing of the zone; a listed name keeps its list's word", async () => {
    const db = handle().db;
    await insertZone(db, ".se", FIRST, [{ name: "katt.se", nameServers: LOOPIA }]);
    await insertDomain(db, "katt.nu", { status: "premium", releaseDate: null });
    const facts = await findSiblingsAndTwins(db, nameOf("kätt.se"), NOW);
    expect(facts.zoneTlds).toEqual([".se"]);
    expect(facts.sibling).toMatchObject({ name: ace("kätt.nu"), zone: null, list: null });
    expect(facts.twins.map((twin) => [twin.name, twin.zone?.delegated ?? null, twin.list?.status ?? null])).toEqual([
      ["katt.se", true, null],
      ["katt.nu", null, "premium"],
    ]);
  });

  it("many twins: the first TWINS_LIMIT, and that there are more", async () => {
    const db = handle().db;
    const variants = ["a", "á", "à", "â", "ä", "å", "ã", "ā"];
    const labels = variants.flatMap((first) => variants.map((second) => `${first}${second}b`)).filter((label) => label !== "aab");
    await insertZone(
      db,
      ".se",
      FIRST,
      labels.map((label) => ({ name: ace(`${label}.se`), nameServers: LOOPIA })),
    );
    // The same in .nu, where each ACE name sorts just before its .se twin: the .se twins still come first, and fill the list.
    await insertZone(
      db,
      ".nu",
      FIRST,
      labels.map((label) => ({ name: ace(`${label}.nu`), nameServers: LOOPIA })),
    );
    const facts = await findSiblingsAndTwins(db, nameOf("aab.se"), NOW);
    expect(facts.twins).toHaveLength(TWINS_LIMIT);
    expect(facts.twins.every((twin) => twin.tld === ".se")).toBe(true);
    expect(facts.moreTwins).toBe(true);
    expect(facts.twins.every((twin) => twin.zone?.delegated && foldTwinLabel(twin.unicodeName) === "aab.se")).toBe(true);
  });

  it("the database's fold is the TypeScript fold for every Latin letter .se and .nu may take, and garbage never raises (it is computed as delegations are written)", async () => {
    const letters: string[] = [];
    for (let code = 0xdf; code <= 0x24f; code++) letters.push(String.fromCodePoint(code));
    letters.push("ʒ", "ǯ", "ש", "אַ", "éé", "åäö-ü");
    const names = letters.flatMap((letter) => {
      const parsed = parseDomainName(`x${letter}y.se`);
      return parsed.ok && parsed.ace.startsWith("xn--") ? [parsed] : [];
    });
    expect(names.length).toBeGreaterThan(200);
    const rows = await handle().query<{ name: string; folded: string | null }>(
      "select name, zone_twin_fold(name) as folded from unnest($1::text[]) as name",
      [names.map((name) => name.ace)],
    );
    const sqlFold = new Map(rows.map((row) => [row.name, row.folded]));
    const differing = names.filter((name) => sqlFold.get(name.ace) !== foldTwinLabel(name.label)).map((name) => name.label);
    expect(differing).toEqual([]);

    const garbage = await handle().query<{ folded: string | null }>(
      "select zone_twin_fold(name) as folded from unnest(array['xn--.se', 'xn--9999999999999999.se', 'xn--a-.se', 'xn--zz!.se']) as name",
    );
    // An empty or basic-only label decodes as such; deltas past any code point or a character outside the alphabet give null.
    expect(garbage.map((row) => row.folded)).toEqual(["", null, "a", null]);
  });

  it("the twins are found by the index on the folded label", async () => {
    const db = handle().db;
    await handle().query(
      "insert into zone_snapshots (tld, serial, source, trigger, state, applied_at) values ('.se', 1, 'demo', 'test', 'succeeded', now())",
    );
    await insertZone(db, ".nu", FIRST, [{ name: ace("hünd.nu"), nameServers: LOOPIA }]);
    await handle().query("analyze zone_delegations");
    await handle().query("set enable_seqscan = off");
    const plan = await handle().query<{ "QUERY PLAN": string }>(
      "explain select name from zone_delegations where name like 'xn--%' and zone_twin_fold(name) = $1",
      ["hund"],
    );
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/zone_delegations_twin_idx/);
  });
});
