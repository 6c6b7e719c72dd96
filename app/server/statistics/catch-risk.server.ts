// The catch-risk forecast's figures (app/domain/catch-risk.ts; decision 0078): the statistics job counts released names per group of similar names
// and judges the forecast on earlier days; the domain page and the API predict from the counts.
import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  AT_ONCE_MINUTES,
  CATCH_RISK_FEATURES,
  CATCH_RISK_HISTORY_DAYS,
  CatchRiskModel,
  catchRiskFeatures,
  isDelegationGroup,
  judgeCatchRisk,
  type CalibrationTenth,
  type DelegationGroupKey,
  type CatchRiskCell,
  type CatchRiskName,
  type NameCatchRisk,
  type ReleaseDayCells,
} from "~/domain/catch-risk";
import type { CatchRiskCalibration } from "~/domain/catch-risk-calibration";
import { lastReleasedDate } from "~/domain/release-instant";
import { WORD_CLASS } from "~/domain/swedish-words";
import { addDays, todayUtc } from "~/domain/utc-dates";
import type { CharGroupKey, LengthGroupKey } from "~/domain/statistics";
import type { ScoreLabel } from "~/domain/labels";
import { cachedDomainQuery } from "~/server/cache/domain-cache.server";
import type { DatabaseHandle, Db } from "~/server/db/client.server";
import { domains, statsCatchRiskCells } from "~/server/db/schema/index.server";
import type { TransactionQuery } from "~/server/db/with-transaction.server";
import { delegationGroupAtSql } from "~/server/zone/zone-as-of.server";
import { recordReleaseZoneFeatures } from "./release-zone-features.server";
import { charGroupSql, familyGroupSql, lengthGroupSql, scoreLabelSql } from "./statistics-sql.server";

type CellRow = {
  day: string;
  tld: string;
  length_group: LengthGroupKey;
  char_group: CharGroupKey;
  score_band: ScoreLabel;
  word_group: CatchRiskCell["wordGroup"];
  family_group: CatchRiskCell["familyGroup"];
  delegation_group: CatchRiskCell["delegationGroup"];
  names: number;
  caught: number;
};

/**
 * Released names per release day and group, from `firstDay` to the day before `today`, with how
 * many were taken at once: before the site ever saw them free, or within AT_ONCE_MINUTES of the
 * first time it did. A name neither seen free nor taken (not checked yet) tells nothing and is
 * left out; today's release is still under way. The name's own features come from its row in
 * domains (they do not change), the zone's from the release's row, as of the release.
 */
export async function readReleaseDayCells(query: TransactionQuery, firstDay: string, today: string): Promise<ReleaseDayCells[]> {
  const rows = await query<CellRow>(
    `select o.release_date::text as day, o.tld::text as tld, ${lengthGroupSql("o.length")} as length_group,
            ${charGroupSql("o.name_chars")} as char_group, ${scoreLabelSql("coalesce(d.score, 0)")} as score_band,
            case d.word_class when ${WORD_CLASS.isWord} then 'word' when ${WORD_CLASS.containsWord} then 'contains' else 'none' end as word_group,
            ${familyGroupSql("o.sibling_registered", "o.twin_registered")} as family_group,
            coalesce(o.delegation, 'unknown') as delegation_group,
            count(*)::int as names,
            (count(*) filter (where o.taken_at is not null
                                and (o.first_free_at is null or o.taken_at <= o.first_free_at + interval '${AT_ONCE_MINUTES} minutes')))::int as caught
       from release_outcomes o
       left join domains d on d.name = o.domain_name
      where o.release_date >= $1::date and o.release_date < $2::date and o.released_at is not null
        and (o.first_free_at is not null or o.taken_at is not null)
      group by 1, 2, 3, 4, 5, 6, 7, 8
      order by 1`,
    [firstDay, today],
  );
  const days: ReleaseDayCells[] = [];
  for (const row of rows) {
    if (days.at(-1)?.day !== row.day) days.push({ day: row.day, cells: [] });
    days.at(-1)!.cells.push({
      tld: row.tld,
      lengthGroup: row.length_group,
      charGroup: row.char_group,
      scoreBand: row.score_band,
      wordGroup: row.word_group,
      familyGroup: row.family_group,
      delegationGroup: row.delegation_group,
      names: row.names,
      caught: row.caught,
    });
  }
  return days;
}

/**
 * The statistics part "catch-risk": the counts of the CATCH_RISK_HISTORY_DAYS days before today,
 * which today's forecast stands on, and the forecast judged on each of those days with the counts
 * of the days before it only. The releases since the last run get their zone features first.
 */
