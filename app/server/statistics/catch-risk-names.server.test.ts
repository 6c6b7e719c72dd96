import { expect, it } from "vitest";
import { riskPercent } from "~/domain/catch-risk";
import { createDomains } from "~tests/factories/domains";
import { CATCH_RISK_NOW as NOW, insertFixedCatchRiskHistory, insertReleaseOutcome } from "~tests/factories/catch-risk-history";
import { describeEachEngine } from "~tests/setup/test-db";
import { findCatchRisk } from "./catch-risk.server";
import { refreshStatistics, PARTS_AFTER } from "./refresh-statistics.server";

describeEachEngine("each soon-available name's stored risk", ({ handle }) => {
  const stored = async () =>
    Object.fromEntries(
      (await handle().query<{ name: string; catch_risk: number | null }>("select name, catch_risk from domains where name like '%zz%' order by name")).map(
        (row) => [row.name, row.catch_risk],
      ),
    );

  it("stores the figure the name's page says, clears it on names no longer soon available, and fills new names after an import", async () => {
    await insertFixedCatchRiskHistory(handle());
    await createDomains(handle().db, [
      { name: "qzz.se", status: "soonavailable", releaseDate: "2030-04-20", score: 85, wordClass: 0 },
      { name: "langtnamnxzz.nu", status: "soonavailable", releaseDate: "2030-04-20", score: 20, wordClass: 0 },
      { name: "gammalzz.se", status: "available", releaseDate: "2030-04-01", catchRisk: 50 },
    ]);
    await refreshStatistics(handle(), { now: NOW, parts: PARTS_AFTER.release });

    const short = await findCatchRisk(handle().db, "qzz.se", NOW);
    const long = await findCatchRisk(handle().db, "langtnamnxzz.nu", NOW);
    if (short?.risk.kind !== "known" || long?.risk.kind !== "known") throw new Error("expected known risks");
    expect(await stored()).toEqual({
      "gammalzz.se": null,
      "langtnamnxzz.nu": riskPercent(long.risk.probability),
      "qzz.se": riskPercent(short.risk.probability),
    });
    expect(riskPercent(short.risk.probability)).toBe(80);

    // A name the import adds gets its risk from the counts already there.
    await createDomains(handle().db, [{ name: "qzy.se", status: "soonavailable", releaseDate: "2030-04-21", score: 85, wordClass: 0 }]);
    await refreshStatistics(handle(), { now: NOW, parts: PARTS_AFTER.import });
    const [row] = await handle().query<{ catch_risk: number }>("select catch_risk from domains where name = 'qzy.se'");
    expect(row.catch_risk).toBe(80);
  });

  it("stores no risk under the minimum basis", async () => {
    await createDomains(handle().db, [{ name: "tunnzz.se", status: "soonavailable", releaseDate: "2030-04-20", catchRisk: 40 }]);
    await insertReleaseOutcome(handle(), "qaa.se", "2030-04-05", { firstFreeAt: "2030-04-05T04:10:00Z" });
    await refreshStatistics(handle(), { now: NOW, parts: PARTS_AFTER.release });
    expect(await stored()).toEqual({ "tunnzz.se": null });
  });
});
