// The backoffice domain list's filter space, for bench/admin-list.ts: every
// filter alone, every sort column both ways, and a seeded random sample of
// filter combinations (with and without search text, sorted every way), each
// on the first page and on a deep one. Deterministic for a given seed and day,
// so two runs time the same cases.
import { addDays, todayUtc } from "~/domain/utc-dates";
import {
  ADMIN_SORT_FIELDS,
  parseAdminListParams,
  toAdminListQuery,
  type AdminDomainListQuery,
  type CharacterFilter,
} from "~/lib/admin-list-params";
import { seededRandom } from "~/domain/seeded-random";

export type AdminBenchCase = {
  name: string;
  group: "filter" | "sort" | "combination";
  query: AdminDomainListQuery;
  /** Which page to time: page 1, page 100 (or the last when there are fewer), or the last page. */
  page: BenchPage;
};

export type BenchPage = "first" | "deep" | "last";
export const DEEP_PAGE = 100;

/** The list as it opens: no filter, release date ascending, page 1 of 30 names. */
const BASE: AdminDomainListQuery = toAdminListQuery(parseAdminListParams(new URLSearchParams()));

const STATUSES = ["soonavailable", "available", "registered", "renewed", "premium", "unlisted"] as const;
const CHARACTERS: CharacterFilter[] = ["letters", "digits", "special", "nonLatin"];
/** Search texts of every kind: one and two characters (no trigram helps), common words, Unicode and ACE pieces, digits, no match. */
// From 2 characters, as the backoffice searches (toAdminListQuery): "ab", "sk", "öl" and "24" are in
// tens of thousands of names, "xn--" in most.
const TERMS = ["ab", "sk", "öl", "hund", "bil", "smörg", "xn--", "24", "gruppen", "stockholm-", "zqxj"];
/** "15+" is 15 as a lower bound and 63 as an upper (toAdminListQuery). */
const LENGTHS: [number | null, number | null][] = [
  [3, 6],
  [1, 1],
  [5, 5],
  [10, 12],
  [15, 63],
  [null, 4],
  [8, null],
  [2, 15],
];

/** Every case, built around `today` (the demo data's release dates are relative to the day it was filled). */
export function adminBenchCases(options: { today?: string; seed?: number; combinations?: number } = {}): AdminBenchCase[] {
  const today = options.today ?? todayUtc(new Date());
  const day = (offset: number) => addDays(today, offset);
  const filters: [string, Partial<AdminDomainListQuery>][] = [
    ...TERMS.map((term): [string, Partial<AdminDomainListQuery>] => [`text '${term}'`, { filter: term }]),
    ...STATUSES.map((status): [string, Partial<AdminDomainListQuery>] => [`status ${status}`, { status }]),
    ["release from +30", { releaseFrom: day(30) }],
    ["release to today", { releaseTo: day(0) }],
    ["release one day (+10)", { releaseFrom: day(10), releaseTo: day(10) }],
    ["release next 7 days", { releaseFrom: day(0), releaseTo: day(7) }],
    ["release past week", { releaseFrom: day(-7), releaseTo: day(-1) }],
    ...LENGTHS.map(([from, to]): [string, Partial<AdminDomainListQuery>] => [`length ${range(from, to)}`, { lengthFrom: from, lengthTo: to }]),
    ["tld .se", { tlds: [".se"] }],
    ["tld .nu", { tlds: [".nu"] }],
    ...CHARACTERS.map((key): [string, Partial<AdminDomainListQuery>] => [`has ${key}`, { characters: { [key]: true } }]),
  ];
  const cases: AdminBenchCase[] = [];
  for (const [name, filter] of filters) {
    for (const page of ["first", "deep"] as const) cases.push({ name: `${name}${pageLabel(page)}`, group: "filter", query: { ...BASE, ...filter }, page });
  }
  for (const sortField of ADMIN_SORT_FIELDS) {
    for (const sortDirection of ["asc", "desc"] as const) {
      for (const page of ["first", "deep", "last"] as const) {
        cases.push({ name: `sort ${sortField} ${sortDirection}${pageLabel(page)}`, group: "sort", query: { ...BASE, sortField, sortDirection }, page });
      }
    }
  }
  // The two combinations the last measurement found far over the target (236 ms and 397 ms p95).
  const reported: [string, Partial<AdminDomainListQuery>][] = [
    [
      "reported: soonavailable rel 0..+30 len 3–6 .se letters, score desc",
      { status: "soonavailable", releaseFrom: day(0), releaseTo: day(30), lengthFrom: 3, lengthTo: 6, tlds: [".se"], characters: { letters: true }, sortField: "score", sortDirection: "desc" },
    ],
    ["reported: nonLatin+digits, length desc", { characters: { nonLatin: true, digits: true }, sortField: "length", sortDirection: "desc" }],
  ];
  for (const [name, filter] of reported) {
    for (const page of ["first", "deep"] as const) cases.push({ name: `${name}${pageLabel(page)}`, group: "combination", query: { ...BASE, ...filter }, page });
  }
  const random = seededRandom(options.seed ?? 8);
  const count = options.combinations ?? 80;
  for (let index = 0; index < count; index++) {
    // Half of them with search text, so both halves of the space are sampled evenly.
    const combination = randomCombination(random, day, index % 2 === 0);
    const page = random() < 0.5 ? "first" : "deep";
    cases.push({ name: `${describe(combination, today)}${pageLabel(page)}`, group: "combination", query: combination, page });
  }
  return cases;
}

