import { readFileSync } from "node:fs";
import fc from "fast-check";
import punycode from "punycode/punycode.es6.js";
import { describe, expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import { REGISTRY_SAMPLE_FILE, jsonList, txtList } from "~tests/factories/imports";
import { ImportError } from "~/server/imports/release-list/runs/import-error.server";
import { parseReleaseList } from "./parse-release-list.server";
import { createEntryCollector, MAX_LISTED_ERRORS, parseListedName } from "./release-list-entries.server";

describe("parseReleaseList: JSON", () => {
  it("reads the registry's shape: ACE kept as the key, Unicode for display, length in code points", () => {
    const list = parseReleaseList(
      jsonList([
        { name: "exempel.se", release_at: "2021-08-10" },
        { name: "xn--rksmrgs-5wao1o.se", release_at: "2021-08-11" },
        { name: "Kaffe.NU", release_at: "2021-08-12" },
      ]),
    );
    expect(list).toMatchObject({
      format: "json",
      total: 3,
      failed: 0,
      errors: [],
    });
    expect(list.entries).toEqual([
      {
        name: "exempel.se",
        unicodeName: "exempel.se",
        tld: ".se",
        length: 7,
        releaseDate: "2021-08-10",
      },
      {
        name: "xn--rksmrgs-5wao1o.se",
        unicodeName: "räksmörgås.se",
        tld: ".se",
        length: 10,
        releaseDate: "2021-08-11",
      },
      {
        name: "kaffe.nu",
        unicodeName: "kaffe.nu",
        tld: ".nu",
        length: 5,
        releaseDate: "2021-08-12",
      },
    ]);
  });

  it('reads the last "data" member when the list has two, as JSON.parse would, counting only its items', () => {
    const text = '{"data":[{"name":"a.se","release_at":"2030-01-01"}],"data":[{"name":"b.se","release_at":"2030-01-02"}, 7]}';
    const list = parseReleaseList(Buffer.from(text));
    expect(list.entries.map((entry) => entry.name)).toEqual(["b.se"]);
    expect(list).toMatchObject({ total: 2, failed: 1, errors: ["Item 2: 7 is not an object with name and release_at"] });
  });

  it.each([
    ["not JSON at all", "hello", /^Invalid JSON format: /],
    ["truncated JSON", '{"data":[{"name":"a.se"', /^Invalid JSON format: /],
    ["JSON without data", '{"domains":[]}', /^Invalid import data format$/],
    ["data that is not a list", '{"data":{"name":"a.se"}}', /^Invalid import data format$/],
    ["a bare list", '[{"name":"a.se","release_at":"2021-01-01"}]', /^Invalid import data format$/],
    ["null", "null", /^Invalid import data format$/],
  ])("refuses %s with a clear message", (_case, text, message) => {
    const attempt = () => parseReleaseList(Buffer.from(text), { format: "json" });
    expect(attempt).toThrow(ImportError);
    expect(attempt).toThrow(message);
  });

  it("refuses bytes that are not UTF-8", () => {
    expect(() => parseReleaseList(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))).toThrow("The list is not UTF-8 text.");
  });

  it("skips and counts every kind of bad entry, naming each", () => {
    const list = parseReleaseList(
      jsonList([
        { name: "bra.se", release_at: "2021-03-01" },
        { name: "utan-datum.se" },
        { release_at: "2021-03-01" },
        { name: "med mellanslag.se", release_at: "2021-03-01" },
        { name: "пример.se", release_at: "2021-03-01" },
        { name: "emoji😀.se", release_at: "2021-03-01" },
        { name: "<script>alert(1)</script>.se", release_at: "2021-03-01" },
        { name: "exempel.com", release_at: "2021-03-01" },
        { name: "sub.domain.se", release_at: "2021-03-01" },
        { name: "omojligt.se", release_at: "2021-02-30" },
        { name: "fel-format.se", release_at: "1/3/2021" },
        { name: 42, release_at: "2021-03-01" },
        "just a string",
        { name: "bra.se", release_at: "2021-04-01" },
      ]),
    );
    expect(list.total).toBe(14);
    expect(list.entries.map((entry) => entry.name)).toEqual(["bra.se", "xn--e1afmkfd.se"]);
    expect(list.failed).toBe(12);
    expect(list.entries.length + list.failed).toBe(list.total);
    expect(list.errors).toEqual([
      "Item 2: missing name or release_at",
      "Item 3: missing name or release_at",
      'Item 4: "med mellanslag.se" is not a valid domain name',
      'Item 6: "emoji😀.se" is not a valid domain name',
      'Item 7: "<script>alert(1)</script>.se" is not a valid domain name',
      'Item 8: "exempel.com" is not a .se or .nu name',
      'Item 9: "sub.domain.se" is not a valid domain name',
      'Item 10: omojligt.se: release date "2021-02-30" is not a real YYYY-MM-DD date',
      'Item 11: fel-format.se: release date "1/3/2021" is not a real YYYY-MM-DD date',
      "Item 12: name 42 is not text",
      'Item 13: "just a string" is not an object with name and release_at',
      "Item 14: bra.se is listed again (first at Item 1); the first entry is used",
    ]);
    // A name with a bad date is still on the registry's list: never "renewed".
    expect(list.otherListedNames).toEqual(["omojligt.se", "fel-format.se"]);
  });

  it("keeps the first entry of a repeated name, also when spelt in Unicode the second time", () => {
    const list = parseReleaseList(
      jsonList([
        { name: "xn--rksmrgs-5wao1o.se", release_at: "2021-05-01" },
        { name: "RÄKSMÖRGÅS.se", release_at: "2021-06-01" },
      ]),
    );
    expect(list.entries).toHaveLength(1);
    expect(list.entries[0].releaseDate).toBe("2021-05-01");
    expect(list).toMatchObject({ total: 2, failed: 1 });
  });

  it("skips names of another TLD when the list's TLD is given", () => {
    const list = parseReleaseList(
      jsonList([
        { name: "a.se", release_at: "2021-01-01" },
        { name: "b.nu", release_at: "2021-01-01" },
      ]),
      { tld: ".se" },
    );
    expect(list.entries.map((entry) => entry.name)).toEqual(["a.se"]);
    expect(list.errors).toEqual(["Item 2: b.nu is a .nu name; this list is for .se"]);
  });

  it(`lists only the first ${MAX_LISTED_ERRORS} reasons but counts them all`, () => {
    const bad = Array.from({ length: 50 }, (_, index) => ({
      name: `bad name ${index}.se`,
      release_at: "2021-01-01",
    }));
    const list = parseReleaseList(jsonList(bad));
    expect(list.failed).toBe(50);
    expect(list.errors).toHaveLength(MAX_LISTED_ERRORS);
  });

  it("keeps every rejected entry as listed, with its place and reason, for the download", () => {
    const bad = Array.from({ length: 50 }, (_, index) => ({ name: `bad name ${index}.se`, release_at: "2021-01-01" }));
    const list = parseReleaseList(
      jsonList([{ name: "bra.se", release_at: "2030-01-01" }, ...bad, { name: "x".repeat(10_000), release_at: "2030-01-01" }]),
    );
    expect(list.rejections).toHaveLength(51);
    expect(list.rejections[0]).toEqual({
      position: 2,
      entry: '{"name":"bad name 0.se","release_at":"2021-01-01"}',
      reason: '"bad name 0.se" is not a valid domain name',
    });
    expect(list.rejections.map((rejection) => rejection.position)).toEqual(Array.from({ length: 51 }, (_, index) => index + 2));
    expect(list.rejections[50].entry.length).toBeLessThanOrEqual(200);
  });

  it("keeps a TXT list's rejected lines as they were written", () => {
    const list = parseReleaseList("bra.se\t2030-01-01\nhello world again\nfel.nu\t2030-01-01\n", { tld: ".se" });
    expect(list.rejections).toEqual([
      { position: 2, entry: "hello world again", reason: '"hello world again" is not "name<TAB>YYYY-MM-DD"' },
      { position: 3, entry: "fel.nu\t2030-01-01", reason: "fel.nu is a .nu name; this list is for .se" },
    ]);
  });

  it("cuts a huge bad value short in its reason", () => {
    const list = parseReleaseList(jsonList([{ name: "x".repeat(10_000), release_at: "2021-01-01" }]));
    expect(list.errors[0].length).toBeLessThan(120);
  });

  it("reads the real 2021 sample: 156 names, 61 .se and 95 .nu", () => {
    const bytes = readFileSync(REGISTRY_SAMPLE_FILE);
    expect(parseReleaseList(bytes)).toMatchObject({ total: 156, failed: 0 });
    expect(parseReleaseList(bytes, { tld: ".se" })).toMatchObject({
      total: 156,
      failed: 95,
    });
    expect(parseReleaseList(bytes, { tld: ".se" }).entries).toHaveLength(61);
    expect(parseReleaseList(bytes, { tld: ".nu" }).entries).toHaveLength(95);
  });
});

