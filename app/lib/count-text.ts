import { formatNumberSv } from "~/domain/format";

/**
 * The count texts (docs/product.md, "Lists and their order"): "Inga domäner hittades" / "{n} domäner
 * hittades" (singular for one).
 */
export function foundCountText(n: number): string {
  if (n === 0) return "Inga domäner hittades";
  return n === 1 ? "1 domän hittades" : `${formatNumberSv(n)} domäner hittades`;
}

/** A search's or a filtered list's number of matches: `count`, or more than it when `more` (counting stopped there). */
export type SearchTotal = { count: number; more: boolean };

/** A list view's total: exact without filters, counted up to a bound with them. */
export type ListTotal = SearchTotal;

/** "{n} domäner hittades", or "Fler än {n} domäner hittades" where counting stopped. */
export function listTotalText(total: ListTotal): string {
  return total.more ? `Fler än ${formatNumberSv(total.count)} domäner hittades` : foundCountText(total.count);
}

/**
 * The public search's count line. Under `cap` every match is shown, so the
 * number shown is the count. At the cap the page says it shows the first
 * ones, with the true count where it was counted ("1 204 domäner
 * hittades", "Fler än 1 000 domäner hittades") and without a number where
 * it was not.
 */
export function searchCountText(shown: number, cap: number, total: SearchTotal | null): string {
  if (shown < cap || (total && !total.more && total.count <= shown)) return foundCountText(shown);
  const first = `Visar de ${formatNumberSv(shown)} första träffarna.`;
  if (!total) return first;
  const found = total.more ? `Fler än ${formatNumberSv(total.count)} domäner hittades.` : `${foundCountText(total.count)}.`;
  return `${found} ${first}`;
}

/**
 * The soon-available search's count line: 'Sökning "{text}" gav {n} träffar'; at
 * the cap, where more may match, 'Sökning "{text}": visar de {n} första
 * träffarna'.
 */
export function searchHitsText(text: string, n: number, cap = Number.POSITIVE_INFINITY): string {
  if (n >= cap) return `Sökning "${text}": visar de ${formatNumberSv(n)} första träffarna`;
  return `Sökning "${text}" gav ${formatNumberSv(n)} ${n === 1 ? "träff" : "träffar"}`;
}

/** 'Visar {n} av {total} domäner' ('av fler än {total}' where counting stopped) + ' (varav {k} markerade)' when some are featured. */
export function showingCountText(shown: number, total: number, featured: number, more = false): string {
  const base = `Visar ${formatNumberSv(shown)} av ${more ? "fler än " : ""}${formatNumberSv(total)} domäner`;
  return featured > 0 ? `${base} (varav ${formatNumberSv(featured)} markerade)` : base;
}
