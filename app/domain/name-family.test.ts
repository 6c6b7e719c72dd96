import { describe, expect, it } from "vitest";
import { familyCellText, familyMarks, type NameFamily } from "./name-family";

const family = (change: Partial<NameFamily>): NameFamily => ({ siblingRegistered: false, siblingStatus: null, twinRegistered: false, ...change });

describe("a name's family in brief", () => {
  it.each([
    [family({ siblingRegistered: true, twinRegistered: true }), ".se", ["Även .nu registrerad", "Tvilling registrerad"], ".nu registrerad, tvilling registrerad"],
    [family({ siblingRegistered: true }), ".nu", ["Även .se registrerad"], ".se registrerad"],
    [family({ twinRegistered: true }), ".se", ["Tvilling registrerad"], ".nu inte i zonen, tvilling registrerad"],
    [family({}), ".se", [], ".nu inte i zonen"],
    [family({ siblingRegistered: null, twinRegistered: true }), ".se", ["Tvilling registrerad"], "tvilling registrerad"],
    [family({ siblingRegistered: null, twinRegistered: null }), ".se", [], "–"],
    [undefined, ".se", [], "–"],
  ])("%o on %s: marks %o, table cell %s", (given, tld, marks, cell) => {
    expect(familyMarks(given, tld)).toEqual(marks);
    expect(familyCellText(given, tld)).toBe(cell);
  });
});
