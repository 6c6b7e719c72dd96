// The risk of being taken at once as the lists show, filter and sort it (decision 0085): the stored
// whole per cent (domains.catch_risk) in words and a number, and the filter's three levels.
// It imports nothing, so the list filters take it to the browser for a few hundred bytes.

/** The risk in whole per cent, as the lists store it (domains.catch_risk, decision 0085). */
export function riskPercent(probability: number): number {
  return Math.round(probability * 100);
}

/** The risk as people say it: "7 av 10", from the whole per cent, so a page and a list never round one name apart. */
export function riskOutOfTen(probability: number): number {
  return Math.round(riskPercent(probability) / 10);
}

/** "Hög" from 7 of 10, "Måttlig" from 4, else "Låg". */
export function riskWord(probability: number): "Hög" | "Måttlig" | "Låg" {
  const tenths = riskOutOfTen(probability);
  return tenths >= 7 ? "Hög" : tenths >= 4 ? "Måttlig" : "Låg";
}


/** The filter's levels, each a range of whole per cent that says the same word as riskWord. */
export const CATCH_RISK_FILTERS = [
  { value: "lag", label: "Låg", minPercent: 0, maxPercent: 34 },
  { value: "mattlig", label: "Måttlig", minPercent: 35, maxPercent: 64 },
  { value: "hog", label: "Hög", minPercent: 65, maxPercent: 100 },
] as const;
export type CatchRiskFilter = (typeof CATCH_RISK_FILTERS)[number]["value"];

export function catchRiskFilterOf(value: CatchRiskFilter): (typeof CATCH_RISK_FILTERS)[number] {
  return CATCH_RISK_FILTERS.find((filter) => filter.value === value)!;
}

/** Whether a stored risk (whole per cent; null: not known) passes the filter. */
export function catchRiskMatches(percent: number | null, filter: CatchRiskFilter): boolean {
  const { minPercent, maxPercent } = catchRiskFilterOf(filter);
  return percent !== null && percent >= minPercent && percent <= maxPercent;
}

/** A card's and a table cell's line: "Hög risk att tas direkt: 7 av 10", or "för lite historik" when no risk is known. */
export function catchRiskListText(percent: number | null): string {
  if (percent === null) return "Risk att tas direkt: för lite historik";
  const probability = percent / 100;
  return `${riskWord(probability)} risk att tas direkt: ${riskOutOfTen(probability)} av 10`;
}

/** The table cell's short form: "Hög, 7 av 10", or "För lite historik". */
export function catchRiskShortText(percent: number | null): string {
  if (percent === null) return "För lite historik";
  const probability = percent / 100;
  return `${riskWord(probability)}, ${riskOutOfTen(probability)} av 10`;
}
