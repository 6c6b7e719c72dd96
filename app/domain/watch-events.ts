// The changes of state of a watched name, for the watch list's Atom feed
// (docs/product.md, "Accounts, bookmarks and the calendar"): the name's
// history — the zone's changes, the lists' and jobs' events, the ledger of
// its releases — read as the states of app/domain/watch-states.ts, one entry
// each time the state changes, from the moment the user watched the name.
import { completeDomainHistory, type ReleaseFacts } from "./domain-history";
import type { DomainEvent } from "./domain-page";
import type { WatchStateKind } from "./watch-states";

/** One change the zone saw: the snapshot's time, and who the name servers belong to after it (where known). */
export type WatchZoneChange = {
  kind: "appeared" | "disappeared" | "name_servers_changed";
  /** ISO time of the snapshot. */
  at: string;
  operator: string | null;
};

export type WatchHistory = {
  /** ACE form, as watched. */
  name: string;
  /** ISO time the user started watching: nothing before it becomes an entry. */
  watchedAt: string;
  zoneChanges: WatchZoneChange[];
  /** The name's recorded events (list imports, renewals, releases, catches), any order. */
  events: DomainEvent[];
  /** Its releases as release_outcomes keeps them. */
  releases: ReleaseFacts[];
};

/** One entry of the feed: the state the name entered, when, and what is known of it then. */
export type WatchEvent = {
  name: string;
  kind: WatchStateKind;
  /** ISO time the site saw the change. */
  at: string;
  /** registered / renewed / taken_again: whose name servers it points to, where known. */
  operator: string | null;
  /** on_list: the release day; released_free / taken_again: the day it was released. */
  releaseDate: string | null;
};

type Step = { at: string; order: number; next: (previous: WatchStateKind | null) => WatchStateKind | null; operator: string | null; releaseDate: string | null };

/** Which state a recorded event puts the name in (null: it changes no state the feed tells). */
function stateOfEvent(event: DomainEvent): WatchStateKind | null {
  if (event.type === "imported" || (event.type === "status-changed" && event.toStatus === "soonavailable")) return "on_list";
  if (event.type === "renewed" || (event.type === "status-changed" && event.toStatus === "renewed")) return "renewed";
  if (event.type === "released" || event.type === "seen-free") return "released_free";
  if (event.type === "taken" || (event.type === "status-changed" && event.toStatus === "registered")) return "taken_again";
  if (event.type === "premium-added") return "premium";
  return null;
}

/**
 * What a name appearing in the zone means after the state it was in: taken
 * after a release, renewed after it left the zone or was listed, else
 * registered (the same state again where it already was one of those).
 */
function stateOnAppearing(previous: WatchStateKind | null): WatchStateKind {
  if (previous === "released_free" || previous === "free" || previous === "taken_again") return "taken_again";
  if (previous === "gone_from_zone" || previous === "on_list" || previous === "renewed") return "renewed";
  return "registered";
}

/** The last ISO date in an event's detail ("release date 2030-05-01 -> 2030-05-08"). */
function releaseDateOf(event: DomainEvent, releases: ReleaseFacts[]): string | null {
  const dates = event.detail?.match(/\d{4}-\d{2}-\d{2}/g);
  if (dates?.length) return dates[dates.length - 1];
  const day = event.createdAt.slice(0, 10);
  const release = [...releases].reverse().find((candidate) => candidate.listedOn <= day);
  return release?.releaseDate ?? null;
}

/** Enough of a name's history for any feed: the feed keeps far fewer entries. */
const HISTORY_LIMIT = 500;

/**
 * The name's changes of state, oldest first, from the time it was watched.
 * History before that still decides what a later change means (back in the
 * zone after leaving it is a renewal). Repeated news of the same state (the
 * registry's answer and the zone both telling a catch) is one entry, at the
 * first time, with what the later news adds (the operator).
 */
export function deriveWatchEvents(history: WatchHistory): WatchEvent[] {
  const steps: Step[] = [];
  // Oldest first: at one instant, the earlier step of a release (free before taken) comes first.
  for (const event of completeDomainHistory(history.events, history.releases, HISTORY_LIMIT).reverse()) {
    const kind = stateOfEvent(event);
    if (!kind) continue;
    const releaseDate = kind === "renewed" || kind === "premium" ? null : releaseDateOf(event, history.releases);
    steps.push({ at: event.createdAt, order: 0, next: () => kind, operator: null, releaseDate });
  }
  for (const change of history.zoneChanges) {
    if (change.kind === "name_servers_changed") continue;
    const next = change.kind === "disappeared" ? () => "gone_from_zone" as const : stateOnAppearing;
    steps.push({ at: change.at, order: 1, next, operator: change.kind === "appeared" ? change.operator : null, releaseDate: null });
  }
  steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.order - b.order);

  const entries: WatchEvent[] = [];
  let previous: WatchStateKind | null = null;
  let last: WatchEvent | null = null;
  let releaseDay: string | null = null;
  for (const step of steps) {
    const kind = step.next(previous);
    if (!kind) continue;
    if (kind === previous) {
      if (last) {
        last.operator ??= step.operator;
        last.releaseDate ??= step.releaseDate;
      }
      continue;
    }
    previous = kind;
    // A release's day stays with what follows it: the catch is of that release.
    if (step.releaseDate) releaseDay = step.releaseDate;
    const releaseDate = step.releaseDate ?? (kind === "taken_again" || kind === "released_free" ? releaseDay : null);
    const entry: WatchEvent = { name: history.name, kind, at: new Date(step.at).toISOString(), operator: step.operator, releaseDate };
    last = Date.parse(step.at) >= Date.parse(history.watchedAt) ? entry : null;
    if (last) entries.push(last);
  }
  return entries;
}

/** All watched names' entries, newest first, at most `limit`. */
export function newestWatchEvents(histories: WatchHistory[], limit: number): WatchEvent[] {
  return histories
    .flatMap(deriveWatchEvents)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || a.name.localeCompare(b.name))
    .slice(0, limit);
}
