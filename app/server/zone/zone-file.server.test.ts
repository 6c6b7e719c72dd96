import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { absoluteName } from "./master-file.server";
import { readZoneFile } from "./zone-file.server";
import { zoneReadFailureOf } from "./zone-read.test-support";
import type { DelegationRecord, ZoneTld } from "./zone-records.server";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "snart-zone-file-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileNumber = 0;
async function zoneFile(text: string | Buffer): Promise<string> {
  fileNumber += 1;
  const path = join(dir, `zone-${fileNumber}`);
  await writeFile(path, text);
  return path;
}

async function read(path: string, tld: ZoneTld = "se"): Promise<{ serial: number; records: DelegationRecord[] }> {
  const zone = await readZoneFile(path, tld);
  const records: DelegationRecord[] = [];
  for await (const record of zone.records) records.push(record);
  return { serial: zone.serial, records };
}

const SOA = "se. 3600 IN SOA ns.se. hostmaster.se. 42 1800 600 864000 3600\n";

describe("readZoneFile", () => {
  it("reads the serial from the SOA, also when it spans lines with comments", async () => {
    const path = await zoneFile(
      "; a comment first\n$TTL 3600\n@ IN SOA ns hostmaster (\n  2026112901 ; serial\n  1800 600\n  864000 3600 )\n",
    );
    expect(await read(path)).toEqual({ serial: 2026112901, records: [] });
  });

  it("keeps the delegations and drops the apex, glue, signatures, deeper names and other types", async () => {
    const path = await zoneFile(
      [
        SOA.trimEnd(),
        "se. NS a.ns.se.",
        "a.ns.se. A 192.0.2.1",
        "shop.se. 86400 IN NS ns1.shop.se.",
        "ns1.shop.se. A 192.0.2.2",
        "ns1.shop.se. AAAA 2001:db8::2",
        "shop.se. DS 1 8 2 AB",
        "shop.se. RRSIG DS 8 2 3600 20261213000000 20261129000000 1 se. AAAA",
        "shop.se. NSEC tea.se. NS DS RRSIG NSEC",
        "tea.se. NSEC3 1 0 0 - ABC NS",
        'tea.se. TXT "not; a (delegation)"',
        "a.b.se. NS ns.example.net.",
        "se.nu. NS ns.example.net.",
        "tea.se. NS ns.example.net.",
      ].join("\r\n"),
    );
    expect((await read(path)).records).toEqual([
      { name: "shop.se", type: "NS", host: "ns1.shop.se" },
      { name: "shop.se", type: "DS" },
      { name: "tea.se", type: "NS", host: "ns.example.net" },
    ]);
  });

  it("follows $ORIGIN, @, relative names, omitted owners, TTL and class in either order or left out", async () => {
    const path = await zoneFile(
      [
        "$ORIGIN se.",
        SOA.trimEnd(),
        "$ORIGIN example.se.",
        "@ NS ns1 ; example.se. NS ns1.example.se.",
        "  IN 60 NS ns2.other.net.",
        "$ORIGIN se.",
        "Second 60 NS ns.Second",
        "\tDS 1 8 2 ( AB",
        "\t  CD )",
        "third\tNS ns.x.net.",
      ].join("\n"),
    );
    expect((await read(path)).records).toEqual([
      { name: "example.se", type: "NS", host: "ns1.example.se" },
      { name: "example.se", type: "NS", host: "ns2.other.net" },
      { name: "second.se", type: "NS", host: "ns.second.se" },
      { name: "second.se", type: "DS" },
      { name: "third.se", type: "NS", host: "ns.x.net" },
    ]);
  });

  it("reads quoted strings with escaped quotes, semicolons and parentheses as one token", async () => {
    const path = await zoneFile(`${SOA}info.se. TXT "a \\"quoted\\" ( text ; here" "two"\n  NS ns.info.net.\n`);
    expect((await read(path)).records).toEqual([{ name: "info.se", type: "NS", host: "ns.info.net" }]);
  });

  it("keeps escaped names apart from real labels", async () => {
    expect(absoluteName("a\\.b", "se")).toBe("a\\.b.se");
    expect(absoluteName("x\\065y.", "se")).toBe("xay");
    expect(absoluteName("Caf\\233.se.", "")).toBe("caf\\233.se");
    const path = await zoneFile(`${SOA}a\\.b.se. NS ns.example.net.\nok\\045name NS ns.example.net.\n`);
    expect((await read(path)).records).toEqual([{ name: "ok-name.se", type: "NS", host: "ns.example.net" }]);
  });

  it("reads a gzipped file, told by its first bytes, not its name", async () => {
    const path = await zoneFile(gzipSync(`${SOA}gz.se. NS ns.gz.net.\n`));
    expect(await read(path)).toEqual({ serial: 42, records: [{ name: "gz.se", type: "NS", host: "ns.gz.net" }] });
  });

  it("accepts the SOA again at the end (as a transfer's dump has it), with the same serial", async () => {
    const path = await zoneFile(`${SOA}end.se. NS ns.end.net.\n${SOA}`);
    expect((await read(path)).records).toHaveLength(1);
  });
});

describe("readZoneFile's errors", () => {
  it.each([
    ["a file without the SOA first", "shop.se. NS ns.shop.net.\n", /does not begin with the SOA record of se/],
    ["an empty file", "", /does not begin with the SOA record of se/],
    ["the SOA of another zone", SOA.replace("se.", "nu."), /does not begin with the SOA record of se/],
    ["an SOA without a serial", "se. SOA ns.se. hostmaster.se. (\n)\n", /without a valid serial \(line 1\)/],
    ["a parenthesis never closed", `${SOA}x.se. DS 1 8 2 ( AB\n`, /line 2: a parenthesis opened here is never closed/],
    ["a closing parenthesis alone", `${SOA}x.se. NS ns.x.net. )\n`, /line 2: a closing parenthesis without an opening one/],
    ["a quoted string left open", `${SOA}x.se. TXT "open\n`, /line 2: a quoted string is not closed/],
    ["$INCLUDE", `${SOA}$INCLUDE /etc/passwd\n`, /line 2: \$INCLUDE is not supported/],
    ["an omitted owner before any owner", `  NS ns.x.net.\n`, /line 1: a record without an owner name/],
    ["a second SOA of another serial", `${SOA}${SOA.replace(" 42 ", " 43 ")}`, /two SOA records with different serials \(line 2\)/],
  ])("says what is wrong with %s", async (_case, text, message) => {
    const error = await zoneReadFailureOf(read(await zoneFile(text)));
    expect(error.message).toMatch(message);
  });

  it("says so when the file is missing", async () => {
    const error = await zoneReadFailureOf(read(join(dir, "missing.zone")));
    expect(error.message).toBe(`The zone file ${join(dir, "missing.zone")} does not exist.`);
  });

  it("says so when a gzipped file is cut off", async () => {
    const whole = gzipSync(`${SOA}${"cut.se. NS ns.cut.net.\n".repeat(2000)}`);
    const path = await zoneFile(whole.subarray(0, whole.length - 40));
    const error = await zoneReadFailureOf(read(path));
    expect(error.failure).toBe("file");
    expect(error.message).toMatch(/is damaged or cut off/);
  });

  it("stops reading when the reader leaves early", async () => {
    const path = await zoneFile(`${SOA}${"many.se. NS ns.many.net.\n".repeat(50_000)}`);
    const zone = await readZoneFile(path, "se");
    const iterator = zone.records[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ name: "many.se", type: "NS", host: "ns.many.net" });
    expect(await iterator.return?.()).toEqual({ done: true, value: undefined });
  });
});
