import { describe, expect, it } from "vitest";
import {
  CATCH_RISK_PRIOR_NAMES,
  CatchRiskModel,
  calibrationSummary,
  catchRiskFeatures,
  catchRiskText,
  familyGroup,
  judgeCatchRisk,
  riskOutOfTen,
  riskWord,
  type CatchRiskCell,
  type CatchRiskFeatures,
} from "./catch-risk";
import { addDays } from "./utc-dates";

const short: CatchRiskFeatures = {
  tld: ".se",
  lengthGroup: "5",
  charGroup: "letters",
  scoreBand: "Bra",
  wordGroup: "word",
  familyGroup: "sibling",
  delegationGroup: "parked",
};
const long: CatchRiskFeatures = {
  tld: ".nu",
  lengthGroup: "9+",
  charGroup: "digits",
  scoreBand: "Mindre bra",
  wordGroup: "none",
  familyGroup: "unknown",
  delegationGroup: "unknown",
};
const cell = (features: CatchRiskFeatures, names: number, caught: number): CatchRiskCell => ({ ...features, names, caught });

describe("the catch-risk model", () => {
  it("reads a name's features from the list's columns", () => {
    const zone = { siblingRegistered: true, twinRegistered: false, delegationGroup: "parked" } as const;
    expect(catchRiskFeatures({ tld: ".se", length: 5, nameChars: 1, score: 60, wordClass: 2, ...zone })).toEqual(short);
    const unknownZone = { siblingRegistered: null, twinRegistered: null, delegationGroup: "unknown" } as const;
    expect(catchRiskFeatures({ tld: ".nu", length: 12, nameChars: 2, score: 10, wordClass: null, ...unknownZone })).toEqual(long);
  });

  it.each([
    [true, false, "sibling"],
    [true, true, "sibling"],
    [false, true, "twin"],
    [null, true, "twin"],
    [false, false, "none"],
    // A sibling under a TLD whose zone was not read may be registered: not "neither".
    [null, false, "unknown"],
    [null, null, "unknown"],
  ] as const)("groups a sibling registered %s and a twin %s as %s", (sibling, twin, group) => {
    expect(familyGroup(sibling, twin)).toBe(group);
  });

  it("says the history is too thin under 100 released names in all", () => {
    const model = CatchRiskModel.of([cell(short, 60, 50), cell(long, 39, 1)]);
    expect(model.predict(short)).toEqual({ kind: "thin", basis: 99 });
    expect(model.overallRate()).toBeNull();
  });

  it("shrinks each narrower group's rate toward the wider group's estimate by 20 names", () => {
    const model = CatchRiskModel.of([cell(short, 100, 80), cell(long, 100, 20)]);
    // Overall 100 of 200; then at each of the seven levels the short names' own 80 of 100, with the estimate before as 20 names' worth.
    let expected = 0.5;
    for (let level = 1; level <= 7; level++) expected = (80 + CATCH_RISK_PRIOR_NAMES * expected) / (100 + CATCH_RISK_PRIOR_NAMES);
    const risk = model.predict(short);
    expect(risk).toEqual({ kind: "known", probability: expected, basis: { level: 7, names: 100, caught: 80 } });
    expect(expected).toBeCloseTo(0.8, 5);
    expect(model.predict(long)).toMatchObject({ basis: { level: 7, names: 100, caught: 20 } });
    expect(model.overallRate()).toBe(0.5);
  });

  it("keeps the wider estimate for a group never seen, and shows the narrowest group with 100 names or more", () => {
    const model = CatchRiskModel.of([cell(short, 100, 80), cell({ ...short, charGroup: "digits" }, 40, 40), cell(long, 100, 20)]);
    const unseen = model.predict({ ...short, lengthGroup: "1-3" });
    // Overall 140 of 240; .se: 120 of 140 → (120 + 20 × 140/240) / 160; no shorter .se name seen, so that estimate stays.
    expect(unseen).toEqual({ kind: "known", probability: (120 + 20 * (140 / 240)) / 160, basis: { level: 1, names: 140, caught: 120 } });
    // 40 names with digits: their own group counts, the basis shown is the 140 .se names of 5 characters.
    const digits = model.predict({ ...short, charGroup: "digits" });
    expect(digits).toMatchObject({ kind: "known", basis: { level: 2, names: 140, caught: 120 } });
    expect(digits.kind === "known" && digits.probability).toBeGreaterThan(0.9);
  });

  it("takes names away again", () => {
    const model = CatchRiskModel.of([cell(short, 100, 80), cell(long, 100, 20)]);
    model.add(cell(long, 100, 20), -1);
    expect(model.countsAt(long, 0)).toEqual({ names: 100, caught: 80 });
    expect(model.countsAt(long, 7)).toEqual({ names: 0, caught: 0 });
  });

  it.each([
    [0, 0, "Låg"],
    [0.34, 3, "Låg"],
    [0.35, 4, "Måttlig"],
    [0.644, 6, "Måttlig"],
    // Rounded to whole per cent first, as the lists store it: 64.6 % is 65 %, 7 of 10.
    [0.646, 7, "Hög"],
    [0.65, 7, "Hög"],
    [1, 10, "Hög"],
  ] as const)("says %f as %i of 10, %s risk", (probability, tenths, word) => {
    expect(riskOutOfTen(probability)).toBe(tenths);
    expect(riskWord(probability)).toBe(word);
  });

  it("says the risk in words and a number with its basis, or that the history is too thin", () => {
    expect(
      catchRiskText({
        risk: { kind: "known", probability: 0.7, basis: { level: 3, names: 412, caught: 290 } },
        features: short,
        historyDays: 90,
      }),
    ).toEqual({
      headline: "Hög risk att tas direkt: 7 av 10",
      basis: "Av 412 liknande namn (.se, 5 tecken, bara bokstäver) de senaste 90 dagarna togs 290 direkt.",
    });
    expect(
      catchRiskText({
        risk: { kind: "known", probability: 0.12, basis: { level: 0, names: 1500, caught: 180 } },
        features: long,
        historyDays: 90,
      }),
    ).toEqual({
      headline: "Låg risk att tas direkt: 1 av 10",
      basis: "Av 1\u00a0500 släppta namn de senaste 90 dagarna togs 180 direkt.",
    });
    // The zone's groups, the narrowest, in words too.
    expect(
      catchRiskText({
        risk: { kind: "known", probability: 0.7, basis: { level: 7, names: 120, caught: 90 } },
        features: short,
        historyDays: 90,
      }).basis,
    ).toBe(
      "Av 120 liknande namn (.se, 5 tecken, bara bokstäver, betyg bra, ett svenskt ord, syskonnamnet registrerat, parkerat före släppet) de senaste 90 dagarna togs 90 direkt.",
    );
    expect(catchRiskText({ risk: { kind: "thin", basis: 42 }, features: short, historyDays: 90 })).toEqual({
      headline: "Risk att tas direkt: för lite historik",
      basis: "Bara 42 släppta namn de senaste 90 dagarna, vi behöver minst 100.",
    });
  });
});