describe("parseReleaseList: TXT", () => {
  it("reads name<TAB>date lines with CRLF, a BOM and blank lines", () => {
    const text = "\uFEFFett.se\t2021-07-06\r\n\r\n  \r\ntva.nu\t2021-07-07\r\n\r\n";
    const list = parseReleaseList(Buffer.from(text, "utf8"), { format: "txt" });
    expect(list).toMatchObject({ format: "txt", total: 2, failed: 0 });
    expect(list.entries.map((entry) => [entry.name, entry.releaseDate])).toEqual([
      ["ett.se", "2021-07-06"],
      ["tva.nu", "2021-07-07"],
    ]);
  });

  it("is recognised without being told, and a BOM does not hide JSON either", () => {
    expect(parseReleaseList(txtList([{ name: "a.se", release_at: "2021-01-01" }])).format).toBe("txt");
    expect(parseReleaseList(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), jsonList([])])).format).toBe("json");
  });

  it("counts malformed lines as failed with their line numbers", () => {
    const text = ["ok.se\t2021-01-01", "bara-namn.se", "med mellanslag.se\t2021-01-01", "datum.se\t2021-13-01", "ok.se\t2021-02-01"].join(
      "\n",
    );
    const list = parseReleaseList(text, { format: "txt" });
    expect(list.total).toBe(5);
    expect(list.entries).toHaveLength(1);
    expect(list.errors).toEqual([
      'Line 2: "bara-namn.se" is not "name<TAB>YYYY-MM-DD"',
      'Line 3: "med mellanslag.se\\t2021-01-01" is not "name<TAB>YYYY-MM-DD"',
      'Line 4: datum.se: release date "2021-13-01" is not a real YYYY-MM-DD date',
      "Line 5: ok.se is listed again (first at Line 1); the first entry is used",
    ]);
  });
});

