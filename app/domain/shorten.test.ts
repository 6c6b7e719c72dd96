import { describe, it, expect } from "vitest";
import { shortenDomainName } from "./shorten";

describe("shortenDomainName", () => {
  it.each([
    ["hund.se", "hund.se"],
    ["abcdefghijklmnopqrs.se", "abcdefghijklmnopqrs.se"], // 19
    ["abcdefghijklmnopqrst.se", "abcdefghijklmnopqrst.se"], // 20 stays whole
    ["abcdefghijklmnopqrstu.se", "abcdefghijklmnopqr….se"], // 21 is shortened
    ["abcdefghijklmnopqrstuvwxyz.nu", "abcdefghijklmnopqr….nu"],
    // Code points, not UTF-16 units or bytes: å/ä/ö count once.
    ["åäöåäöåäöåäöåäöåäöåä.se", "åäöåäöåäöåäöåäöåäöåä.se"], // 20
    ["åäöåäöåäöåäöåäöåäöåäö.se", "åäöåäöåäöåäöåäöåäö….se"], // 21
    ["sjukförsäkringskassan.se", "sjukförsäkringskas….se"],
    ["a-very-long-hyphenated-name.nu", "a-very-long-hyphen….nu"],
    // Without a TLD only the label is considered.
    ["abcdefghijklmnopqrstu", "abcdefghijklmnopqr…"],
    ["", ""],
  ])("%s -> %s", (input, expected) => {
    expect(shortenDomainName(input)).toBe(expected);
  });

  it("never splits an astral character", () => {
    const label = "𝔞".repeat(21);
    expect(shortenDomainName(`${label}.se`)).toBe(`${"𝔞".repeat(18)}….se`);
  });
});
