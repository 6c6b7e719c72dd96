// The archive of release days (docs/product.md, "The archive of release
// days"; decision 0074): which days an address
// may name, what became of each released name and how the page words it.
// Pure, so the server, the page and the tests share one rule.
import { formatLongDateSv, formatStockholmDateTimeSv } from "./format";
import { compareSwedishNames } from "./swedish-order";
import { isValidIsoDate, todayUtc } from "./utc-dates";
import { releaseInstant } from "./release-instant";
import { filtersFor, matchesPublicFilters, parsePublicFilters, publicFilterEntries, type PublicFilters } from "./public-filters";

/** What became of a released name: taken again, seen free and not taken since, or not checked since its release. */
export type ArchiveOutcome = "taken" | "free" | "unchecked";

/**
 * Where the taken time comes from: our availability checks (the morning
 * rounds, then the regular check: minute precision), the first zone snapshot
 * that has the name (hourly), or the site's first snapshot of the TLD, which
 * only says "at the latest then".
 */
export type TakenSource = "check" | "zone" | "zone-baseline";

/** The facts stored for one release of a name; times are epoch milliseconds. */
export type ArchiveFacts = {
  /** release_outcomes.taken_at: written by the availability check or, when it was empty, by a zone snapshot. */
  takenAt: number | null;
  /** A "taken" event of a zone snapshot at exactly takenAt: the zone wrote it. */
  takenByZone: boolean;
  /** The first snapshot since the release that has the name (an "appeared" change, or a delegation since then). */
  zoneSeenAt: number | null;
  /** zoneSeenAt is the TLD's first snapshot (the baseline): in the zone at the latest then. */
  zoneSeenIsBaseline: boolean;
  firstFreeAt: number | null;
  lastFreeAt: number | null;
};

export type ArchiveVerdict =
  { outcome: "taken"; at: number; source: TakenSource } | { outcome: "free"; lastFreeAt: number } | { outcome: "unchecked" };

/**
 * What became of a released name. Taken again when the check saw it taken or
 * a snapshot since the release has it; the time is the earlier of the two
 * (a time the zone wrote is the zone's); else free when the check has seen it
 * free since the release, else not checked.
 */
export function archiveVerdict(facts: ArchiveFacts): ArchiveVerdict {
  const { takenAt, zoneSeenAt } = facts;
  if (takenAt !== null && facts.takenByZone) return { outcome: "taken", at: takenAt, source: "zone" };
  if (zoneSeenAt !== null && (takenAt === null || zoneSeenAt < takenAt)) {
    return { outcome: "taken", at: zoneSeenAt, source: facts.zoneSeenIsBaseline ? "zone-baseline" : "zone" };
  }
  if (takenAt !== null) return { outcome: "taken", at: takenAt, source: "check" };
  if (facts.firstFreeAt !== null) return { outcome: "free", lastFreeAt: facts.lastFreeAt ?? facts.firstFreeAt };
  return { outcome: "unchecked" };
}

const SOURCE_WORDS: Record<TakenSource, string> = {
  check: "vår kontroll hos registret",
  zone: "ögonblicksbild av zonen",
  "zone-baseline": "vår första ögonblicksbild",
};

/** "Registrerades igen 5 december 2026 kl. 06:39 (svensk tid, vår kontroll hos registret)"; "Ledig, sågs senast ledig …"; "Inte kontrollerad sedan släppet". */
export function verdictText(verdict: ArchiveVerdict): string {
  switch (verdict.outcome) {
    case "taken": {
      const when = formatStockholmDateTimeSv(new Date(verdict.at));
      return verdict.source === "zone-baseline"
        ? `Registrerad igen senast ${when} (svensk tid, ${SOURCE_WORDS[verdict.source]})`
        : `Registrerades igen ${when} (svensk tid, ${SOURCE_WORDS[verdict.source]})`;
    }
    case "free":
      return `Fortfarande ledig: sågs senast ledig ${formatStockholmDateTimeSv(new Date(verdict.lastFreeAt))} (svensk tid)`;
    case "unchecked":
      return "Inte kontrollerad sedan släppet";
  }
}

/** The short word a table cell and the filter use. */
export const OUTCOME_LABELS: Record<ArchiveOutcome, string> = {
  taken: "Tagen igen",
  free: "Fri",
  unchecked: "Inte kontrollerad",
};

/** "what became of it" as the address says it: ?utfall=fri|tagen|okontrollerad. */
export const OUTCOME_PARAM = "utfall";
export const OUTCOME_FILTERS = [
  { value: "fri", outcome: "free", label: "Fri" },
  { value: "tagen", outcome: "taken", label: "Tagen igen" },
  { value: "okontrollerad", outcome: "unchecked", label: "Inte kontrollerad" },
] as const satisfies readonly { value: string; outcome: ArchiveOutcome; label: string }[];

/** The outcome the address asks for, or null (every outcome) for none or an unknown value. */
export function parseOutcomeFilter(value: string | null): ArchiveOutcome | null {
  return OUTCOME_FILTERS.find((filter) => filter.value === value)?.outcome ?? null;
}

