import { describe, expect, it } from "vitest";
import { CATCH_RISK_FILTERS, catchRiskListText, catchRiskMatches, catchRiskShortText, riskWord } from "./catch-risk-levels";

describe("the stored risk on the lists", () => {
  it("says it in words and a number, or that the history is too thin", () => {
    expect(catchRiskListText(72)).toBe("Hög risk att tas direkt: 7 av 10");
    expect(catchRiskListText(40)).toBe("Måttlig risk att tas direkt: 4 av 10");
    expect(catchRiskListText(3)).toBe("Låg risk att tas direkt: 0 av 10");
    expect(catchRiskListText(null)).toBe("Risk att tas direkt: för lite historik");
    expect(catchRiskShortText(65)).toBe("Hög, 7 av 10");
    expect(catchRiskShortText(null)).toBe("För lite historik");
  });

  it("puts every whole per cent in exactly the level whose word the risk says", () => {
    for (let percent = 0; percent <= 100; percent++) {
      const levels = CATCH_RISK_FILTERS.filter((filter) => catchRiskMatches(percent, filter.value));
      expect(levels.map((level) => level.label), `${percent} %`).toEqual([riskWord(percent / 100)]);
    }
    expect(CATCH_RISK_FILTERS.some((filter) => catchRiskMatches(null, filter.value))).toBe(false);
  });
});
