import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDomainName } from "~/domain/names";
import { REGISTRY_SAMPLE_FILE, jsonList, txtList } from "../../../tests/factories/imports";
import { ImportError } from "./import-error.server";
import { formatFromName, parseReleaseList } from "./parse-release-list.server";
import { MAX_LISTED_ERRORS, parseListedName } from "./release-list-entries.server";

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

describe("formatFromName", () => {
  it.each([
    ["bardate_domains.json", null, "json"],
    ["https://data.internetstiftelsen.se/bardate_domains.txt?x=1", null, "txt"],
    ["upload", "application/json; charset=utf-8", "json"],
    ["upload", "text/plain", "txt"],
    ["upload.csv", "text/csv", undefined],
  ])("%s (%s) -> %s", (name, type, expected) => {
    expect(formatFromName(name, type)).toBe(expected);
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