export function outcomeFilterValue(outcome: ArchiveOutcome): string {
  return OUTCOME_FILTERS.find((filter) => filter.outcome === outcome)!.value;
}

/** The day page's orders (?sort=), the first the default. */
export const ARCHIVE_SORTS = [
  { value: "namn", label: "Namn A-Ö" },
  { value: "namn-desc", label: "Namn Ö-A" },
  { value: "tagen", label: "Registrerades igen (först först)" },
  { value: "langd", label: "Längd (kortast först)" },
  { value: "poang", label: "Poäng (högst först)" },
] as const;
export type ArchiveSort = (typeof ARCHIVE_SORTS)[number]["value"];

export function parseArchiveSort(value: string | null): ArchiveSort {
  return ARCHIVE_SORTS.find((sort) => sort.value === value)?.value ?? "namn";
}

/** A row of the day as the page, the download and the tests read it. */
export type ArchiveName = {
  name: string;
  unicodeName: string;
  tld: ".se" | ".nu";
  length: number;
  nameChars: number;
  wordClass: number | null;
  score: number | null;
  verdict: ArchiveVerdict;
  /** Where its name servers point now (the zone in force), or null when it is not delegated. */
  operator: { name: string; fromTable: boolean } | null;
};

/** Names in `sort`'s order; equal keys in Swedish name order, the ACE form last (docs/product.md, "Lists and their order"). */
export function sortArchiveNames(names: readonly ArchiveName[], sort: ArchiveSort): ArchiveName[] {
  const takenAt = (name: ArchiveName) => (name.verdict.outcome === "taken" ? name.verdict.at : Infinity);
  const compare: Record<ArchiveSort, (a: ArchiveName, b: ArchiveName) => number> = {
    namn: compareSwedishNames,
    "namn-desc": (a, b) => compareSwedishNames(b, a),
    tagen: (a, b) => takenAt(a) - takenAt(b) || compareSwedishNames(a, b),
    langd: (a, b) => a.length - b.length || compareSwedishNames(a, b),
    poang: (a, b) => (b.score ?? -1) - (a.score ?? -1) || compareSwedishNames(a, b),
  };
  return [...names].sort(compare[sort]);
}

export type DayCounts = { released: number; taken: number; free: number; unchecked: number };

export function countOutcomes(names: Iterable<Pick<ArchiveName, "verdict">>): DayCounts {
  const counts: DayCounts = { released: 0, taken: 0, free: 0, unchecked: 0 };
  for (const { verdict } of names) {
    counts.released += 1;
    counts[verdict.outcome] += 1;
  }
  return counts;
}

/** What an address's day is: a past or present release day to look up, or why there is none. */
export type ArchiveDay = { ok: true; date: string } | { ok: false; reason: "invalid" | "future" };

/**
 * The day of /slappta/{YYYY-MM-DD}: a real calendar date whose release moment
 * (04:00 UTC) has passed at `now`. A later day has released nothing yet.
 */
export function parseArchiveDay(value: string | undefined, now: Date): ArchiveDay {
  if (value === undefined || !isValidIsoDate(value)) return { ok: false, reason: "invalid" };
  if (value > todayUtc(now) || releaseInstant(value) > now) return { ok: false, reason: "future" };
  return { ok: true, date: value };
}

/** The day's heading and title: "Släppta 5 december 2026". */
export function archiveDayTitle(date: string): string {
  return `Släppta ${formatLongDateSv(date)}`;
}

/** Days on one page of the index; names on one page of a day (a phone gets fewer, as the lists do). */
export const ARCHIVE_DAYS_PER_PAGE = 14;
export const ARCHIVE_NAMES_PER_PAGE = 100;
export const ARCHIVE_NAMES_PER_PHONE_PAGE = 24;

/** A day's view as its address says it: the lists' filters (no release dates: the day is the date), what became of the name, the order. */
export type ArchiveView = { filters: PublicFilters; outcome: ArchiveOutcome | null; sort: ArchiveSort };

export function parseArchiveView(params: URLSearchParams): ArchiveView {
  return {
    // The family filters ask the zone of the lists' names; the archive's names are its own.
    filters: { ...filtersFor("other", parsePublicFilters(params)), siblingRegistered: false, twinRegistered: false },
    outcome: parseOutcomeFilter(params.get(OUTCOME_PARAM)),
    sort: parseArchiveSort(params.get("sort")),
  };
}

/** The view's parameters in a fixed order, the default order left out (one view, one address). */
export function archiveViewEntries(view: ArchiveView): [string, string][] {
  const entries = publicFilterEntries(view.filters);
  if (view.outcome) entries.push([OUTCOME_PARAM, outcomeFilterValue(view.outcome)]);
  if (view.sort !== ARCHIVE_SORTS[0].value) entries.push(["sort", view.sort]);
  return entries;
}

/** The day's names the view keeps, in its order. */
export function archiveViewNames(names: readonly ArchiveName[], view: ArchiveView, releaseDate: string, now: Date): ArchiveName[] {
  const kept = names.filter(
    (name) =>
      (view.outcome === null || name.verdict.outcome === view.outcome) && matchesPublicFilters({ ...name, releaseDate }, view.filters, now),
  );
  return sortArchiveNames(kept, view.sort);
}