describe("judging the forecast", () => {
  const day0 = "2030-01-01";

  it("predicts each day from the days before it only, and compares with what happened", () => {
    const days = [
      { day: day0, cells: [cell(short, 100, 50), cell(long, 100, 50)] },
      // All taken at once: the day's own outcome must not leak into its prediction.
      { day: addDays(day0, 1), cells: [cell(short, 10, 10)] },
    ];
    const { tenths, judgedDays } = judgeCatchRisk(days, day0, addDays(day0, 1));
    // The first day has no history and is not judged; the second is predicted 0.5 from the first.
    expect(judgedDays).toBe(1);
    expect(tenths[5]).toEqual({ tenth: 5, names: 10, predicted: 5, caught: 10, brier: 10 * 0.25, baselineBrier: 10 * 0.25 });
    expect(tenths.filter((tenth) => tenth.tenth !== 5).every((tenth) => tenth.names === 0)).toBe(true);
    expect(calibrationSummary(tenths)).toEqual({ names: 10, brier: 0.25, baselineBrier: 0.25, skill: 0 });
  });

  it("forgets days older than the history window", () => {
    const days = [
      { day: day0, cells: [cell(short, 200, 200)] },
      { day: addDays(day0, 1), cells: [cell(short, 100, 0)] },
      { day: addDays(day0, 91), cells: [cell(short, 1, 0)] },
    ];
    const { tenths, judgedDays } = judgeCatchRisk(days, addDays(day0, 91), addDays(day0, 91));
    // Day 0 is 91 days back and out of the window: only day 1's 0 of 100 counts.
    expect(judgedDays).toBe(1);
    expect(tenths[0]).toMatchObject({ names: 1, predicted: 0, caught: 0, brier: 0, baselineBrier: 0 });
  });

  it("scores a forecast that tells groups apart better than the overall rate", () => {
    const history = Array.from({ length: 10 }, (_, index) => ({
      day: addDays(day0, index),
      cells: [cell(short, 20, 18), cell(long, 20, 2)],
    }));
    const { tenths } = judgeCatchRisk(history, addDays(day0, 5), addDays(day0, 9));
    const summary = calibrationSummary(tenths)!;
    expect(summary.names).toBe(200);
    expect(summary.baselineBrier).toBeCloseTo(0.25, 10);
    expect(summary.brier).toBeLessThan(0.1);
    expect(summary.skill).toBeGreaterThan(0.6);
    // The short names land in the tenth of 0.9 (here 0.8–0.9 …), the long ones near 0.1.
    expect(tenths.find((tenth) => tenth.caught === 90)?.names).toBe(100);
    expect(tenths.find((tenth) => tenth.caught === 10)?.names).toBe(100);
  });

  it("has nothing to say before anything was judged", () => {
    expect(calibrationSummary(judgeCatchRisk([], day0, day0).tenths)).toBeNull();
  });
});
