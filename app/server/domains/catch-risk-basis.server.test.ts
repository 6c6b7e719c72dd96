import { expect, it } from "vitest";
import type { DomainCardData } from "~/domain/domain-card";
import { refreshStatistics } from "~/server/statistics/refresh-statistics.server";
import { createDomains } from "~tests/factories/domains";
import { CATCH_RISK_NOW as NOW, insertFixedCatchRiskHistory as insertHistory } from "~tests/factories/catch-risk-history";
import { describeEachEngine } from "~tests/setup/test-db";
import { catchRiskBasisListText, withCatchRiskBasis } from "./catch-risk-basis.server";

const card = (name: string, catchRisk: number | null, releaseDate = "2030-04-20"): DomainCardData => ({
  name,
  unicodeName: name,
  tld: ".se",
  status: "soonavailable",
  isFeatured: false,
  score: 85,
  length: name.length - 3,
  price: null,
  releaseDate,
  catchRisk,
});

describeEachEngine("the catch risk's basis on the soon list", ({ handle }) => {
  it("gives each listed name with a known risk the basis of its group, from the model", async () => {
    await insertHistory(handle());
    await createDomains(handle().db, [
      { name: "qzz.se", status: "soonavailable", releaseDate: "2030-04-20", score: 85, wordClass: 0 },
      { name: "qzy.se", status: "soonavailable", releaseDate: "2030-04-20", score: 85, wordClass: 0 },
      { name: "idag.se", status: "soonavailable", releaseDate: "2030-04-10", score: 85, wordClass: 0 },
    ]);
    await refreshStatistics(handle(), { now: NOW, parts: ["catch-risk"] });
    const cards = await withCatchRiskBasis(handle().db, [card("qzz.se", 78), card("qzy.se", null), card("idag.se", 78, "2030-04-10")], NOW);
    expect(cards.map((shown) => shown.catchRiskBasis)).toEqual([
      "Av 100 liknande namn de senaste 90 dagarna togs 80 direkt.",
      undefined,
      undefined,
    ]);
  });

  it("says released names when the basis is all of them, and nothing without a model", async () => {
    expect(catchRiskBasisListText({ level: 0, names: 1412, caught: 390 }, 90)).toMatch(/^Av 1\s412 släppta namn de senaste 90 dagarna togs 390 direkt\.$/);
    await createDomains(handle().db, [{ name: "qzz.se", status: "soonavailable", releaseDate: "2030-04-20", score: 85, wordClass: 0 }]);
    expect((await withCatchRiskBasis(handle().db, [card("qzz.se", 78)], NOW))[0].catchRiskBasis).toBeUndefined();
  });
});
