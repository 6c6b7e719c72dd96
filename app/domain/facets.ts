// The counts beside a list's filter choices (docs/product.md, "Filters"):
// ".nu (3 980)", "4 tecken (1 204)". Each is the number of names the view
// would hold with that choice made and the other filters as they are; the
// counts come from groups of names by the columns these filters test (TLD,
// length, characters, release date), so one read of the groups gives them all.
import { SUPPORTED_TLDS, type Tld } from "./names";
import {
  CHARACTER_FILTERS,
  type CharacterFilter,
  characterClasses,
  type FilterScope,
  filtersFor,
  LENGTH_PRESETS,
  type PublicFilters,
  RELEASE_PRESETS,
  type ReleasePreset,
  releaseDateRange,
} from "./public-filters";
import { todayUtc } from "./utc-dates";

/**
 * Names that share the columns the counted filters test, and how many they
 * are. The groups hold only names that pass the filters no choice changes
 * (text, Swedish words, quality, and the dates from, to and since), and a
 * release date need only be right where a release preset can reach it, today
 * to 29 days on (releaseDateBucket).
 */
export type FacetGroup = { tld: Tld; length: number; nameChars: number; releaseDate: string | null; n: number };

/** The last day a release preset reaches, counted from today: "nästa 30 dagar". */
export const RELEASE_PRESET_DAYS = 30;

/** A count, and whether it is a lower bound ("1 204+": the names were counted up to a limit). */
export type FacetCount = { count: number; more: boolean };

export type FacetCounts = {
  tlds: Record<Tld, FacetCount>;
  /** In the order of LENGTH_PRESETS. */
  lengths: FacetCount[];
  characters: Record<CharacterFilter, FacetCount>;
  /** The soon list's release presets; null on the other lists. */
  release: Record<ReleasePreset, FacetCount> | null;
};

/**
 * The filters the groups can answer for. The others (text, Swedish words,
 * quality, the family filters) hold for every choice alike, so the groups are read with them
 * applied already.
 */
export function groupedFilters(filters: PublicFilters): PublicFilters {
  return {
    ...filters,
    contains: null,
    startsWith: null,
    endsWith: null,
    notContains: null,
    words: null,
    minScore: null,
    // The zone's filters on a name's family: applied to the names grouped, never counted.
    siblingRegistered: false,
    twinRegistered: false,
  };
}

/** Whether every filter of `filters` can be answered from groups alone (the totals the database keeps). */
export function answeredByGroups(filters: PublicFilters): boolean {
  const grouped = groupedFilters(filters);
  return Object.entries(filters).every(([key, value]) => grouped[key as keyof PublicFilters] === value);
}

/**
 * Every choice's count from the groups of the view's names. `partial`: the
 * groups hold only the first names found (counting stopped at a limit), so
 * every count is a lower bound.
 */
export function facetCountsFromGroups(
  groups: readonly FacetGroup[],
  filters: PublicFilters,
  scope: FilterScope,
  now: Date,
  partial = false,
): FacetCounts {
  // The dates from, to and since hold for every group already.
  const base = { ...filtersFor(scope, groupedFilters(filters)), releaseFrom: null, releaseTo: null, releasedSince: null };
  const today = todayUtc(now);
  const count = (choice: Partial<PublicFilters>): FacetCount => {
    const matches = groupMatcher({ ...base, ...choice }, today);
    let total = 0;
    for (const group of groups) if (matches(group)) total += group.n;
    return { count: total, more: partial };
  };
  const byTld = Object.fromEntries(SUPPORTED_TLDS.map((tld) => [tld, count({ tlds: [tld] })])) as Record<Tld, FacetCount>;
  const characters = Object.fromEntries(
    CHARACTER_FILTERS.map((filter) => [filter.value, count({ characters: [...new Set([...base.characters, filter.value])] })]),
  ) as Record<CharacterFilter, FacetCount>;
  return {
    tlds: byTld,
    lengths: LENGTH_PRESETS.map((preset) => count({ lengthMin: preset.min, lengthMax: preset.max })),
    characters,
    release:
      scope === "soon"
        ? (Object.fromEntries(RELEASE_PRESETS.map((preset) => [preset.value, count({ release: preset.value })])) as Record<
            ReleasePreset,
            FacetCount
          >)
        : null,
  };
}

/**
 * The rule of matchesPublicFilters for the columns a group has, with its sets
 * and dates worked out once: a count passes every group once per choice, and
 * the soon list of a million names has some twenty thousand groups. The
 * counts are tested against the list's own count of each choice.
 */
function groupMatcher(filters: PublicFilters, today: string): (group: FacetGroup) => boolean {
  const tlds = filters.tlds.length > 0 ? new Set<Tld>(filters.tlds) : null;
  const classes = characterClasses(filters.characters);
  const allowedChars = classes === null ? null : new Set(classes);
  const { lengthMin, lengthMax, releasedSince } = filters;
  const { from, to } = releaseDateRange(filters, today);
  const dated = from !== null || to !== null || releasedSince !== null;
  return (group) =>
    (tlds === null || tlds.has(group.tld)) &&
    (lengthMin === null || group.length >= lengthMin) &&
    (lengthMax === null || group.length <= lengthMax) &&
    (allowedChars === null || allowedChars.has(group.nameChars)) &&
    (!dated ||
      (group.releaseDate !== null &&
        (from === null || group.releaseDate >= from) &&
        (to === null || group.releaseDate <= to) &&
        (releasedSince === null || group.releaseDate >= releasedSince)));
}
