import { describe, expect, it } from "vitest";
import {
  DESCRIPTION_TOO_LONG,
  DOMAIN_NAME_REQUIRED,
  INVALID_DOMAIN_NAME,
  UNSUPPORTED_TLD,
  parsePremiumDomainForm,
  parsePremiumUpdateForm,
  parsePrice,
} from "./admin-forms";

describe("parsePremiumDomainForm (adding a premium name)", () => {
  it("requires a name", () => {
    expect(parsePremiumDomainForm({ name: "  ", tld: "se" })).toEqual({ ok: false, errors: { name: DOMAIN_NAME_REQUIRED } });
    expect(parsePremiumDomainForm({})).toEqual({ ok: false, errors: { name: DOMAIN_NAME_REQUIRED } });
  });

  it.each([
    ["example", "", "example.se"],
    ["example", "se", "example.se"],
    ["example", ".nu", "example.nu"],
    ["Example", "NU", "example.nu"],
    ["räksmörgås", "se", "xn--rksmrgs-5wao1o.se"],
    ["example.nu", "se", "example.nu"],
  ])("%s with TLD %j is stored as %s", (name, tld, ace) => {
    const result = parsePremiumDomainForm({ name, tld, price: "" });
    expect(result.ok && result.value.ace).toBe(ace);
  });

  it("derives the TLD, the length of the name before it and the display form", () => {
    const result = parsePremiumDomainForm({ name: "räksmörgås", tld: "se", price: "25 000", description: "  Fint namn  " });
    expect(result).toEqual({
      ok: true,
      value: { ace: "xn--rksmrgs-5wao1o.se", unicode: "räksmörgås.se", tld: ".se", length: 10, price: 25000, description: "Fint namn" },
    });
  });

  it.each([
    ["two words", INVALID_DOMAIN_NAME],
    [`${"a".repeat(64)}`, INVALID_DOMAIN_NAME],
    ["-leading", INVALID_DOMAIN_NAME],
    ["sub.example.se", INVALID_DOMAIN_NAME],
    ["example.com", UNSUPPORTED_TLD],
  ])("refuses %j", (name, error) => {
    expect(parsePremiumDomainForm({ name, tld: "se" })).toEqual({ ok: false, errors: { name: error } });
  });

  it("refuses another TLD in the TLD field", () => {
    expect(parsePremiumDomainForm({ name: "example", tld: "com" })).toEqual({ ok: false, errors: { tld: UNSUPPORTED_TLD } });
  });

  it("reports every bad field at once", () => {
    const result = parsePremiumDomainForm({ name: "", price: "-5", description: "x".repeat(5001) });
    expect(result).toEqual({
      ok: false,
      errors: { name: DOMAIN_NAME_REQUIRED, price: "Price cannot be negative", description: DESCRIPTION_TOO_LONG },
    });
  });
});

describe("parsePrice", () => {
  it.each([
    ["", null],
    ["0", null],
    [" 000 ", null],
    ["25000", 25000],
    ["25 000", 25000],
    ["1\u00a0500", 1500],
    [undefined, null],
  ])("%j is %j", (raw, value) => {
    expect(parsePrice(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ["-1", "Price cannot be negative"],
    ["\u221210", "Price cannot be negative"],
    ["abc", "Price must be a whole number of SEK, for example 25000"],
    ["12.5", "Price must be a whole number of SEK, for example 25000"],
    ["1e5", "Price must be a whole number of SEK, for example 25000"],
    ["5000000000", "Price must be at most 1,000,000,000 SEK"],
  ])("refuses %j", (raw, error) => {
    expect(parsePrice(raw)).toEqual({ ok: false, error });
  });
});

describe("parsePremiumUpdateForm", () => {
  it("accepts a price and a description, empty meaning none", () => {
    expect(parsePremiumUpdateForm({ price: "", description: "" })).toEqual({ ok: true, value: { price: null, description: null } });
  });

  it("refuses a 100 KB description", () => {
    const result = parsePremiumUpdateForm({ price: "10", description: "x".repeat(100 * 1024) });
    expect(result).toEqual({ ok: false, errors: { price: undefined, description: DESCRIPTION_TOO_LONG } });
  });
});
