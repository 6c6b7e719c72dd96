// The public lists' filters (docs/product.md, "Filters"): what a visitor can
// ask of a list, how it lives in the URL, and the pure rule of which names
// match. The server turns the same filters into SQL (app/server/domains/
// filters.server.ts); a property test holds the two to the same answer.
//
// Anything in the address bar parses: an unknown value is ignored (that
// filter is off), a number out of range is clamped, text is cut to a
// name's length. A filter set never fails a page.
import { CATCH_RISK_FILTERS, type CatchRiskFilter, catchRiskMatches } from "./catch-risk-levels";
import { SCORE_THRESHOLDS, type ScoreLabel } from "./labels";
import { nameCharsSatisfy, type NameCharWants, nameCharValues } from "./name-chars";
import { SUPPORTED_TLDS, type Tld } from "./names";
import { addDays, isValidIsoDate, todayUtc } from "./utc-dates";
import { normalizeSearchTerm } from "./search-input";
import { MAX_LABEL_LENGTH } from "./search-keys";
import { WORD_CLASS, type WordClass } from "./swedish-words";

export { MAX_LABEL_LENGTH };
/** Text filters are cut here: no label is longer. */
const MAX_TEXT_FILTER_LENGTH = MAX_LABEL_LENGTH;

/** The character filters, each a rule on the label's characters (name_chars). */
export const CHARACTER_FILTERS = [
  { value: "letters", label: "Endast bokstäver a–z" },
  { value: "idn", label: "Innehåller å, ä eller ö" },
  { value: "nodigits", label: "Inga siffror" },
  { value: "digits", label: "Endast siffror" },
  { value: "nohyphen", label: "Inget bindestreck" },
  { value: "hyphen", label: "Innehåller bindestreck" },
] as const;
export type CharacterFilter = (typeof CHARACTER_FILTERS)[number]["value"];

/**
 * Each character filter as wanted bits of name_chars: true must be set,
 * false must not be. "Only a–z" is letters without digits, hyphens or
 * non-Latin letters; "only digits" is digits and nothing else.
 */
export const CHARACTER_FILTER_BITS: Record<CharacterFilter, NameCharWants> = {
  letters: { letters: true, digits: false, special: false, nonLatin: false },
  idn: { nonLatin: true },
  nodigits: { digits: false },
  digits: { digits: true, letters: false, special: false, nonLatin: false },
  nohyphen: { special: false },
  hyphen: { special: true },
};

/** The name_chars values every chosen character filter allows (nameCharValues), or null when none is chosen. */
export function characterClasses(characters: readonly CharacterFilter[]): number[] | null {
  return characters.length === 0 ? null : nameCharValues(characters.map((character) => CHARACTER_FILTER_BITS[character]));
}

/**
 * The Swedish-word filters, one at a time, each the stored word classes
 * (domains.word_class, app/domain/swedish-words.ts) it selects. A name that
 * is a word also contains one; a name whose class is not known yet (null)
 * passes neither.
 */
export const WORD_FILTERS = [
  { value: "ar", label: "Är ett svenskt ord", wordClasses: [WORD_CLASS.isWord] },
  { value: "innehaller", label: "Innehåller ett svenskt ord", wordClasses: [WORD_CLASS.containsWord, WORD_CLASS.isWord] },
] as const satisfies readonly { value: string; label: string; wordClasses: readonly WordClass[] }[];
export type WordFilter = (typeof WORD_FILTERS)[number]["value"];

/** The word classes `filter` selects. */
export function wordClassesOf(filter: WordFilter): readonly WordClass[] {
  return WORD_FILTERS.find((candidate) => candidate.value === filter)!.wordClasses;
}

/** The lowest score label a visitor accepts, best first, with its URL value. */
export const QUALITY_FILTERS: readonly { value: string; label: ScoreLabel; min: number }[] = SCORE_THRESHOLDS.map((threshold) => ({
  value: String(threshold.min),
  label: threshold.label,
  min: threshold.min,
}));

/** A quality choice in words: "Mycket bra eller bättre"; the top grade alone, "Utmärkt", as nothing is better. */
export function qualityChoiceText(minScore: number): string {
  const filter = QUALITY_FILTERS.find((candidate) => candidate.min === minScore);
  if (!filter) return "";
  return filter.min === Math.max(...QUALITY_FILTERS.map((candidate) => candidate.min)) ? filter.label : `${filter.label} eller bättre`;
}

