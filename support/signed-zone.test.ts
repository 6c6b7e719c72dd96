import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readZoneFile } from "~/server/zone/zone-file.server";
import type { DelegationRecord } from "~/server/zone/zone-records.server";

import { ensureSignedZone } from "./signed-zone";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "snart-signed-zone-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function namesOf(path: string): Promise<Map<string, string[]>> {
  const zone = await readZoneFile(path, "se");
  const names = new Map<string, string[]>();
  for await (const record of zone.records as AsyncIterable<DelegationRecord>) {
    const entry = names.get(record.name) ?? [];
    entry.push(record.type === "NS" ? record.host : "DS");
    names.set(record.name, entry);
  }
  return names;
}

describe("ensureSignedZone", () => {
  it("writes a signed zone whose delegations the zone reader finds, 2–4 name servers each", async () => {
    const zone = await ensureSignedZone({ path: join(dir, "se.zone"), tld: "se", names: 300, serial: 7 });
    const text = await readFile(zone.path, "utf8");
    for (const type of ["RRSIG", "NSEC", "DNSKEY", "NSEC3PARAM", " A ", " AAAA "]) expect(text).toContain(type);

    const names = await namesOf(zone.path);
    expect(names.size).toBe(300);
    expect((await readZoneFile(zone.path, "se")).serial).toBe(7);
    const hosts = [...names.values()].map((entry) => entry.filter((host) => host !== "DS"));
    expect(hosts.every((list) => list.length >= 2 && list.length <= 4)).toBe(true);
    expect(hosts.flat()).toHaveLength(zone.nsRecords);
    expect([...names.values()].flat().filter((host) => host === "DS")).toHaveLength(zone.dsRecords);
    expect(zone.dsRecords).toBeGreaterThan(0);
  });

  it("reuses a zone already written with the same parameters, and writes anew for others", async () => {
    const path = join(dir, "cached.zone");
    await ensureSignedZone({ path, tld: "se", names: 50 });
    const written = (await stat(path)).mtimeMs;
    await ensureSignedZone({ path, tld: "se", names: 50 });
    expect((await stat(path)).mtimeMs).toBe(written);
    expect((await ensureSignedZone({ path, tld: "se", names: 60 })).names).toBe(60);
  });

  it("writes a changed version that keeps most names as they were", async () => {
    const before = await namesOf((await ensureSignedZone({ path: join(dir, "v1.zone"), tld: "se", names: 2000 })).path);
    const after = await namesOf((await ensureSignedZone({ path: join(dir, "v2.zone"), tld: "se", names: 2000, changedShare: 0.01 })).path);
    const kept = [...before.keys()].filter((name) => after.has(name));
    const unchanged = kept.filter(
      (name) => JSON.stringify(after.get(name)?.filter((h) => h !== "DS")) === JSON.stringify(before.get(name)?.filter((h) => h !== "DS")),
    );
    expect(kept.length).toBeGreaterThan(1900);
    expect(kept.length).toBeLessThan(2000);
    expect(unchanged.length).toBeLessThan(kept.length);
    expect(unchanged.length).toBeGreaterThan(1900);
    expect([...after.keys()].filter((name) => !before.has(name)).length).toBe(20);
  });
});
