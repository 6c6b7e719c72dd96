import { describe, expect, it } from "vitest";
import { decodeListCursor, encodeListCursor, MAX_CURSOR_LENGTH, type ListCursor } from "./list-cursor";

describe("encodeListCursor / decodeListCursor", () => {
  it.each<[ListCursor, string]>([
    [{ value: "2030-01-03", name: "alfa.se" }, "2030-01-03_alfa.se"],
    [{ value: null, name: "alfa.se" }, "_alfa.se"],
    [{ value: "80", name: "xn--rksmrgs-5wao1o.se" }, "80_xn--rksmrgs-5wao1o.se"],
    [{ value: "räksmörgås.se", name: "xn--rksmrgs-5wao1o.se" }, "räksmörgås.se_xn--rksmrgs-5wao1o.se"],
    [{ value: "2026-11-22T20:01:02.123456Z", name: "a-b.nu" }, "2026-11-22T20:01:02.123456Z_a-b.nu"],
    // A value may itself hold "_" (someone edited the URL): the name is what follows the last one.
    [{ value: "a_b", name: "c.se" }, "a_b_c.se"],
  ])("%j <-> %s", (cursor, text) => {
    expect(encodeListCursor(cursor)).toBe(text);
    expect(decodeListCursor(text)).toEqual(cursor);
  });

  it.each([
    ["", "empty"],
    ["alfa.se", "no separator"],
    ["80_", "no name"],
    ["80_Alfa.se", "a name that is not ACE"],
    ["80_alfa..se", "an empty label"],
    ["80_räksmörgås.se", "a Unicode name where the ACE name belongs"],
    [`80_${"a".repeat(64)}.se`, "a label over 63 characters"],
    ["80\u0000_alfa.se", "a NUL, which PostgreSQL refuses in text"],
    ["80\n_alfa.se", "a control character"],
    ["\uD800_alfa.se", "an unpaired surrogate, which is not UTF-8"],
    [`${"9".repeat(MAX_CURSOR_LENGTH)}_alfa.se`, "too long"],
  ])("%j is not a cursor (%s)", (text) => {
    expect(decodeListCursor(text)).toBeNull();
  });

  it("treats null and undefined as no cursor", () => {
    expect(decodeListCursor(null)).toBeNull();
    expect(decodeListCursor(undefined)).toBeNull();
  });
});
