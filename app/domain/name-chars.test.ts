import { describe, expect, it } from "vitest";
import { NAME_CHAR_BITS, nameCharBits } from "./name-chars";
import { toAscii, toUnicode } from "./names";

describe("nameCharBits", () => {
  it("tells letters, digits, hyphens and IDN names apart", () => {
    const { letters, digits, special, nonLatin } = NAME_CHAR_BITS;
    expect(nameCharBits("hund.se", "hund.se")).toBe(letters);
    expect(nameCharBits("bil-24.se", "bil-24.se")).toBe(letters | digits | special);
    expect(nameCharBits("24.nu", "24.nu")).toBe(digits);
    expect(nameCharBits("1.a.se", "1.a.se")).toBe(digits);
    const ace = toAscii("räksmörgås.se")!;
    expect(nameCharBits(toUnicode(ace), ace)).toBe(letters | nonLatin);
  });
});