/**
 * The zone's filters on a name's family (docs/product.md, "Siblings and twins"), each a checkbox
 * with the value "ja" (?syskon=ja, ?tvilling=ja). They have no counts beside them: the zone changes
 * hourly. "Samma namn på .nu/.se": the other TLD of each name.
 */
export const FAMILY_FILTERS = {
  siblingRegistered: "Samma namn på .nu/.se är registrerat",
  twinRegistered: "Har en registrerad tvilling",
} as const satisfies Partial<Record<keyof PublicFilters, string>>;
export const FAMILY_FILTER_VALUE = "ja";

/** Release date presets of the soon-available list, relative to today (UTC, the release rule's day). */
export const RELEASE_PRESETS = [
  { value: "idag", label: "Idag" },
  { value: "imorgon", label: "Imorgon" },
  { value: "vecka", label: "Denna vecka" },
  { value: "7d", label: "Nästa 7 dagar" },
  { value: "30d", label: "Nästa 30 dagar" },
] as const;
export type ReleasePreset = (typeof RELEASE_PRESETS)[number]["value"];

/** Quick length choices: from–to, inclusive. */
export const LENGTH_PRESETS = [
  { label: "≤ 3", min: 1, max: 3 },
  { label: "4", min: 4, max: 4 },
  { label: "5", min: 5, max: 5 },
  { label: "6–8", min: 6, max: 8 },
] as const;

export type PublicFilters = {
  /** Empty: both TLDs. */
  tlds: Tld[];
  /** Only names whose sibling (the same label in the other TLD) the zone delegates (docs/product.md, "Siblings and twins"). */
  siblingRegistered: boolean;
  /** Only names with a twin the zone delegates. */
  twinRegistered: boolean;
  lengthMin: number | null;
  lengthMax: number | null;
  characters: CharacterFilter[];
  /**
   * The search text (normalizeSearchTerm: at least 2 characters): the label holds it in its
   * Unicode or its ACE form; with a dot in it, the whole name does ("hund.s").
   */
  contains: string | null;
  /** Lower case, NFC; null when not set. */
  startsWith: string | null;
  endsWith: string | null;
  notContains: string | null;
  /** Is, or contains, a Swedish word (WORD_FILTERS); null: any name. */
  words: WordFilter | null;
  /** The lowest score accepted (a SCORE_THRESHOLDS minimum); null: any. */
  minScore: number | null;
  /** Release date presets and from–to (soon-available); both may be set, and both then hold. */
  release: ReleasePreset | null;
  releaseFrom: string | null;
  releaseTo: string | null;
  /** Available since this date (the available list: names released on or after it). */
  releasedSince: string | null;
  /** The risk of being taken at once (soon-available; CATCH_RISK_FILTERS); null: any, names without a risk too. */
  catchRisk: CatchRiskFilter | null;
};

export const NO_FILTERS: PublicFilters = {
  tlds: [],
  siblingRegistered: false,
  twinRegistered: false,
  lengthMin: null,
  lengthMax: null,
  characters: [],
  contains: null,
  startsWith: null,
  endsWith: null,
  notContains: null,
  words: null,
  minScore: null,
  release: null,
  releaseFrom: null,
  releaseTo: null,
  releasedSince: null,
  catchRisk: null,
};

/** The URL parameters, short: ?q=bil&tld=se&min=4&max=4&tecken=letters&borjar=bil&slutar=en&utan=x&ord=ar&kvalitet=65&slapps=vecka&fran=…&till=…&sedan=… */
export const FILTER_PARAMS = {
  tlds: "tld",
  siblingRegistered: "syskon",
  twinRegistered: "tvilling",
  lengthMin: "min",
  lengthMax: "max",
  characters: "tecken",
  // The search box's own parameter: the soon list's search is this filter.
  contains: "q",
  startsWith: "borjar",
  endsWith: "slutar",
  notContains: "utan",
  words: "ord",
  minScore: "kvalitet",
  release: "slapps",
  releaseFrom: "fran",
  releaseTo: "till",
  releasedSince: "sedan",
  catchRisk: "risk",
} as const satisfies Record<keyof PublicFilters, string>;

