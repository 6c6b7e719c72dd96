import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

import { seededRandom } from "~/domain/seeded-random";
import type { ZoneTld } from "~/server/zone/zone-records.server";

/**
 * A zone of realistic shape for the zone readers' tests and bench:zone: what
 * a signed TLD's zone file holds. The apex (SOA, NS, DNSKEY, NSEC3PARAM and
 * their signatures), then per name 2–4 NS records at a handful of operators,
 * a DS record for about a third of them, glue (A and AAAA) for names served by
 * their own in-zone name servers, and the NSEC chain with RRSIGs; signatures
 * and keys are random bytes. Written as an RFC 1035 file line by line, so a
 * zone of millions of names costs no memory; deterministic for a seed, and
 * cached: a file already written with the same parameters is reused.
 */
export type SignedZoneOptions = {
  /** Where to write the zone file; a sidecar `${path}.json` records what it holds. */
  path: string;
  tld: ZoneTld;
  names: number;
  serial?: number;
  seed?: number;
  /**
   * A later version of the same zone: this share of the names moved to other
   * name servers, as many again dropped, and as many new names added.
   */
  changedShare?: number;
};

export type SignedZone = {
  path: string;
  tld: ZoneTld;
  serial: number;
  /** Delegated names, NS records and DS records the file holds. */
  names: number;
  nsRecords: number;
  dsRecords: number;
};

const OPERATORS = [
  ["ns1.loopia.se", "ns2.loopia.se"],
  ["ns01.one.com", "ns02.one.com"],
  ["ns1.binero.se", "ns2.binero.se", "ns3.binero.se"],
  ["ns1.glesys.se", "ns2.glesys.se", "ns3.glesys.se", "ns4.glesys.se"],
  ["anna.ns.cloudflare.com", "bob.ns.cloudflare.com"],
  ["ns1.domeneshop.no", "ns2.domeneshop.no", "ns3.domeneshop.no"],
  ["ns1.parkingcrew.net", "ns2.parkingcrew.net"],
  ["ns1.inleed.net", "ns2.inleed.net"],
];
const SYLLABLES = ["ka", "lo", "mi", "sa", "ber", "ny", "ti", "dal", "sol", "ek", "vik", "strom", "berg", "ha", "re", "xn"];

export async function ensureSignedZone(options: SignedZoneOptions): Promise<SignedZone> {
  const key = JSON.stringify({ ...options, path: undefined, version: 1 });
  const sidecar = `${options.path}.json`;
  const cached = await readFile(sidecar, "utf8").then((text) => JSON.parse(text) as { key: string; zone: SignedZone }, () => null);
  if (cached?.key === key && (await stat(options.path).catch(() => null))) return cached.zone;
  const zone = await writeSignedZone(options);
  await writeFile(sidecar, JSON.stringify({ key, zone }));
  return zone;
}

export async function writeSignedZone({ path, tld, names, serial = 2026112900, seed = 1, changedShare = 0 }: SignedZoneOptions): Promise<SignedZone> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const out = createWriteStream(temporary);
  let batch = "";
  const write = async (text: string, flush = false) => {
    batch += text;
    if (batch.length < 1 << 16 && !flush) return;
    const full = out.write(batch);
    batch = "";
    if (!full) await once(out, "drain");
  };
  const counts = { names: 0, nsRecords: 0, dsRecords: 0 };
  const keyTag = 10000 + (seed % 50000);
  // Signatures and keys are random bytes: only the names and their servers need to be the same for a seed.
  const sig = (type: string, labels: number) =>
    `RRSIG ${type} 8 ${labels} 3600 20261213000000 20261129000000 ${keyTag} ${tld}. ( ${randomBytes(128).toString("base64")} )`;

  await write(`$ORIGIN ${tld}.\n$TTL 3600\n`);
  await write(`@ 3600 IN SOA catcher-in-the-rye.nic.${tld}. registry-default.nic.${tld}. ( ${serial} 1800 600 864000 7200 )\n`);
  await write(`@ 172800 IN NS a.ns.${tld}.\n@ 172800 IN NS b.ns.${tld}.\n`);
  await write(`@ IN DNSKEY 257 3 8 ( ${randomBytes(260).toString("base64")} )\n@ IN DNSKEY 256 3 8 ${randomBytes(132).toString("base64")}\n`);
  await write(`@ IN NSEC3PARAM 1 0 0 -\n@ IN ${sig("SOA", 1)}\n@ IN ${sig("NS", 1)}\n@ IN ${sig("DNSKEY", 1)}\n`);
  await write(`a.ns 172800 IN A 192.0.2.53\nb.ns 172800 IN AAAA 2001:db8::53\n`);

  const total = names + Math.round(names * changedShare);
  for (let index = 0; index < total; index += 1) {
    // Each name draws from its own generator, so a changed version keeps the other names as they were.
    const random = nameRandom(seed, index);
    const label = nameLabel(index, random);
    const isNew = index >= names;
    const change = !isNew && changedShare > 0 ? nameRandom(seed + 1, index)() : 1;
    if (change < changedShare) continue; // dropped in this version
    const moved = change < 2 * changedShare;
    const inZone = random() < 0.05;
    const hosts = inZone ? [`ns1.${label}.${tld}`, `ns2.${label}.${tld}`] : pickOperator(random, moved);
    const signed = random() < 0.33;
    counts.names += 1;
    counts.nsRecords += hosts.length;
    for (const host of hosts) await write(`${label} IN NS ${host}.\n`);
    if (signed) {
      counts.dsRecords += 1;
      await write(`${label} IN DS ${keyTag} 8 2 ${randomBytes(32).toString("hex").toUpperCase()}\n\t\tIN ${sig("DS", 2)}\n`);
    }
    const next = nameLabel(index + 1, nameRandom(seed, index + 1));
    await write(`${label} 7200 IN NSEC ${next}.${tld}. NS ${signed ? "DS " : ""}RRSIG NSEC\n\tIN ${sig("NSEC", 2)}\n`);
    if (inZone) await write(`ns1.${label} IN A 192.0.2.${1 + (index % 250)}\nns2.${label} IN AAAA 2001:db8::${(index % 65535).toString(16)}\n`);
  }
  await write("", true);
  out.end();
  await once(out, "finish");
  await rename(temporary, path);
  return { path, tld, serial, ...counts };
}

/** A unique, name-like label for an index: syllables for the look, the index in base 36 for uniqueness. */
function nameLabel(index: number, random: () => number): string {
  const syllables = 1 + Math.floor(random() * 3);
  let label = "";
  for (let i = 0; i < syllables; i += 1) label += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return `${label}${index.toString(36)}`;
}

function pickOperator(random: () => number, moved: boolean): string[] {
  const operator = OPERATORS[Math.floor(random() * OPERATORS.length)];
  const count = Math.min(operator.length, 2 + Math.floor(random() * 3));
  const hosts = operator.slice(0, count);
  return moved ? hosts.map((host) => `moved-${host}`) : hosts;
}

function nameRandom(seed: number, index: number): () => number {
  return seededRandom(Math.imul(seed, 2654435761) ^ Math.imul(index + 1, 40503));
}
