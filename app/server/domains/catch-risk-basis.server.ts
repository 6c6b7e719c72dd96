// The basis of each listed soon-available name's risk of being taken at once (decision 0085): what the
// soon list's cards and table say under the risk. One cached model a request and one query for the page's names.
import { inArray } from "drizzle-orm";
import { catchRiskBasisText } from "~/domain/catch-risk";
import type { DomainCardData } from "~/domain/domain-card";
import type { Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { logger } from "~/server/logger.server";
import { catchRiskColumns, loadCatchRiskModel, nameCatchRisk } from "~/server/statistics/catch-risk.server";

/** The list's basis line: "Av 412 liknande namn de senaste 90 dagarna togs 290 direkt." (the page names the group). */
export function catchRiskBasisListText(basis: { level: number; names: number; caught: number }, days: number): string {
  return catchRiskBasisText(basis, days, null);
}

/**
 * The cards with catchRiskBasis for each name whose stored risk is known and that the model still
 * predicts; a failure leaves the cards without it (and is logged) rather than failing the list.
 */
export async function withCatchRiskBasis(db: Db, cards: DomainCardData[], now: Date): Promise<DomainCardData[]> {
  const names = cards.filter((card) => card.status === "soonavailable" && card.catchRisk != null).map((card) => card.name);
  if (names.length === 0) return cards;
  try {
    const [rows, model] = await Promise.all([
      db
        .select({ name: domains.name, ...catchRiskColumns(now) })
        .from(domains)
        .where(inArray(domains.name, names)),
      loadCatchRiskModel(db),
    ]);
    const features = new Map(rows.map((row) => [row.name, row]));
    return cards.map((card) => {
      const row = features.get(card.name);
      if (!row || card.catchRisk == null) return card;
      const risk = nameCatchRisk(model, { ...card, ...row }, now);
      return risk?.risk.kind === "known" ? { ...card, catchRiskBasis: catchRiskBasisListText(risk.risk.basis, risk.historyDays) } : card;
    });
  } catch (error) {
    logger.error({ err: error }, "the catch risk's basis for the soon list failed");
    return cards;
  }
}