export function parsePublicFilters(params: URLSearchParams): PublicFilters {
  const lengthMin = parseLength(params.get(FILTER_PARAMS.lengthMin));
  const lengthMax = parseLength(params.get(FILTER_PARAMS.lengthMax));
  const [low, high] = lengthMin !== null && lengthMax !== null && lengthMin > lengthMax ? [lengthMax, lengthMin] : [lengthMin, lengthMax];
  const tlds = SUPPORTED_TLDS.filter((tld) => params.getAll(FILTER_PARAMS.tlds).some((value) => `.${value.trim().toLowerCase()}` === tld));
  const characters = CHARACTER_FILTERS.map((filter) => filter.value).filter((value) => params.getAll(FILTER_PARAMS.characters).includes(value));
  const words = WORD_FILTERS.find((filter) => filter.value === params.get(FILTER_PARAMS.words));
  const quality = QUALITY_FILTERS.find((filter) => filter.value === params.get(FILTER_PARAMS.minScore));
  const release = RELEASE_PRESETS.find((preset) => preset.value === params.get(FILTER_PARAMS.release));
  const catchRisk = CATCH_RISK_FILTERS.find((filter) => filter.value === params.get(FILTER_PARAMS.catchRisk));
  return {
    // Both TLDs ticked is the same as none: no TLD filter.
    tlds: tlds.length === SUPPORTED_TLDS.length ? [] : tlds,
    siblingRegistered: params.getAll(FILTER_PARAMS.siblingRegistered).includes(FAMILY_FILTER_VALUE),
    twinRegistered: params.getAll(FILTER_PARAMS.twinRegistered).includes(FAMILY_FILTER_VALUE),
    lengthMin: low,
    lengthMax: high,
    characters,
    contains: normalizeSearchTerm((params.get(FILTER_PARAMS.contains) ?? "").slice(0, 200)),
    startsWith: parseText(params.get(FILTER_PARAMS.startsWith)),
    endsWith: parseText(params.get(FILTER_PARAMS.endsWith)),
    notContains: parseText(params.get(FILTER_PARAMS.notContains)),
    words: words?.value ?? null,
    minScore: quality?.min ?? null,
    release: release?.value ?? null,
    releaseFrom: parseDate(params.get(FILTER_PARAMS.releaseFrom)),
    releaseTo: parseDate(params.get(FILTER_PARAMS.releaseTo)),
    releasedSince: parseDate(params.get(FILTER_PARAMS.releasedSince)),
    catchRisk: catchRisk?.value ?? null,
  };
}

/**
 * The query without the filter parameters that carry no value, or null when
 * it has none: a GET form sends every field ("min=&max=&borjar=bil"), and
 * the list answers with a redirect to the short URL of the same view.
 */
export function withoutEmptyFilters(params: URLSearchParams): string | null {
  const names = new Set<string>(Object.values(FILTER_PARAMS));
  const all = [...params];
  const kept = all.filter(([name, value]) => !(names.has(name) && value.trim() === ""));
  if (kept.length === all.length) return null;
  const search = new URLSearchParams(kept).toString();
  return search ? `?${search}` : "";
}

/** The filters as URL parameters, unset ones left out, in a fixed order (one view, one URL). */
export function publicFilterEntries(filters: PublicFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (filters.contains) entries.push([FILTER_PARAMS.contains, filters.contains]);
  for (const tld of filters.tlds) entries.push([FILTER_PARAMS.tlds, tld.slice(1)]);
  if (filters.siblingRegistered) entries.push([FILTER_PARAMS.siblingRegistered, FAMILY_FILTER_VALUE]);
  if (filters.twinRegistered) entries.push([FILTER_PARAMS.twinRegistered, FAMILY_FILTER_VALUE]);
  if (filters.lengthMin !== null) entries.push([FILTER_PARAMS.lengthMin, String(filters.lengthMin)]);
  if (filters.lengthMax !== null) entries.push([FILTER_PARAMS.lengthMax, String(filters.lengthMax)]);
  for (const character of filters.characters) entries.push([FILTER_PARAMS.characters, character]);
  if (filters.startsWith) entries.push([FILTER_PARAMS.startsWith, filters.startsWith]);
  if (filters.endsWith) entries.push([FILTER_PARAMS.endsWith, filters.endsWith]);
  if (filters.notContains) entries.push([FILTER_PARAMS.notContains, filters.notContains]);
  if (filters.words) entries.push([FILTER_PARAMS.words, filters.words]);
  if (filters.minScore !== null) entries.push([FILTER_PARAMS.minScore, String(filters.minScore)]);
  if (filters.release) entries.push([FILTER_PARAMS.release, filters.release]);
  if (filters.releaseFrom) entries.push([FILTER_PARAMS.releaseFrom, filters.releaseFrom]);
  if (filters.releaseTo) entries.push([FILTER_PARAMS.releaseTo, filters.releaseTo]);
  if (filters.releasedSince) entries.push([FILTER_PARAMS.releasedSince, filters.releasedSince]);
  if (filters.catchRisk) entries.push([FILTER_PARAMS.catchRisk, filters.catchRisk]);
  return entries;
}