describe("createEntryCollector: repeated names", () => {
  // What the collector must answer, by a map of every name kept: the first entry of a name wins,
  // whether the list is in name order (its fast path) or not, or turns out of order part-way.
  function byMap(list: [string, string][]) {
    const firstSeenAt = new Map<string, number>();
    const otherListed = new Set<string>();
    const errors: string[] = [];
    const kept: string[] = [];
    list.forEach(([name, date], index) => {
      const position = index + 1;
      const first = firstSeenAt.get(name);
      if (first !== undefined) errors.push(`Item ${position}: ${name} is listed again (first at Item ${first}); the first entry is used`);
      else if (date === "bad") {
        otherListed.add(name);
        errors.push(`Item ${position}: ${name}: release date "bad" is not a real YYYY-MM-DD date`);
      } else {
        firstSeenAt.set(name, position);
        kept.push(name);
      }
    });
    return { kept, errors, otherListedNames: [...otherListed].filter((name) => !firstSeenAt.has(name)) };
  }

  it("finds every repeat in sorted, unsorted and partly sorted lists", () => {
    const name = fc.constantFrom("a.se", "b.se", "c.se", "d.nu", "e.nu", "xn--4ca.se");
    const entry = fc.tuple(name, fc.constantFrom("2021-01-01", "bad"));
    const list = fc.oneof(
      fc.array(entry, { maxLength: 12 }),
      fc.array(entry, { maxLength: 12 }).map((entries) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    );
    fc.assert(
      fc.property(list, (entries) => {
        const collector = createEntryCollector({ unit: "Item" });
        entries.forEach(([entryName, date], index) => collector.add(index + 1, entryName, date, () => `${entryName} ${date}`));
        const collected = collector.finish();
        const expected = byMap(entries);
        expect(collected.entries.map((kept) => kept.name)).toEqual(expected.kept);
        expect(collected.errors).toEqual(expected.errors.slice(0, MAX_LISTED_ERRORS));
        expect(collected.otherListedNames).toEqual(expected.otherListedNames);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("parseListedName", () => {
  it("agrees with parseDomainName on every input (the fast path is only a shortcut)", () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,64}$/);
    const input = fc.oneof(
      fc.tuple(label, fc.constantFrom(".se", ".nu", ".com", "")).map(([name, tld]) => name + tld),
      fc.string({ maxLength: 30 }),
      fc.constantFrom("xn--rksmrgs-5wao1o.se", "ab--cd.se", "-a.se", "a-.se", "Hund.se", " hund.se", "hund.se."),
    );
    fc.assert(
      fc.property(input, (name) => {
        expect(parseListedName(name)).toEqual(parseDomainName(name));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("parseListedName: ACE names", () => {
  it("agrees with parseDomainName on IDN names in ACE form, canonical or not", () => {
    // Letters the fast path takes and letters it must leave to the full check (ß, ÷, capitals,
    // a combining mark, dotless ı, long ſ, a ligature, Cyrillic), with digits and hyphens.
    const character = fc.oneof(
      fc.constantFrom(..."abcåäöéüxyz09-"),
      fc.integer({ min: 0xc0, max: 0xff }).map((code) => String.fromCharCode(code)),
      fc.constantFrom("ß", "÷", "\u0308", "ı", "ſ", "ﬀ", "я", "ŉ"),
    );
    const label = fc.array(character, { minLength: 1, maxLength: 20 }).map((characters) => characters.join(""));
    const input = fc
      .tuple(label, fc.constantFrom(".se", ".nu"))
      .map(([unicode, tld]) => `xn--${punycode.encode(unicode)}${tld}`)
      .filter((name) => name.length <= 70);
    fc.assert(
      fc.property(input, (name) => {
        expect(parseListedName(name)).toEqual(parseDomainName(name));
      }),
      { numRuns: 5000 },
    );
  });

  it.each(["xn--rksmrgs-5wao1o.se", "xn--4ca.nu", "xn--zca.se", "xn--abc-.se", "xn--tda.se", "xn--a-ecp.se", "xn--.se"])(
    "%s reads as parseDomainName reads it",
    (name) => {
      expect(parseListedName(name)).toEqual(parseDomainName(name));
    },
  );
});