export async function computeCatchRisk(query: TransactionQuery, now: Date): Promise<void> {
  await recordReleaseZoneFeatures(query, now);
  const today = todayUtc(now);
  const firstJudged = addDays(today, -CATCH_RISK_HISTORY_DAYS);
  const days = await readReleaseDayCells(query, addDays(firstJudged, -CATCH_RISK_HISTORY_DAYS), today);

  const current = new Map<string, CatchRiskCell>();
  for (const { day, cells } of days) {
    if (day < firstJudged) continue;
    for (const cell of cells) {
      const key = CATCH_RISK_FEATURES.map((feature) => cell[feature]).join("|");
      const sum = current.get(key) ?? { ...cell, names: 0, caught: 0 };
      sum.names += cell.names;
      sum.caught += cell.caught;
      current.set(key, sum);
    }
  }
  await query("delete from stats_catch_risk_cells");
  const cells = [...current.values()];
  if (cells.length > 0) {
    await query(
      `insert into stats_catch_risk_cells (tld, length_group, char_group, score_band, word_group, family_group, delegation_group, names, caught)
       select * from unnest($1::domain_tld[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[])`,
      [
        cells.map((cell) => cell.tld),
        cells.map((cell) => cell.lengthGroup),
        cells.map((cell) => cell.charGroup),
        cells.map((cell) => cell.scoreBand),
        cells.map((cell) => cell.wordGroup),
        cells.map((cell) => cell.familyGroup),
        cells.map((cell) => cell.delegationGroup),
        cells.map((cell) => cell.names),
        cells.map((cell) => cell.caught),
      ],
    );
  }

  const lastJudged = addDays(today, -1);
  const judged = judgeCatchRisk(days, firstJudged, lastJudged);
  await query("delete from stats_catch_risk_calibration");
  for (const tenth of judged.tenths) {
    await query(
      `insert into stats_catch_risk_calibration (tenth, names, predicted, caught, brier, baseline_brier, judged_days, first_judged_day, last_judged_day)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        tenth.tenth,
        tenth.names,
        tenth.predicted,
        tenth.caught,
        tenth.brier,
        tenth.baselineBrier,
        judged.judgedDays,
        firstJudged,
        lastJudged,
      ],
    );
  }
}

/**
 * A soon-available name's risk of being taken at once, from the counts the statistics job keeps
 * (read once for every page until the names change, as the renewal curve is). Null for a name on
 * no list, not soon available, or whose release has begun.
 */
export async function findCatchRisk(db: Db, aceName: string, now: Date): Promise<NameCatchRisk | null> {
  const [row] = await db
    .select({
      tld: domains.tld,
      length: domains.length,
      score: domains.score,
      releaseDate: domains.releaseDate,
      ...catchRiskColumns(now),
    })
    .from(domains)
    .where(and(eq(domains.name, aceName), eq(domains.status, "soonavailable")))
    .limit(1);
  if (!row) return null;
  return nameCatchRisk(await loadCatchRiskModel(db), { ...row, status: "soonavailable" }, now);
}

/** The model of the counts the statistics job keeps, read once for every page until the names change. */
export function loadCatchRiskModel(db: Db): Promise<CatchRiskModel> {
  return cachedDomainQuery(db, "catch-risk-model", async () => CatchRiskModel.of(await db.select().from(statsCatchRiskCells)));
}

/**
 * A listed name's delegation group as of `now` (a select column over domains): for a name still to
 * be released, how it was delegated before it dropped is known before its release, so its forecast
 * reads the zone as it is (its family from the row's stored flags).
 */
export function delegationGroupNowSql(now: Date): SQL<DelegationGroupKey> {
  // An ISO timestamp of our own clock, not input.
  return sql.raw(
    delegationGroupAtSql(`"domains"."name"`, `"domains"."tld"::text`, `'${now.toISOString()}'::timestamptz`),
  ) as SQL<DelegationGroupKey>;
}

/** The columns of domains a name's risk is predicted from beside those every list reads (tld, length, score, status, release date). */
export function catchRiskColumns(now: Date) {
  return {
    nameChars: domains.nameChars,
    wordClass: domains.wordClass,
    siblingRegistered: domains.siblingRegistered,
    twinRegistered: domains.twinRegistered,
    delegationGroup: delegationGroupNowSql(now),
  };
}

/** The row a name's risk is predicted from: the list's columns and the zone's features as of now. */
export type CatchRiskRow = Omit<CatchRiskName, "delegationGroup"> & { status: string; releaseDate: string | null; delegationGroup: string };

/** What findCatchRisk says of a row already read (the API's list pages): null unless soon available before its release morning. */
export function nameCatchRisk(model: CatchRiskModel, row: CatchRiskRow, now: Date): NameCatchRisk | null {
  if (row.status !== "soonavailable" || row.releaseDate === null || row.releaseDate <= lastReleasedDate(now)) return null;
  const features = catchRiskFeatures({ ...row, delegationGroup: isDelegationGroup(row.delegationGroup) ? row.delegationGroup : "unknown" });
  return { risk: model.predict(features), features, historyDays: CATCH_RISK_HISTORY_DAYS };
}

/** "Hur bra är prognosen?" on /statistik: the judged tenths and the days judged; null before the first computation. */
export async function loadCatchRiskCalibration(handle: DatabaseHandle): Promise<CatchRiskCalibration | null> {
  const rows = await handle.query<
    CalibrationTenth & { judged_days: number; first_judged_day: string; last_judged_day: string; baseline_brier: number }
  >(
    `select tenth, names, predicted, caught, brier, baseline_brier, judged_days, first_judged_day::text, last_judged_day::text
       from stats_catch_risk_calibration order by tenth`,
  );
  if (rows.length === 0) return null;
  return {
    tenths: rows.map((row) => ({
      tenth: row.tenth,
      names: row.names,
      predicted: Number(row.predicted),
      caught: row.caught,
      brier: Number(row.brier),
      baselineBrier: Number(row.baseline_brier),
    })),
    judgedDays: rows[0].judged_days,
    firstJudgedDay: rows[0].first_judged_day,
    lastJudgedDay: rows[0].last_judged_day,
  };
}

/** loadCatchRiskCalibration, reused as the statistics page's figures are until the names change. */
export function loadCachedCatchRiskCalibration(handle: DatabaseHandle): Promise<CatchRiskCalibration | null> {
  return cachedDomainQuery(handle.db, "catch-risk-calibration", () => loadCatchRiskCalibration(handle));
}
