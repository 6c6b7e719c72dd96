import { formatNumberSv } from "~/domain/format";

/** Spec §2 count texts: "Inga domäner hittades" / "{n} domäner hittades" (singular for one). */
export function foundCountText(n: number): string {
  if (n === 0) return "Inga domäner hittades";
  return n === 1 ? "1 domän hittades" : `${formatNumberSv(n)} domäner hittades`;
}

/** Spec §2 soon-available search mode: 'Sökning "{text}" gav {n} träffar'. */
export function searchHitsText(text: string, n: number): string {
  return `Sökning "${text}" gav ${formatNumberSv(n)} ${n === 1 ? "träff" : "träffar"}`;
}

/** Spec §2: 'Visar {n} av {total} domäner' + ' (varav {k} markerade)' when some are featured. */
export function showingCountText(shown: number, total: number, featured: number): string {
  const base = `Visar ${formatNumberSv(shown)} av ${formatNumberSv(total)} domäner`;
  return featured > 0 ? `${base} (varav ${formatNumberSv(featured)} markerade)` : base;
}
