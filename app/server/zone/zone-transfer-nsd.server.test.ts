import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type NsdServer, startNsd } from "~support/nsd-server";
import { type SignedZone, writeSignedZone } from "~support/signed-zone";

import { readZoneFile } from "./zone-file.server";
import { querySoaSerial, transferZone } from "./zone-transfer.server";
import type { DelegationRecord, ZoneRead, ZoneTld } from "./zone-records.server";

// A real DNS server: NSD (Debian's nsd, installed by .ci/run), serving a generated signed .se zone and a
// hand-written .nu zone in many of the master file's forms. What a transfer gives must be what the file gives.
const nuZoneFile = join(import.meta.dirname, "fixtures", "nu-syntax.zone");
let dir: string;
let seZone: SignedZone;
let nsd: NsdServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "snart-zone-"));
  seZone = await writeSignedZone({ path: join(dir, "se.zone"), tld: "se", names: 400, serial: 2026112907, seed: 3 });
  nsd = await startNsd([
    { tld: "se", zoneFile: seZone.path },
    { tld: "nu", zoneFile: nuZoneFile },
  ]);
});

afterAll(async () => {
  await nsd?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function sortedRecords(read: ZoneRead): Promise<DelegationRecord[]> {
  if (read.kind !== "full") throw new Error(`expected a full read, got ${read.kind}`);
  const records: DelegationRecord[] = [];
  for await (const record of read.records) records.push(record);
  return records.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const transfer = (tld: ZoneTld, fromSerial?: number) => transferZone({ server: nsd.server, tld, fromSerial, timeoutMs: 20_000 });

describe("reading the zone from NSD", () => {
  it("reads the SOA serial", async () => {
    expect(await querySoaSerial({ server: nsd.server, tld: "se", timeoutMs: 5000 })).toBe(2026112907);
    expect(await querySoaSerial({ server: nsd.server, tld: "nu", timeoutMs: 5000 })).toBe(2026112905);
  });

  it("gives by AXFR the same delegations as the zone file, plain and gzipped", async () => {
    const transferred = await sortedRecords(await transfer("se"));
    expect(transferred.filter((record) => record.type === "NS")).toHaveLength(seZone.nsRecords);
    expect(transferred.filter((record) => record.type === "DS")).toHaveLength(seZone.dsRecords);
    expect(await sortedRecords(await readZoneFile(seZone.path, "se"))).toEqual(transferred);

    const gzipped = join(dir, "se.zone.download");
    await writeFile(gzipped, gzipSync(await readFile(seZone.path)));
    expect(await sortedRecords(await readZoneFile(gzipped, "se"))).toEqual(transferred);
  });

  it("reads a zone written in the master file's many forms the same way NSD does", async () => {
    const transferred = await sortedRecords(await transfer("nu"));
    expect(await sortedRecords(await readZoneFile(nuZoneFile, "nu"))).toEqual(transferred);
    expect(transferred).toEqual([
      { name: "dig-ds.nu", type: "DS" },
      { name: "dig-ds.nu", type: "NS", host: "ns.dig-ds.com" },
      { name: "example.nu", type: "DS" },
      { name: "example.nu", type: "NS", host: "ns1.example.net" },
      { name: "example.nu", type: "NS", host: "ns2.example.net" },
      { name: "glue.nu", type: "NS", host: "ns1.glue.nu" },
      { name: "glue.nu", type: "NS", host: "ns2.glue.nu" },
      { name: "sub.nu", type: "NS", host: "ns1.sub.nu" },
      { name: "xn--rksmrgs-5wao1o.nu", type: "NS", host: "ns1.loopia.se" },
      { name: "xn--rksmrgs-5wao1o.nu", type: "NS", host: "ns2.loopia.se" },
    ]);
  });

  it("takes NSD's answer to an IXFR from an older serial (the whole zone, AXFR-style) as a full read", async () => {
    // NSD 4.6 (Debian 12) keeps no differences of a zone it loads from a file, so it answers an IXFR with the
    // whole zone; the incremental form is read from a hand-made server in zone-transfer.server.test.ts.
    const read = await transfer("se", 2026112901);
    expect(read).toMatchObject({ kind: "full", serial: 2026112907 });
    expect(await sortedRecords(read)).toEqual(await sortedRecords(await transfer("se")));
  });

  it("learns from an IXFR at the current serial that nothing changed", async () => {
    const read = await transfer("se", 2026112907);
    expect(read).toMatchObject({ kind: "incremental", fromSerial: 2026112907, serial: 2026112907 });
    if (read.kind !== "incremental") return;
    for await (const change of read.changes) throw new Error(`unexpected change ${JSON.stringify(change)}`);
  });
});
