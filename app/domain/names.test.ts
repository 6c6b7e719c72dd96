import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { parseDomainName, toAscii, toUnicode, SUPPORTED_TLDS, isSupportedTld } from "./names";

const label63 = "a".repeat(63);
const label64 = "a".repeat(64);

describe("toAscii", () => {
  it.each([
    ["räksmörgås.se", "xn--rksmrgs-5wao1o.se"],
    ["RÄKSMÖRGÅS.SE", "xn--rksmrgs-5wao1o.se"],
    ["xn--rksmrgs-5wao1o.se", "xn--rksmrgs-5wao1o.se"],
    ["XN--RKSMRGS-5WAO1O.SE", "xn--rksmrgs-5wao1o.se"],
    ["École.se", "xn--cole-9oa.se"],
    ["Exempel.SE", "exempel.se"],
    ["exempel.se.", "exempel.se"],
    ["a-b.se", "a-b.se"],
    ["a--b.se", "a--b.se"],
    ["å--b.se", "xn----b-tla.se"], // hyphens in places 2 and 3 are allowed in a Unicode label too
    ["åb-c.se", "xn--b-c-tla.se"],
    ["123.se", "123.se"],
    ["a.b.se", "a.b.se"],
    ["exempel.com", "exempel.com"],
    ["ａｂｃ.se", "abc.se"], // full-width letters are mapped by UTS-46
  ])("%s -> %s", (input, expected) => {
    expect(toAscii(input)).toBe(expected);
  });

  it.each([
    [""],
    ["."],
    ["a..se"],
    [".se"],
    ["-a.se"],
    ["a-.se"],
    ["ab--c.se"], // hyphens in places 3 and 4 are reserved for IDN prefixes
    ["xn--zz.se"], // not a real A-label
    ["xn--ab-.se"],
    ["-å.se"], // an IDN label keeps the hyphen rules too
    ["xn----2fa.se"],
    ["å-.se"],
    ["xn----1fa.se"],
    ["åb--c.se"],
    ["xn--b--c-poa.se"],
    ["a_b.se"],
    ["<script>.se"],
    ["%00.se"],
    ["a%2e.se"],
    ["a b.se"],
    ["a\t.se"],
    ["a\n.se"],
    ["a\u0000.se"],
    ["a\u200b.se"], // zero-width space would otherwise vanish silently
    ["a/b.se"],
    ["a?b.se"],
    ["a#b.se"],
    ["user@b.se"],
    ["b.se:80"],
    ["[::1]"],
    ["1.2"], // an IPv4 address to the URL parser
    ["1.2.3.4"],
    ["😀.se"],
    ["ab😀.se"],
    ["xn--e28h.se"], // the ACE form of the emoji label
    ["exempel.se.."],
    [`${label64}.se`],
    [`${"a".repeat(301)}.se`],
  ])("refuses %j", (input) => {
    expect(toAscii(input)).toBeNull();
  });

  it("accepts a 63-character label and refuses 64", () => {
    expect(toAscii(`${label63}.se`)).toBe(`${label63}.se`);
    expect(toAscii(`${label64}.se`)).toBeNull();
  });

  it("refuses a name longer than 253 characters in total", () => {
    const name253 = `${label63}.${label63}.${label63}.${"a".repeat(61)}`;
    expect(name253.length).toBe(253);
    expect(toAscii(name253)).toBe(name253);
    expect(toAscii(`${name253}a`)).toBeNull();
  });
});

describe("toUnicode", () => {
  it.each([
    ["xn--rksmrgs-5wao1o.se", "räksmörgås.se"],
    ["XN--RKSMRGS-5WAO1O.SE", "räksmörgås.se"],
    ["xn--cole-9oa.se", "école.se"],
    ["exempel.se", "exempel.se"],
    ["Exempel.NU", "exempel.nu"],
    ["räksmörgås.se", "räksmörgås.se"],
    // Undecodable: comes back as given, lower-cased.
    ["xn--ü.se", "xn--ü.se"],
    ["XN--Ü.SE", "xn--ü.se"],
    ["", ""],
  ])("%s -> %s", (input, expected) => {
    expect(toUnicode(input)).toBe(expected);
  });

  it.each([["räksmörgås.se"], ["blåbär.nu"], ["école.se"], ["müller.se"], ["ärlig.nu"]])(
    "round-trips %s through ACE",
    (name) => {
      const ace = toAscii(name);
      expect(ace).toMatch(/^xn--[a-z0-9-]+\.(se|nu)$/);
      expect(toUnicode(ace!)).toBe(name);
    },
  );
});

