import { expect, it } from "vitest";
import {
  calibrationSummary,
  CATCH_RISK_FEATURES,
  CATCH_RISK_HISTORY_DAYS,
  CATCH_RISK_PRIOR_NAMES,
  catchRiskText,
  judgeCatchRisk,
  type CatchRiskLevels,
} from "~/domain/catch-risk";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { parseDomainName } from "~/domain/names";
import { withTransaction } from "~/server/db/with-transaction.server";
import { seedDemo } from "~/server/demo/seed-demo.server";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import {
  CATCH_RISK_NOW as NOW,
  insertFixedCatchRiskHistory as insertHistory,
  insertReleaseOutcome as insertOutcome,
  shortName,
} from "~tests/factories/catch-risk-history";
import { findCatchRisk, loadCatchRiskCalibration, readReleaseDayCells } from "./catch-risk.server";
import { refreshStatistics } from "./refresh-statistics.server";

describeEachEngine("the risk of being caught at once", ({ handle }) => {
  it("predicts a soon-available name's risk from the smoothed rates of similar released names, with the basis", async () => {
    await insertHistory(handle());
    await createDomains(handle().db, [
      { name: "qzz.se", status: "soonavailable", releaseDate: "2030-04-20", score: 85, wordClass: 0 },
      { name: "langtnamnxzz.nu", status: "soonavailable", releaseDate: "2030-04-20", score: 20, wordClass: 0 },
      { name: "idag.se", status: "soonavailable", releaseDate: "2030-04-10", score: 85, wordClass: 0 },
    ]);
    await refreshStatistics(handle(), { now: NOW, parts: ["catch-risk"] });

    const cells = await handle().query(
      "select tld::text, length_group, char_group, score_band, word_group, family_group, delegation_group, names, caught from stats_catch_risk_cells order by tld",
    );
    // No zone was read: its features are unknown, for the released names and the soon-available ones alike.
    const noZone = { family_group: "unknown", delegation_group: "unknown" };
    expect(cells).toEqual([
      {
        tld: ".nu",
        length_group: "9+",
        char_group: "letters",
        score_band: "Mindre bra",
        word_group: "none",
        ...noZone,
        names: 100,
        caught: 10,
      },
      {
        tld: ".se",
        length_group: "1-3",
        char_group: "letters",
        score_band: "Utmärkt",
        word_group: "none",
        ...noZone,
        names: 100,
        caught: 80,
      },
    ]);

    // Overall 90 of 200; each of the seven narrower groups is the same 80 of 100, shrunk toward the estimate before it.
    let expected = 90 / 200;
    for (let level = 1; level <= 7; level++) expected = (80 + CATCH_RISK_PRIOR_NAMES * expected) / (100 + CATCH_RISK_PRIOR_NAMES);
    const short = await findCatchRisk(handle().db, "qzz.se", NOW);
    expect(short?.risk).toEqual({ kind: "known", probability: expected, basis: { level: 7, names: 100, caught: 80 } });
    expect(catchRiskText(short!)).toEqual({
      headline: "Hög risk att tas direkt: 8 av 10",
      basis:
        "Av 100 liknande namn (.se, 1–3 tecken, bara bokstäver, betyg utmärkt, inget svenskt ord, okänt om syskon eller tvilling var registrerat, okänt hur det var delegerat) de senaste 90 dagarna togs 80 direkt.",
    });
    const long = await findCatchRisk(handle().db, "langtnamnxzz.nu", NOW);
    expect(long?.risk).toMatchObject({ kind: "known", basis: { level: 7, names: 100, caught: 10 } });
    expect(catchRiskText(long!).headline).toBe("Låg risk att tas direkt: 1 av 10");

    // Released this morning, on no list, or not soon available: nothing to forecast.
    expect(await findCatchRisk(handle().db, "idag.se", NOW)).toBeNull();
    expect(await findCatchRisk(handle().db, "finnsinte.se", NOW)).toBeNull();
    expect(await findCatchRisk(handle().db, parseAce(shortName(0)), NOW)).toBeNull();
  });

  it("says the history is too thin under 100 released names", async () => {
    await createDomains(handle().db, [{ name: "tunn.se", status: "soonavailable", releaseDate: "2030-04-20" }]);
    await insertOutcome(handle(), "qaa.se", "2030-04-05", { firstFreeAt: "2030-04-05T04:10:00Z" });
    await refreshStatistics(handle(), { now: NOW, parts: ["catch-risk"] });
    const risk = await findCatchRisk(handle().db, "tunn.se", NOW);
    expect(risk?.risk).toEqual({ kind: "thin", basis: 1 });
    expect(catchRiskText(risk!).headline).toBe("Risk att tas direkt: för lite historik");
  });

  it("judges each day with the days before it only", async () => {
    await insertHistory(handle());
    await refreshStatistics(handle(), { now: NOW, parts: ["catch-risk"] });
    const calibration = await loadCatchRiskCalibration(handle());
    // 5 April has no history; 6 April is predicted from 5 April alone: 0.8 for every name (the .nu ones are a group never seen).
    expect(calibration).toMatchObject({ judgedDays: 1, firstJudgedDay: "2030-01-10", lastJudgedDay: "2030-04-09" });
    const eighth = calibration!.tenths[8];
    expect(eighth).toMatchObject({ names: 100, caught: 10 });
    expect(eighth.predicted).toBeCloseTo(80, 9);
    expect(eighth.brier).toBeCloseTo(10 * 0.2 ** 2 + 90 * 0.8 ** 2, 9);
    expect(calibration!.tenths.reduce((sum, tenth) => sum + tenth.names, 0)).toBe(100);
  });

  it("is nothing before the first computation", async () => {
    expect(await loadCatchRiskCalibration(handle())).toBeNull();
  });

  it("beats the overall rate on a held-out stretch of the demo's history, and is no worse for the zone's features", async () => {
    await seedDemo(handle(), { size: 3000, now: NOW });
    const calibration = await loadCatchRiskCalibration(handle());
    const summary = calibrationSummary(calibration!.tenths)!;
    expect(calibration!.judgedDays).toBeGreaterThan(60);
    expect(summary.names).toBeGreaterThan(500);
    // Short names and Swedish words are caught sooner in the demo: the forecast tells them apart.
    expect(summary.skill).toBeGreaterThan(0.03);
    // Calibrated: where the forecast said it for 100 names or more, what happened is within 0.15 of it.
    for (const tenth of calibration!.tenths.filter((bin) => bin.names >= 100)) {
      expect(Math.abs(tenth.caught / tenth.names - tenth.predicted / tenth.names)).toBeLessThan(0.15);
    }

    // The demo records the zone as of each release (decision 0088): parked names and registered siblings among them.
    const recorded = await handle().query<{ parked: number; sibling: number; unrecorded: number }>(
      `select (count(*) filter (where delegation = 'parked'))::int as parked, (count(*) filter (where sibling_registered))::int as sibling,
              (count(*) filter (where delegation is null))::int as unrecorded
         from release_outcomes where released_at is not null`,
    );
    expect(recorded[0]).toMatchObject({ unrecorded: 0 });
    expect(recorded[0].parked).toBeGreaterThan(20);
    expect(recorded[0].sibling).toBeGreaterThan(20);

    // The same held-out days judged by the model without the zone's two levels: with them, no worse.
    const today = todayUtc(NOW);
    const firstJudged = addDays(today, -CATCH_RISK_HISTORY_DAYS);
    const days = await withTransaction(handle(), (query) =>
      readReleaseDayCells(query, addDays(firstJudged, -CATCH_RISK_HISTORY_DAYS), today),
    );
    const judged = (levels?: CatchRiskLevels) => calibrationSummary(judgeCatchRisk(days, firstJudged, addDays(today, -1), levels).tenths)!;
    const withZone = judged();
    const withoutZone = judged(CATCH_RISK_FEATURES.filter((feature) => feature !== "familyGroup" && feature !== "delegationGroup"));
    expect(withZone.names).toBe(summary.names);
    expect(withoutZone.names).toBe(withZone.names);
    expect(withZone.brier).toBeCloseTo(summary.brier, 12);
    expect(withZone.brier).toBeLessThanOrEqual(withoutZone.brier);
  }, 60_000);
});

function parseAce(name: string) {
  const parsed = parseDomainName(name);
  if (!parsed.ok) throw new Error(name);
  return parsed.ace;
}
