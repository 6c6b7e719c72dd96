// A plain, obviously correct version of the backoffice list (filter, sort,
// page in JavaScript over the stored rows) and random inputs for it, so the
// SQL version can be compared with it over many filter/sort/page mixes.
import { parseDomainName } from "~/domain/names";
import { ADMIN_SORT_FIELDS, type AdminDomainListQuery, type CharacterFilter } from "~/lib/admin-list-params";
import type { DomainRow } from "~/server/db/schema/index.server";
import { DOMAIN_STATUSES } from "~/server/db/schema/domains.server";
import type { DomainOverrides } from "./domains";

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];

/** Pieces that give every character class: letters, digits, hyphens, å/ä/ö (stored as xn--). */
const PIECES = ["hund", "katt", "bil", "ab", "räk", "smör", "gås", "ö", "24", "7", "365", "x", "sk", "-"];
const TERMS = ["a", "ö", "ab", "sk", "hund", "räk", "24", "-", "xn--", "bil-", "zz", "%", "b_l"];

/** `count` distinct valid .se/.nu names with random statuses, dates and scores; a few not yet given a word class (null). */
export function randomDomainSet(random: () => number, count: number): DomainOverrides[] {
  const rows = new Map<string, DomainOverrides>();
  while (rows.size < count) {
    let label = "";
    const pieces = 1 + Math.floor(random() * 4);
    for (let index = 0; index < pieces; index++) label += pick(PIECES, random);
    const name = `${label}${random() < 0.5 ? ".se" : ".nu"}`;
    const parsed = parseDomainName(name);
    if (!parsed.ok || rows.has(parsed.ace)) continue;
    const status = pick(DOMAIN_STATUSES, random);
    rows.set(parsed.ace, {
      name,
      status,
      // Few distinct dates and scores, so ties (broken by name) are common.
      releaseDate: random() < 0.15 ? null : `2030-01-${String(1 + Math.floor(random() * 9)).padStart(2, "0")}`,
      score: Math.floor(random() * 6) * 10,
      // The others get their word class from the dictionary, as every writer gives it (buildDomain).
      ...(random() < 0.1 ? { wordClass: null } : {}),
    });
  }
  return [...rows.values()];
}

/** Any mix of filters (including "must not have" character filters), any sort, small pages. */
export function randomAdminQuery(random: () => number): AdminDomainListQuery {
  const maybe = <T>(value: () => T): T | null => (random() < 0.35 ? value() : null);
  const characters: Partial<Record<CharacterFilter, boolean>> = {};
  for (const key of ["letters", "digits", "special", "nonLatin"] as const) {
    const roll = random();
    if (roll < 0.2) characters[key] = true;
    else if (roll < 0.3) characters[key] = false;
  }
  const lengthFrom = maybe(() => 1 + Math.floor(random() * 10));
  return {
    page: 1,
    pageSize: 7,
    sortField: pick(ADMIN_SORT_FIELDS, random),
    sortDirection: random() < 0.5 ? "asc" : "desc",
    filter: random() < 0.4 ? pick(TERMS, random) : "",
    status: maybe(() => pick(DOMAIN_STATUSES, random)),
    releaseFrom: maybe(() => `2030-01-0${1 + Math.floor(random() * 5)}`),
    releaseTo: maybe(() => `2030-01-0${4 + Math.floor(random() * 6)}`),
    lengthFrom,
    lengthTo: maybe(() => (lengthFrom ?? 1) + Math.floor(random() * 12)),
    tlds: random() < 0.3 ? [pick([".se", ".nu"] as const, random)] : [],
    characters,
  };
}

/** The Domains tab's list read literally: every filter, the chosen order with the name as tie-break, one page, the exact total. */
export function referenceAdminList(rows: DomainRow[], query: AdminDomainListQuery): { totalCount: number; names: string[] } {
  const term = query.filter.trim().toLowerCase();
  const matches = rows.filter((row) => {
    const label = row.unicodeName.split(".")[0];
    const has: Record<CharacterFilter, boolean> = {
      letters: /[^0-9-]/.test(label),
      digits: /[0-9]/.test(label),
      special: label.includes("-"),
      nonLatin: row.name.startsWith("xn--"),
    };
    return (
      (!term || row.unicodeName.includes(term) || row.name.includes(term)) &&
      (!query.status || row.status === query.status) &&
      (!query.releaseFrom || (row.releaseDate !== null && row.releaseDate >= query.releaseFrom)) &&
      (!query.releaseTo || (row.releaseDate !== null && row.releaseDate <= query.releaseTo)) &&
      (query.lengthFrom === null || row.length >= query.lengthFrom) &&
      (query.lengthTo === null || row.length <= query.lengthTo) &&
      (query.tlds.length === 0 || (query.tlds as string[]).includes(row.tld)) &&
      (Object.entries(query.characters) as [CharacterFilter, boolean | undefined][]).every(([key, wanted]) => wanted === undefined || has[key] === wanted)
    );
  });
  const keys: Record<AdminDomainListQuery["sortField"], (row: DomainRow) => (string | number | null)[]> = {
    release_date: (row) => [row.releaseDate, row.name],
    name: (row) => [row.name],
    status: (row) => [row.status, row.releaseDate, row.name],
    tld: (row) => [row.tld, row.status, row.releaseDate, row.name],
    score: (row) => [row.score, row.name],
    length: (row) => [row.length, row.name],
  };
  const sign = query.sortDirection === "desc" ? -1 : 1;
  const sorted = [...matches].sort((a, b) => sign * compareKeys(keys[query.sortField](a), keys[query.sortField](b)));
  const start = (query.page - 1) * query.pageSize;
  return { totalCount: matches.length, names: sorted.slice(start, start + query.pageSize).map((row) => row.unicodeName) };
}

/** PostgreSQL's order: NULL after every value ascending (so first descending); names are ASCII (ACE), compared by code unit like collate "C". */
function compareKeys(a: (string | number | null)[], b: (string | number | null)[]): number {
  for (let index = 0; index < a.length; index++) {
    const [x, y] = [a[index], b[index]];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}
