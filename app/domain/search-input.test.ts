import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  INVALID_DOMAIN_MESSAGE,
  MIN_SEARCH_LENGTH,
  normalizeSearchTerm,
  SEARCH_TOO_SHORT_MESSAGE,
  UNSUPPORTED_TLD_MESSAGE,
  validateSearchInput,
} from "./search-input";

describe("validateSearchInput", () => {
  it("uses the product's Swedish messages", () => {
    expect(MIN_SEARCH_LENGTH).toBe(2);
    expect(INVALID_DOMAIN_MESSAGE).toBe("Ogiltig domän. Försök igen.");
    expect(UNSUPPORTED_TLD_MESSAGE).toBe("Vi stöder endast .se- och .nu-domäner.");
    expect(SEARCH_TOO_SHORT_MESSAGE).toBe("Söktermen måste vara minst 2 tecken.");
  });

  it.each([
    // Ignored
    ["", { kind: "ignore" }],
    ["   ", { kind: "ignore" }],
    ["\t\n", { kind: "ignore" }],
    // Domains
    ["exempel.se", { kind: "domain", name: "exempel.se" }],
    ["  Exempel.SE  ", { kind: "domain", name: "exempel.se" }],
    ["mindomän.nu", { kind: "domain", name: "mindomän.nu" }],
    ["RÄKSMÖRGÅS.SE", { kind: "domain", name: "räksmörgås.se" }],
    ["xn--rksmrgs-5wao1o.se", { kind: "domain", name: "räksmörgås.se" }],
    ["exempel.se.", { kind: "domain", name: "exempel.se" }],
    ["a-b.nu", { kind: "domain", name: "a-b.nu" }],
    // Invalid host names
    ["a..se", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    ["-a.se", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    ["a-.se", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    [".se", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    ["hund.", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    ["min hund.se", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    ["<script>.se", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    ["a.b.se", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    [`${"a".repeat(64)}.se`, { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    ["😀.se", { kind: "error", message: INVALID_DOMAIN_MESSAGE }],
    // Valid host names with another TLD
    ["exempel.com", { kind: "error", message: UNSUPPORTED_TLD_MESSAGE }],
    ["exempel.dk", { kind: "error", message: UNSUPPORTED_TLD_MESSAGE }],
    ["www.exempel.com", { kind: "error", message: UNSUPPORTED_TLD_MESSAGE }],
    // Terms
    ["hund", { kind: "term", term: "hund" }],
    ["  HUND  ", { kind: "term", term: "hund" }],
    ["ab", { kind: "term", term: "ab" }],
    ["åä", { kind: "term", term: "åä" }],
    ["röd   bil", { kind: "term", term: "röd bil" }],
    ["a", { kind: "error", message: SEARCH_TOO_SHORT_MESSAGE }],
    [" a ", { kind: "error", message: SEARCH_TOO_SHORT_MESSAGE }],
    ["ö", { kind: "error", message: SEARCH_TOO_SHORT_MESSAGE }],
  ])("%j -> %j", (raw, expected) => {
    expect(validateSearchInput(raw)).toEqual(expected);
  });

  it("never throws for arbitrary Unicode input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (raw) => {
        const result = validateSearchInput(raw);
        expect(["ignore", "domain", "term", "error"]).toContain(result.kind);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("normalizeSearchTerm", () => {
  it.each([
    ["hund", "hund"],
    ["  Hund  ", "hund"],
    ["RÖD  \t BIL", "röd bil"],
    ["röd\nbil", "röd bil"],
    ["a\u0000b", "a b"],
    ["hu\u200bnd", "hund"], // zero-width space pasted from a web page
    ["o\u0308l", "öl"], // decomposed ö from a macOS keyboard becomes NFC
    ["ab", "ab"],
    ["a", null],
    [" a ", null],
    ["", null],
    ["   ", null],
    ["\u200b\u200b", null],
    ["ö", null],
    ["😀", null], // one character, though two UTF-16 units
    ["😀😀", "😀😀"],
  ])("%j -> %j", (raw, expected) => {
    expect(normalizeSearchTerm(raw)).toBe(expected);
  });

  it("caps the term at 100 characters", () => {
    expect(normalizeSearchTerm("a".repeat(100))).toBe("a".repeat(100));
    expect(normalizeSearchTerm("a".repeat(101))).toBe("a".repeat(100));
    expect(normalizeSearchTerm("å".repeat(1_000_000))).toBe("å".repeat(100));
    expect(normalizeSearchTerm("😀".repeat(150))).toBe("😀".repeat(100));
  });

  it("does not leave a trailing space where the cap falls", () => {
    expect(normalizeSearchTerm(`${"a".repeat(99)} b`)).toBe("a".repeat(99));
  });

  it("keeps what it returns stable when normalised again", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 150 }), (raw) => {
        const term = normalizeSearchTerm(raw);
        if (term !== null) {
          expect(normalizeSearchTerm(term)).toBe(term);
          expect([...term].length).toBeGreaterThanOrEqual(2);
          expect([...term].length).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
