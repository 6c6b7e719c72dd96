import { describe, expect, it } from "vitest";
import { NAME_SERVER_OPERATOR_KINDS } from "./name-server-operators";
import { median, operatorLabelSv, TAKEN_BY_KINDS, takenDelaySv, takenByWindowText } from "./statistics-taken-by";
import { takenByWindow } from "~tests/factories/statistics-view";

describe("the taken-by words and figures", () => {
  it("lists the operators' kinds as the operator table does", () => {
    expect(TAKEN_BY_KINDS).toEqual(NAME_SERVER_OPERATOR_KINDS);
  });

  it.each([
    [[], null],
    [[5], 5],
    [[9, 1, 5], 5],
    [[4, 1, 3, 2], 2.5],
  ])("takes the median of %j as percentile_cont(0.5) does: %s", (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it.each([
    [600, "1 timme"],
    [3600, "1 timme"],
    [5400, "2 timmar"],
    [47 * 3600, "47 timmar"],
    [60 * 3600, "2,5 dygn"],
  ])("says %i seconds as %s", (seconds, words) => {
    expect(takenDelaySv(seconds)).toBe(words);
  });

  it("names an operator the table does not know by its name servers' domain", () => {
    expect(operatorLabelSv({ operator: "Loopia", known: true })).toBe("Loopia");
    expect(operatorLabelSv({ operator: "example.se", known: false })).toBe("namnservrar hos example.se");
  });

  it("says a period in a sentence: nothing released, nothing back, or how many and how soon", () => {
    expect(takenByWindowText(takenByWindow(30))).toBe("Inga namn har släppts de senaste 30 dagarna.");
    expect(takenByWindowText({ ...takenByWindow(90), released: 12 })).toBe("Av 12 namn som släpptes de senaste 90 dagarna finns inget i zonen igen än.");
    expect(takenByWindowText({ ...takenByWindow(90), released: 1200, taken: 1, medianSeconds: 7200 })).toBe(
      "Av 1\u00a0200 namn som släpptes de senaste 90 dagarna finns 1 i zonen igen. Hälften av dem fanns i zonen inom 2 timmar efter släppet.",
    );
  });
});