export function hasPublicFilters(filters: PublicFilters): boolean {
  return publicFilterEntries(filters).length > 0;
}

/** Which filters a list offers: the release dates and the risk of being taken at once only on the soon list, "released since" only on the available list. */
export type FilterScope = "soon" | "available" | "other";

/** The public lists that take filters, by their paths. */
export type PublicList = "available" | "featured" | "premium" | "soon-available";

export function filterScopeOf(list: PublicList): FilterScope {
  return list === "available" ? "available" : list === "soon-available" ? "soon" : "other";
}

/** The filters with those the list does not offer switched off. */
export function filtersFor(scope: FilterScope, filters: PublicFilters): PublicFilters {
  return {
    ...filters,
    release: scope === "soon" ? filters.release : null,
    releaseFrom: scope === "soon" ? filters.releaseFrom : null,
    releaseTo: scope === "soon" ? filters.releaseTo : null,
    releasedSince: scope === "available" ? filters.releasedSince : null,
    catchRisk: scope === "soon" ? filters.catchRisk : null,
  };
}

/** The inclusive release date range the date filters leave, today being `today` (YYYY-MM-DD, UTC); null ends are open. */
export function releaseDateRange(filters: PublicFilters, today: string): { from: string | null; to: string | null } {
  let from = filters.releaseFrom;
  let to = filters.releaseTo;
  const preset = filters.release ? presetRange(filters.release, today) : null;
  if (preset) {
    from = from === null || preset.from > from ? preset.from : from;
    to = to === null || preset.to < to ? preset.to : to;
  }
  return { from, to };
}

function presetRange(preset: ReleasePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case "idag":
      return { from: today, to: today };
    case "imorgon":
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case "vecka": {
      // Monday to Sunday, the Swedish week: getUTCDay() is 0 on Sunday.
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      return { from: today, to: addDays(today, 6 - weekday) };
    }
    case "7d":
      return { from: today, to: addDays(today, 6) };
    case "30d":
      return { from: today, to: addDays(today, 29) };
  }
}

/** What the reference rule needs of a name: its two forms, its label's length, characters and word class, TLD, score and release date. */
export type FilterableName = {
  /** ACE form: "xn--rksmrgs-5wao1o.se". */
  name: string;
  /** Unicode form, lower case, with its TLD: "räksmörgås.se". */
  unicodeName: string;
  tld: Tld;
  length: number;
  /** name_chars (nameCharBits). */
  nameChars: number;
  /** word_class (WORD_CLASS); null: not known yet. */
  wordClass: number | null;
  score: number | null;
  releaseDate: string | null;
  /** What the zone says of its family (app/domain/name-family.ts), where known: the family filters pass only a name known to match. */
  siblingRegistered?: boolean | null;
  twinRegistered?: boolean | null;
  /** domains.catch_risk (whole per cent); null or left out: not known. */
  catchRisk?: number | null;
};

/**
 * The rule, in plain code: whether `name` passes every filter. The SQL of
 * the lists must select exactly these names (the property test).
 */
export function matchesPublicFilters(name: FilterableName, filters: PublicFilters, now: Date): boolean {
  if (filters.tlds.length > 0 && !filters.tlds.includes(name.tld)) return false;
  if (filters.siblingRegistered && name.siblingRegistered !== true) return false;
  if (filters.twinRegistered && name.twinRegistered !== true) return false;
  if (filters.lengthMin !== null && name.length < filters.lengthMin) return false;
  if (filters.lengthMax !== null && name.length > filters.lengthMax) return false;
  if (!filters.characters.every((character) => nameCharsSatisfy(name.nameChars, CHARACTER_FILTER_BITS[character]))) return false;
  const label = name.unicodeName.slice(0, name.unicodeName.length - name.tld.length);
  if (filters.contains !== null && !nameHolds(name, label, filters.contains)) return false;
  if (filters.startsWith !== null && !label.startsWith(filters.startsWith)) return false;
  if (filters.endsWith !== null && !label.endsWith(filters.endsWith)) return false;
  if (filters.notContains !== null && label.includes(filters.notContains)) return false;
  if (filters.words !== null && (name.wordClass === null || !(wordClassesOf(filters.words) as readonly number[]).includes(name.wordClass))) {
    return false;
  }
  if (filters.minScore !== null && (name.score === null || name.score < filters.minScore)) return false;
  const { from, to } = releaseDateRange(filters, todayUtc(now));
  if (from !== null && (name.releaseDate === null || name.releaseDate < from)) return false;
  if (to !== null && (name.releaseDate === null || name.releaseDate > to)) return false;
  if (filters.releasedSince !== null && (name.releaseDate === null || name.releaseDate < filters.releasedSince)) return false;
  if (filters.catchRisk !== null && !catchRiskMatches(name.catchRisk ?? null, filters.catchRisk)) return false;
  return true;
}

