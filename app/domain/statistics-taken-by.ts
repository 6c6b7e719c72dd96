// "Vem tar de släppta namnen?" on /statistik (docs/product.md, "Statistics"; decision
// "taken again in the zone"): of the names released in the last 30 and 90 days, those the
// registry's zone has again after their release, by the operator their name servers point at,
// by length and by characters, and how long from the release to the first snapshot that had them.
// The aggregation is app/server/statistics/taken-by.server.ts; this is the shape it gives and the
// words the page uses.
import { countNounSv, formatNumberSv } from "./format";
import type { NameServerOperatorKind } from "./name-server-operators";

/** The periods counted, in days back from today (UTC), release days included. */
export const TAKEN_BY_WINDOWS = [30, 90] as const;
export type TakenByWindowDays = (typeof TAKEN_BY_WINDOWS)[number];

/** The most operators a period lists (the API and the page); the rest are counted together. */
export const TAKEN_BY_MAX_OPERATORS = 20;
/** The chart's bars per period: the largest operators, then "Övriga". */
export const TAKEN_BY_CHART_OPERATORS = 8;
/** The largest operators named per length or character group. */
export const TAKEN_BY_TOP_PER_GROUP = 3;

/**
 * The operators' kinds in the order the charts stack them: NAME_SERVER_OPERATOR_KINDS, written out
 * so that the pages' code does not bring the backoffice form's rules (and punycode) to the browser;
 * statistics-taken-by.test.ts holds the two equal.
 */
export const TAKEN_BY_KINDS = ["registrar_host", "parking", "aftermarket", "other"] as const satisfies readonly NameServerOperatorKind[];

/** The kinds as the public pages say them. */
export const OPERATOR_KIND_WORDS_SV: Record<NameServerOperatorKind, string> = {
  registrar_host: "registrar/webbhotell",
  parking: "parkering",
  aftermarket: "andrahandsmarknad",
  other: "övrigt",
};

export type TakenByOperator = {
  operator: string;
  kind: NameServerOperatorKind;
  /** From the site's table of operators; false: the first name server's registrable domain. */
  known: boolean;
  names: number;
  /** Seconds from the release moment to the first snapshot that had the name, median. */
  medianSeconds: number;
};

export type TakenByGroup = {
  key: string;
  label: string;
  /** Names of the group released in the period. */
  released: number;
  /** Of them, seen in the zone again after their release. */
  taken: number;
  /** The taken names by the kind of operator they point at. */
  kinds: Record<NameServerOperatorKind, number>;
  /** The largest operators of the group, most names first (at most TAKEN_BY_TOP_PER_GROUP). */
  topOperators: { operator: string; kind: NameServerOperatorKind; known: boolean; names: number }[];
  /** Null when none was taken. */
  medianSeconds: number | null;
};

export type TakenByWindow = {
  days: TakenByWindowDays;
  released: number;
  taken: number;
  medianSeconds: number | null;
  /** The largest operators, most names first, at most TAKEN_BY_MAX_OPERATORS. */
  operators: TakenByOperator[];
  /** The operators past those listed, and their names together. */
  otherOperators: { operators: number; names: number };
  /** Per group of LENGTH_GROUPS and CHAR_GROUPS (statistics.ts), every group present. */
  byLength: TakenByGroup[];
  byChars: TakenByGroup[];
};

export const emptyKinds = (): Record<NameServerOperatorKind, number> =>
  Object.fromEntries(TAKEN_BY_KINDS.map((kind) => [kind, 0])) as Record<NameServerOperatorKind, number>;

/**
 * The middle value of `values` (the mean of the two middle ones for an even count), as
 * PostgreSQL's percentile_cont(0.5) gives it; null for none. Sorts a copy.
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Seconds as hours with one decimal: the tables' unit (snapshots are hourly at best). */
export const hoursOf = (seconds: number) => Math.round(seconds / 360) / 10;

/** "5 timmar", "1 timme", "2,5 dygn": a time to the zone in words. */
export function takenDelaySv(seconds: number): string {
  const hours = seconds / 3600;
  if (hours < 48) return countNounSv(Math.max(1, Math.round(hours)), { one: "timme", many: "timmar" });
  return `${formatNumberSv(Math.round((hours / 24) * 10) / 10)} dygn`;
}

/** "Loopia", or for an operator not in the site's table "namnservrar hos example.com". */
export function operatorLabelSv(operator: { operator: string; known: boolean }): string {
  return operator.known ? operator.operator : `namnservrar hos ${operator.operator}`;
}

/**
 * What a period shows, in a sentence: how many of the released names the zone has again, and how
 * soon the first snapshot had half of them.
 */
export function takenByWindowText(window: TakenByWindow): string {
  const period = `de senaste ${window.days} dagarna`;
  if (window.released === 0) return `Inga namn har släppts ${period}.`;
  const released = `Av ${formatNumberSv(window.released)} namn som släpptes ${period}`;
  if (window.taken === 0) return `${released} finns inget i zonen igen än.`;
  const half = window.medianSeconds === null ? "" : ` Hälften av dem fanns i zonen inom ${takenDelaySv(window.medianSeconds)} efter släppet.`;
  return `${released} finns ${formatNumberSv(window.taken)} i zonen igen.${half}`;
}