describe("parseDomainName", () => {
  it.each([
    ["räksmörgås.se", "xn--rksmrgs-5wao1o.se", "räksmörgås.se", "räksmörgås", ".se", 10],
    ["xn--rksmrgs-5wao1o.se", "xn--rksmrgs-5wao1o.se", "räksmörgås.se", "räksmörgås", ".se", 10],
    ["  Räksmörgås.SE.  ", "xn--rksmrgs-5wao1o.se", "räksmörgås.se", "räksmörgås", ".se", 10],
    ["exempel.nu", "exempel.nu", "exempel.nu", "exempel", ".nu", 7],
    ["EXEMPEL.NU.", "exempel.nu", "exempel.nu", "exempel", ".nu", 7],
    ["a-b.se", "a-b.se", "a-b.se", "a-b", ".se", 3],
    ["12.se", "12.se", "12.se", "12", ".se", 2],
    [`${label63}.se`, `${label63}.se`, `${label63}.se`, label63, ".se", 63],
  ])("%j is %s", (input, ace, unicode, label, tld, length) => {
    expect(parseDomainName(input)).toEqual({ ok: true, ace, unicode, label, tld, length });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["\n\t", "empty"],
    ["exempel", "invalid"],
    ["se", "invalid"],
    [".se", "invalid"],
    ["a.b.se", "invalid"], // subdomains are not registrable names
    ["www.exempel.nu", "invalid"],
    ["a..se", "invalid"],
    ["-a.se", "invalid"],
    ["a-.se", "invalid"],
    ["<script>.se", "invalid"],
    ["<script>alert(1)</script>", "invalid"],
    ["%00", "invalid"],
    ["%00.se", "invalid"],
    ["a\u0007b.se", "invalid"],
    ["😀.se", "invalid"],
    ["exempel.se..", "invalid"],
    [`${label64}.se`, "invalid"],
    [`${"a".repeat(299)}.se`, "invalid"], // over 300 characters: refused before parsing
    [" ".repeat(301), "invalid"],
    ["exempel.com", "unsupported-tld"],
    ["exempel.SE.com", "unsupported-tld"],
    ["exempel.dk", "unsupported-tld"],
    ["exempel.sé", "unsupported-tld"],
  ])("%j is refused as %s", (input, reason) => {
    expect(parseDomainName(input)).toEqual({ ok: false, reason });
  });

  it("counts code points, not UTF-16 units, in length", () => {
    const parsed = parseDomainName("åäö.se");
    expect(parsed.ok && parsed.length).toBe(3);
  });

  it("never throws for arbitrary Unicode input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (input) => {
        const parsed = parseDomainName(input);
        expect(typeof parsed.ok).toBe("boolean");
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws for arbitrary input shaped like a name", () => {
    const piece = fc.constantFrom("a", "ö", "-", ".", "xn--", "1", " ", "%", "😀", "\u0000", "se", "nu");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const parsed = parseDomainName(pieces.join(""));
        if (parsed.ok) {
          // Whatever is accepted is canonical and re-parses to itself.
          expect(parseDomainName(parsed.unicode)).toEqual(parsed);
          expect(parseDomainName(parsed.ace)).toEqual(parsed);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("isSupportedTld", () => {
  it.each([
    [".se", true],
    [".nu", true],
    ["se", false],
    [".com", false],
    [".SE", false],
  ])("%s -> %s", (tld, expected) => {
    expect(isSupportedTld(tld)).toBe(expected);
  });

  it("lists exactly .se and .nu", () => {
    expect(SUPPORTED_TLDS).toEqual([".se", ".nu"]);
  });
});