/** The search's test: the label (or, for a term with a dot, the whole name) holds `term` in its Unicode form, or in its ACE form for a plain-ASCII term. */
function nameHolds(name: FilterableName, label: string, term: string): boolean {
  const whole = term.includes(".");
  if ((whole ? name.unicodeName : label).includes(term)) return true;
  return !/\P{ASCII}/u.test(term) && (whole ? name.name : name.name.slice(0, name.name.length - name.tld.length)).includes(term);
}

function parseLength(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,4}\s*$/.test(value)) return null;
  return Math.min(MAX_LABEL_LENGTH, Math.max(1, Number(value)));
}

function parseText(value: string | null): string | null {
  if (value === null) return null;
  // A label holds no spaces: whatever is typed between letters goes, as the search box's normalisation does.
  const text = value
    .slice(0, MAX_TEXT_FILTER_LENGTH * 4)
    .toWellFormed()
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s\p{Cc}\p{Cf}]+/gu, "")
    .slice(0, MAX_TEXT_FILTER_LENGTH);
  return text === "" ? null : text;
}

function parseDate(value: string | null): string | null {
  const date = value?.trim() ?? "";
  return isValidIsoDate(date) ? date : null;
}

/** One active filter as a visitor reads it, and the filter set without it (for its remove link). */
export type ActiveFilter = { key: string; text: string; without: PublicFilters };

/** The active filters in Swedish, in the form's order: "Endast .se", "4–6 tecken", "Börjar med ”bil”". */
export function describePublicFilters(filters: PublicFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  const add = (key: string, text: string, change: Partial<PublicFilters>) => active.push({ key, text, without: { ...filters, ...change } });
  if (filters.contains) add("q", `Innehåller ”${filters.contains}”`, { contains: null });
  for (const tld of filters.tlds) add(`tld-${tld}`, `Endast ${tld}`, { tlds: filters.tlds.filter((other) => other !== tld) });
  if (filters.siblingRegistered) add("syskon", FAMILY_FILTERS.siblingRegistered, { siblingRegistered: false });
  if (filters.twinRegistered) add("tvilling", FAMILY_FILTERS.twinRegistered, { twinRegistered: false });
  if (filters.lengthMin !== null || filters.lengthMax !== null) {
    add("length", lengthText(filters.lengthMin, filters.lengthMax), { lengthMin: null, lengthMax: null });
  }
  for (const character of filters.characters) {
    const label = CHARACTER_FILTERS.find((filter) => filter.value === character)!.label;
    add(`tecken-${character}`, label, { characters: filters.characters.filter((other) => other !== character) });
  }
  if (filters.startsWith) add("borjar", `Börjar med ”${filters.startsWith}”`, { startsWith: null });
  if (filters.endsWith) add("slutar", `Slutar med ”${filters.endsWith}”`, { endsWith: null });
  if (filters.notContains) add("utan", `Innehåller inte ”${filters.notContains}”`, { notContains: null });
  if (filters.words) add("ord", WORD_FILTERS.find((filter) => filter.value === filters.words)!.label, { words: null });
  if (filters.minScore !== null) {
    add("kvalitet", `Kvalitet: ${qualityChoiceText(filters.minScore)}`, { minScore: null });
  }
  if (filters.release) add("slapps", `Släpps: ${RELEASE_PRESETS.find((preset) => preset.value === filters.release)!.label.toLowerCase()}`, { release: null });
  if (filters.releaseFrom) add("fran", `Släpps från ${filters.releaseFrom}`, { releaseFrom: null });
  if (filters.releaseTo) add("till", `Släpps till ${filters.releaseTo}`, { releaseTo: null });
  if (filters.releasedSince) add("sedan", `Ledig sedan ${filters.releasedSince}`, { releasedSince: null });
  if (filters.catchRisk) {
    add("risk", `${CATCH_RISK_FILTERS.find((filter) => filter.value === filters.catchRisk)!.label} risk att tas direkt`, { catchRisk: null });
  }
  return active;
}

function lengthText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return min === max ? `${min} tecken` : `${min}–${max} tecken`;
  return min !== null ? `Minst ${min} tecken` : `Högst ${max} tecken`;
}
