// Each soon-available name's risk of being taken at once, stored on its row (domains.catch_risk, whole
// per cent; decision 0085) so the soon list can filter and sort on it in SQL. The figure is the one
// the name's page says (findCatchRisk): the same model over the same counts (stats_catch_risk_cells).
import {
  CATCH_RISK_FEATURES,
  CatchRiskModel,
  DELEGATION_GROUPS,
  FAMILY_GROUPS,
  type CatchRiskCell,
  type CatchRiskFeatures,
  riskPercent,
  WORD_GROUPS,
} from "~/domain/catch-risk";
import { SCORE_THRESHOLDS, type ScoreLabel } from "~/domain/labels";
import { SUPPORTED_TLDS } from "~/domain/names";
import { CHAR_GROUPS, LENGTH_GROUPS } from "~/domain/statistics";
import { WORD_CLASS } from "~/domain/swedish-words";
import type { TransactionQuery } from "~/server/db/with-transaction.server";
import { delegationGroupAtSql } from "~/server/zone/zone-as-of.server";
import { charGroupSql, familyGroupSql, lengthGroupSql, scoreLabelSql } from "./statistics-sql.server";

const SCORE_BANDS: readonly ScoreLabel[] = [
  ...new Set<ScoreLabel>([...SCORE_THRESHOLDS.map((threshold) => threshold.label), "Mindre bra"]),
];

/**
 * Every group of similar names there can be (2 TLDs × 5 lengths × 4 character groups × 5 score bands
 * × 3 word groups × 4 family groups × 5 delegation groups: 12,000).
 */
export function everyCatchRiskGroup(): CatchRiskFeatures[] {
  const groups: CatchRiskFeatures[] = [];
  for (const tld of SUPPORTED_TLDS)
    for (const length of LENGTH_GROUPS)
      for (const chars of CHAR_GROUPS)
        for (const scoreBand of SCORE_BANDS)
          for (const word of WORD_GROUPS)
            for (const family of FAMILY_GROUPS)
              for (const delegation of DELEGATION_GROUPS) {
                groups.push({
                  tld,
                  lengthGroup: length.key,
                  charGroup: chars.key,
                  scoreBand,
                  wordGroup: word.key,
                  familyGroup: family.key,
                  delegationGroup: delegation.key,
                });
              }
  return groups;
}

type CellRow = {
  tld: string;
  length_group: string;
  char_group: string;
  score_band: string;
  word_group: string;
  family_group: string;
  delegation_group: string;
  names: number;
  caught: number;
};

/** The model of the counts the statistics job last wrote. */
export async function readCatchRiskModel(query: TransactionQuery): Promise<CatchRiskModel> {
  const rows = await query<CellRow>(
    "select tld::text, length_group, char_group, score_band, word_group, family_group, delegation_group, names, caught from stats_catch_risk_cells",
  );
  return CatchRiskModel.of(
    rows.map((row): CatchRiskCell => ({
      tld: row.tld,
      lengthGroup: row.length_group as CatchRiskCell["lengthGroup"],
      charGroup: row.char_group as CatchRiskCell["charGroup"],
      scoreBand: row.score_band as ScoreLabel,
      wordGroup: row.word_group as CatchRiskCell["wordGroup"],
      familyGroup: row.family_group as CatchRiskCell["familyGroup"],
      delegationGroup: row.delegation_group as CatchRiskCell["delegationGroup"],
      names: row.names,
      caught: row.caught,
    })),
  );
}

/**
 * Writes every soon-available name's risk from the current counts, in two statements whatever the
 * list's size: the risk of each of the 12,000 groups is computed here, and one update joins the
 * names (their features computed once each, the zone's as of `now`) to their group, touching only rows whose figure changed (whole per cent, so a small
 * daily drift rewrites few rows). Under the minimum basis every risk is null ("för lite historik").
 * Names no longer soon available lose theirs. Returns how many soon-available names got a new figure.
 */
export async function storeNameCatchRisks(query: TransactionQuery, now: Date): Promise<number> {
  const model = await readCatchRiskModel(query);
  const groups = everyCatchRiskGroup();
  const risks = groups.map((group) => {
    const risk = model.predict(group);
    return risk.kind === "known" ? riskPercent(risk.probability) : null;
  });
  const column = (feature: (typeof CATCH_RISK_FEATURES)[number]) => groups.map((group) => group[feature]);
  const updated = await query<{ n: number }>(
    `with groups as (
       select * from unnest($1::domain_tld[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::smallint[])
                  as g(tld, length_group, char_group, score_band, word_group, family_group, delegation_group, risk)
     ), soon as materialized (
       select d.name, d.tld, d.catch_risk, ${lengthGroupSql("d.length")} as length_group, ${charGroupSql("d.name_chars")} as char_group,
              ${scoreLabelSql("d.score")} as score_band,
              case d.word_class when ${WORD_CLASS.isWord} then 'word' when ${WORD_CLASS.containsWord} then 'contains' else 'none' end as word_group,
              ${familyGroupSql("d.sibling_registered", "d.twin_registered")} as family_group,
              ${delegationGroupAtSql("d.name", "d.tld::text", "$9::timestamptz")} as delegation_group
         from domains d
        where d.status = 'soonavailable'
     ), changed as (
       update domains d set catch_risk = g.risk
         from soon s
         join groups g on g.tld = s.tld and g.length_group = s.length_group and g.char_group = s.char_group and g.score_band = s.score_band
                      and g.word_group = s.word_group and g.family_group = s.family_group and g.delegation_group = s.delegation_group
        where d.name = s.name and s.catch_risk is distinct from g.risk
       returning 1
     )
     select count(*)::int as n from changed`,
    [
      column("tld"),
      column("lengthGroup"),
      column("charGroup"),
      column("scoreBand"),
      column("wordGroup"),
      column("familyGroup"),
      column("delegationGroup"),
      risks,
      now,
    ],
  );
  await query("update domains set catch_risk = null where catch_risk is not null and status <> 'soonavailable'");
  return updated[0]?.n ?? 0;
}
