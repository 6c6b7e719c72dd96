import { date, doublePrecision, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import type { DelegationGroupKey, FamilyGroupKey, WordGroupKey } from "~/domain/catch-risk";
import type { ScoreLabel } from "~/domain/labels";
import type { CharGroupKey, LengthGroupKey } from "~/domain/statistics";
import { domainTldType } from "./domains.server";

/**
 * The catch-risk forecast's counts (app/domain/catch-risk.ts): released names of the last 90 days
 * per group of similar names, and how many of them were taken at once. Replaced by the statistics
 * job; the domain page and the API predict from it.
 */
export const statsCatchRiskCells = pgTable(
  "stats_catch_risk_cells",
  {
    tld: domainTldType("tld").notNull(),
    lengthGroup: text("length_group").$type<LengthGroupKey>().notNull(),
    charGroup: text("char_group").$type<CharGroupKey>().notNull(),
    scoreBand: text("score_band").$type<ScoreLabel>().notNull(),
    wordGroup: text("word_group").$type<WordGroupKey>().notNull(),
    familyGroup: text("family_group").$type<FamilyGroupKey>().notNull(),
    delegationGroup: text("delegation_group").$type<DelegationGroupKey>().notNull(),
    names: integer("names").notNull(),
    caught: integer("caught").notNull(),
  },
  (table) => [
    primaryKey({
      name: "stats_catch_risk_cells_pkey",
      columns: [table.tld, table.lengthGroup, table.charGroup, table.scoreBand, table.wordGroup, table.familyGroup, table.delegationGroup],
    }),
  ],
);

/**
 * How the forecast did ("Hur bra är prognosen?"): each judged day predicted from the days before
 * it only, summed per tenth of the predicted risk. One row per tenth (0: 0–10 %).
 */
export const statsCatchRiskCalibration = pgTable("stats_catch_risk_calibration", {
  tenth: smallint("tenth").primaryKey(),
  names: integer("names").notNull(),
  predicted: doublePrecision("predicted").notNull(),
  caught: integer("caught").notNull(),
  brier: doublePrecision("brier").notNull(),
  baselineBrier: doublePrecision("baseline_brier").notNull(),
  /** The days judged, the same in every row. */
  judgedDays: integer("judged_days").notNull(),
  firstJudgedDay: date("first_judged_day", { mode: "string" }),
  lastJudgedDay: date("last_judged_day", { mode: "string" }),
});