/** Two to five filters drawn at random, a random sort; always at least two filters besides the text. */
function randomCombination(random: () => number, day: (offset: number) => string, withText: boolean): AdminDomainListQuery {
  const query: AdminDomainListQuery = { ...BASE, characters: {} };
  if (withText) query.filter = pick(TERMS, random);
  const kinds = shuffle(["status", "release", "length", "tld", "characters"], random).slice(0, 2 + Math.floor(random() * 4));
  for (const kind of kinds) {
    if (kind === "status") query.status = pick(STATUSES, random);
    if (kind === "tld") query.tlds = [pick([".se", ".nu"] as const, random)];
    if (kind === "length") [query.lengthFrom, query.lengthTo] = pick(LENGTHS, random);
    if (kind === "release") {
      const from = Math.floor(random() * 75) - 10;
      const roll = random();
      if (roll < 0.7) query.releaseFrom = day(from);
      if (roll > 0.3) query.releaseTo = day(from + Math.floor(random() * 30));
    }
    if (kind === "characters") {
      for (const key of shuffle(CHARACTERS, random).slice(0, 1 + Math.floor(random() * 2))) query.characters[key] = true;
    }
  }
  query.sortField = pick(ADMIN_SORT_FIELDS, random);
  query.sortDirection = random() < 0.5 ? "asc" : "desc";
  return query;
}

/** A short readable label, e.g. "status premium + length 3–6 + has digits, score desc". */
export function describe(query: AdminDomainListQuery, today: string): string {
  const parts: string[] = [];
  const offset = (date: string) => {
    const days = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
    return days >= 0 ? `+${days}` : String(days);
  };
  if (query.filter) parts.push(`'${query.filter}'`);
  if (query.status) parts.push(query.status);
  if (query.releaseFrom || query.releaseTo)
    parts.push(`rel ${query.releaseFrom ? offset(query.releaseFrom) : "…"}..${query.releaseTo ? offset(query.releaseTo) : "…"}`);
  if (query.lengthFrom !== null || query.lengthTo !== null) parts.push(`len ${range(query.lengthFrom, query.lengthTo)}`);
  if (query.tlds.length) parts.push(query.tlds.join(","));
  const characters = Object.keys(query.characters);
  if (characters.length) parts.push(characters.join("+"));
  return `${parts.join(" ")}, ${query.sortField} ${query.sortDirection}`;
}

function range(from: number | null, to: number | null): string {
  if (from === 15 && to === 63) return "15+";
  if (from === to) return String(from);
  return `${from ?? ""}–${to ?? ""}`;
}

function pageLabel(page: BenchPage): string {
  return page === "first" ? "" : page === "deep" ? ` [p${DEEP_PAGE}]` : " [last]";
}

/** The page number a case times, given how many names match. */
export function resolvePage(page: BenchPage, total: number, pageSize: number): number {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return page === "first" ? 1 : page === "deep" ? Math.min(DEEP_PAGE, last) : last;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}
