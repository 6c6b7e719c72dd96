// A watched name's state now (app/domain/watch-states.ts's vocabulary), derived
// from what the site knows of it: its row on our lists, its latest release
// outcome and what the registry's zone says (docs/product.md, "Accounts,
// bookmarks and the calendar"; decision 0082). Pure: the server reads the
// facts for all of an account's watches at once and calls this per name.
import { formatLongDateSv, formatStockholmDateTimeSv } from "./format";
import { pointsAtPhrase } from "./name-server-operators";
import { releaseInstant } from "./release-instant";
import { WATCH_STATE_LABELS, type WatchState } from "./watch-states";
import type { ZoneFacts } from "./zone-facts";

/** The name's row in `domains`, where it has one. */
export type ListedFacts = {
  status: "soonavailable" | "available" | "registered" | "renewed" | "premium" | "unlisted";
  releaseDate: string | null;
  /** When a check or the zone found it taken after its release. */
  takenAt: string | null;
};

/** The name's latest row in `release_outcomes` (by release date). */
export type OutcomeFacts = {
  releaseDate: string;
  listedOn: string;
  renewedOn: string | null;
  firstFreeAt: string | null;
  takenAt: string | null;
};

export type WatchFacts = {
  listed: ListedFacts | null;
  outcome: OutcomeFacts | null;
  /** Null when the name's TLD has no snapshot. */
  zone: ZoneFacts | null;
};

/** A watch state with whether its operator is one of the table's (the phrase differs). */
export type WatchStateOfName = WatchState & { operatorInTable?: boolean };

const at = (time: number) => new Date(time).toISOString();

/**
 * The precedence, first match wins:
 * 1. premium on our lists;
 * 2. renewed when the list says so, or when the zone has the listed name back
 *    (it appeared) before its release;
 * 3. on_list while its release (the list's date, else the latest outcome's)
 *    is still ahead;
 * 4. after that release: gone_from_zone when the zone saw it disappear after
 *    it was taken; taken_again when the outcome or the list has a taken time,
 *    the zone delegates it, or the list says registered; else released_free;
 * 5. with no release known: registered when delegated; gone_from_zone when the
 *    zone's last change is its disappearance; registered when the list says
 *    so; free when the list says available; else unknown.
 */
export function watchStateOfName(facts: WatchFacts, now: Date): WatchStateOfName {
  const { listed, outcome, zone } = facts;
  const operator = zone?.delegated && zone.operator ? { operator: zone.operator.name, operatorInTable: zone.operator.fromTable } : null;
  const state = (kind: WatchState["kind"], since: string | null, releaseDate: string | null = null, withOperator = false) => ({
    kind,
    since,
    releaseDate,
    operator: withOperator ? (operator?.operator ?? null) : null,
    ...(withOperator && operator ? { operatorInTable: operator.operatorInTable } : {}),
  });
  const zoneSince = zone?.delegated && zone.since && !zone.sinceIsFirstSnapshot ? zone.since : null;

  if (listed?.status === "premium") return state("premium", null);

  const onList = listed && listed.status !== "unlisted" ? listed.releaseDate : null;
  const releaseDate = latestDate(onList, outcome?.releaseDate ?? null);
  const outcomeOfRelease = outcome && outcome.releaseDate === releaseDate ? outcome : null;
  const releaseAt = releaseDate ? releaseInstant(releaseDate).getTime() : null;
  const upcoming = releaseAt !== null && now.getTime() < releaseAt;

  const cameBack = zone?.delegated === true && zone.lastChange?.kind === "appeared";
  if (listed?.status === "renewed" || (upcoming && listed?.status === "soonavailable" && cameBack)) {
    const renewedOn = outcomeOfRelease?.renewedOn ? `${outcomeOfRelease.renewedOn}T00:00:00.000Z` : null;
    return state("renewed", zoneSince ?? renewedOn, releaseDate, true);
  }
  if (upcoming) return state("on_list", outcomeOfRelease ? `${outcomeOfRelease.listedOn}T00:00:00.000Z` : null, releaseDate);

  if (releaseDate !== null && releaseAt !== null) {
    const listedTaken = listed?.takenAt && Date.parse(listed.takenAt) >= releaseAt ? listed.takenAt : null;
    const zoneTaken = zoneSince && Date.parse(zoneSince) >= releaseAt ? zoneSince : null;
    const takenAt = outcomeOfRelease?.takenAt ?? listedTaken ?? zoneTaken;
    const left = zone && !zone.delegated && zone.lastChange?.kind === "disappeared" ? zone.lastChange.at : null;
    if (left && Date.parse(left) > Math.max(releaseAt, takenAt ? Date.parse(takenAt) : 0)) return state("gone_from_zone", left);
    if (takenAt || zone?.delegated || listed?.status === "registered") return state("taken_again", takenAt, releaseDate, true);
    return state("released_free", outcomeOfRelease?.firstFreeAt ?? at(releaseAt), releaseDate);
  }

  if (zone?.delegated) return state("registered", zoneSince, null, true);
  if (zone?.lastChange?.kind === "disappeared") return state("gone_from_zone", zone.lastChange.at);
  if (listed?.status === "registered") return state("registered", listed.takenAt, null);
  if (listed?.status === "available") return state("free", null);
  return state("unknown", null);
}

function latestDate(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

/** "4 december 2026 kl. 07:10 (svensk tid)". */
function timeText(since: string): string {
  return `${formatStockholmDateTimeSv(since)} (svensk tid)`;
}

/**
 * The state's line on the account's list, e.g. "Tagen igen 4 december 2026 kl. 07:10 (svensk tid),
 * pekar på Loopias namnservrar" or "Släpps snart 12 december 2026, på listan sedan 1 december 2026".
 */
export function watchStateText(state: WatchStateOfName): string {
  const label = WATCH_STATE_LABELS[state.kind];
  const points = state.operator ? pointsAtPhrase({ operator: state.operator, known: state.operatorInTable ?? true }) : null;
  const parts: string[] = [];
  switch (state.kind) {
    case "on_list":
      parts.push(state.releaseDate ? `${label} ${formatLongDateSv(state.releaseDate)}` : label);
      if (state.since) parts.push(`på listan sedan ${formatLongDateSv(state.since)}`);
      break;
    case "registered":
      parts.push(state.since ? `${label}, i zonen sedan ${timeText(state.since)}` : label);
      break;
    case "renewed":
      parts.push(
        state.since ? `${label} ${state.since.endsWith("T00:00:00.000Z") ? formatLongDateSv(state.since) : timeText(state.since)}` : label,
      );
      break;
    case "gone_from_zone":
    case "released_free":
      parts.push(state.since ? `${label} sedan ${timeText(state.since)}` : label);
      break;
    case "taken_again":
      parts.push(state.since ? `${label} ${timeText(state.since)}` : label);
      if (points) parts.push(points);
      if (state.releaseDate) parts.push(`släpptes ${formatLongDateSv(state.releaseDate)}`);
      return parts.join(", ");
    default:
      parts.push(label);
  }
  if (points) parts.push(points);
  return parts.join(", ");
}
