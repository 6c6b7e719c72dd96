// Each soon-available name's risk of being taken at once, stored on its row (domains.catch_risk, whole
// per cent; decision 0085) so the soon list can filter and sort on it in SQL. The figure is the one
// the name's page says (findCatchRisk): the same model over the same counts (stats_catch_risk_cells).
import { CATCH_RISK_FEATURES, CatchRiskModel, type CatchRiskCell, type CatchRiskFeatures, riskPercent, WORD_GROUPS } from "~/domain/catch-risk";
import { SCORE_THRESHOLDS, type ScoreLabel } from "~/domain/labels";
import { SUPPORTED_TLDS } from "~/domain/names";
import { CHAR_GROUPS, LENGTH_GROUPS } from "~/domain/statistics";
import { WORD_CLASS } from "~/domain/swedish-words";
import type { TransactionQuery } from "~/server/db/with-transaction.server";
import { charGroupSql, lengthGroupSql, scoreLabelSql } from "./statistics-sql.server";

const SCORE_BANDS: readonly ScoreLabel[] = [...new Set<ScoreLabel>([...SCORE_THRESHOLDS.map((threshold) => threshold.label), "Mindre bra"])];

/** Every group of similar names there can be (2 TLDs × 5 lengths × 4 character groups × 5 score bands × 3 word groups). */
export function everyCatchRiskGroup(): CatchRiskFeatures[] {
  const groups: CatchRiskFeatures[] = [];
  for (const tld of SUPPORTED_TLDS)
    for (const length of LENGTH_GROUPS)
      for (const chars of CHAR_GROUPS)
        for (const scoreBand of SCORE_BANDS)
          for (const word of WORD_GROUPS) {
            groups.push({ tld, lengthGroup: length.key, charGroup: chars.key, scoreBand, wordGroup: word.key });
          }
  return groups;
}

type CellRow = { tld: string; length_group: string; char_group: string; score_band: string; word_group: string; names: number; caught: number };

/** The model of the counts the statistics job last wrote. */
export async function readCatchRiskModel(query: TransactionQuery): Promise<CatchRiskModel> {
  const rows = await query<CellRow>("select tld::text, length_group, char_group, score_band, word_group, names, caught from stats_catch_risk_cells");
  return CatchRiskModel.of(
    rows.map(
      (row): CatchRiskCell => ({
        tld: row.tld,
        lengthGroup: row.length_group as CatchRiskCell["lengthGroup"],
        charGroup: row.char_group as CatchRiskCell["charGroup"],
        scoreBand: row.score_band as ScoreLabel,
        wordGroup: row.word_group as CatchRiskCell["wordGroup"],
        names: row.names,
        caught: row.caught,
      }),
    ),
  );
}

/**
 * Writes every soon-available name's risk from the current counts, in two statements whatever the
 * list's size: the risk of each of the few hundred groups is computed here, and one update joins
 * the names to their group, touching only rows whose figure changed (whole per cent, so a small
 * daily drift rewrites few rows). Under the minimum basis every risk is null ("för lite historik").
 * Names no longer soon available lose theirs. Returns how many soon-available names got a new figure.
 */
export async function storeNameCatchRisks(query: TransactionQuery): Promise<number> {
  const model = await readCatchRiskModel(query);
  const groups = everyCatchRiskGroup();
  const risks = groups.map((group) => {
    const risk = model.predict(group);
    return risk.kind === "known" ? riskPercent(risk.probability) : null;
  });
  const column = (feature: (typeof CATCH_RISK_FEATURES)[number]) => groups.map((group) => group[feature]);
  const updated = await query<{ n: number }>(
    `with groups as (
       select * from unnest($1::domain_tld[], $2::text[], $3::text[], $4::text[], $5::text[], $6::smallint[])
                  as g(tld, length_group, char_group, score_band, word_group, risk)
     ), changed as (
       update domains d set catch_risk = g.risk
         from groups g
        where d.status = 'soonavailable' and d.tld = g.tld
          and ${lengthGroupSql("d.length")} = g.length_group
          and ${charGroupSql("d.name_chars")} = g.char_group
          and ${scoreLabelSql("d.score")} = g.score_band
          and (case d.word_class when ${WORD_CLASS.isWord} then 'word' when ${WORD_CLASS.containsWord} then 'contains' else 'none' end) = g.word_group
          and d.catch_risk is distinct from g.risk
       returning 1
     )
     select count(*)::int as n from changed`,
    [column("tld"), column("lengthGroup"), column("charGroup"), column("scoreBand"), column("wordGroup"), risks],
  );
  await query("update domains set catch_risk = null where catch_risk is not null and status <> 'soonavailable'");
  return updated[0]?.n ?? 0;
}
