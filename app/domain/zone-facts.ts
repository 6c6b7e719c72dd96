// What the registry's zone says of one name (docs/product.md, "A name in the
// zone"): the shape the domain page and the API share, and the page's Swedish
// words for it. The zone tells where a name points and since which snapshot,
// never who registered it; a time never stands without its zone.
import { formatLongDateSv, formatStockholmDateTimeSv } from "./format";
import { pointsAtPhrase, type NameServerOperatorKind } from "./name-server-operators";

export type ZoneChangeView = { kind: "appeared" | "disappeared" | "name_servers_changed"; at: string };

/**
 * The zone's facts for a valid .se/.nu name, times as ISO strings. `null`
 * (not this type) when the TLD has no snapshot: then the site says nothing.
 */
export type ZoneFacts = {
  /** The time of the TLD's snapshot in force (its read's start). */
  snapshotAt: string;
  delegated: boolean;
  /** Delegated: the time of the snapshot it was first seen in since it was last absent. */
  since: string | null;
  /** `since` is the TLD's first snapshot: delegated at least since then ("sedan minst"). */
  sinceIsFirstSnapshot: boolean;
  nameServers: string[];
  hasDs: boolean;
  operator: { name: string; kind: NameServerOperatorKind; fromTable: boolean } | null;
  /** The name's last change seen between snapshots; null when none is known (the baseline, or older than kept). */
  lastChange: ZoneChangeView | null;
};

const CHANGE_WORDS: Record<ZoneChangeView["kind"], string> = {
  appeared: "kom in i zonen",
  disappeared: "försvann ur zonen",
  name_servers_changed: "bytte namnservrar",
};

/** "Delegerad sedan minst 3 december 2026 (vår första ögonblicksbild)", or "Delegerad sedan 4 december 2026 kl. 07:00 (svensk tid)". */
export function delegatedSinceText(facts: Pick<ZoneFacts, "since" | "sinceIsFirstSnapshot">): string | null {
  if (!facts.since) return null;
  if (facts.sinceIsFirstSnapshot) return `Delegerad sedan minst ${formatLongDateSv(facts.since)} (vår första ögonblicksbild)`;
  return `Delegerad sedan ${formatStockholmDateTimeSv(facts.since)} (svensk tid)`;
}

/** "Senaste ändring: bytte namnservrar 4 december 2026 kl. 07:00 (svensk tid)". */
export function lastChangeText(change: ZoneChangeView | null): string | null {
  if (!change) return null;
  return `Senaste ändring: ${CHANGE_WORDS[change.kind]} ${formatStockholmDateTimeSv(change.at)} (svensk tid)`;
}

/** "pekar på Loopias namnservrar", capitalised where it starts a sentence. */
export function operatorText(facts: Pick<ZoneFacts, "operator">, options: { capital?: boolean } = {}): string | null {
  if (!facts.operator) return null;
  const phrase = pointsAtPhrase({ operator: facts.operator.name, known: facts.operator.fromTable });
  return options.capital ? phrase[0].toUpperCase() + phrase.slice(1) : phrase;
}

/** The list statuses that tell what a name outside the zone is. */
type ListStatus = "soonavailable" | "available" | "premium" | "registered" | "renewed" | "unlisted" | "unknown";

/**
 * A name the zone in force does not delegate: when it left, and what our
 * lists know of it. A name is held without name servers or is free; the zone
 * alone cannot tell which.
 */
export function notInZoneText(facts: Pick<ZoneFacts, "lastChange">, status: ListStatus): string {
  const left =
    facts.lastChange?.kind === "disappeared" ? `Försvann ur zonen ${formatStockholmDateTimeSv(facts.lastChange.at)} (svensk tid). ` : "";
  switch (status) {
    case "available":
      return `${left}Finns inte i zonen: enligt våra listor är domänen ledig.`;
    case "soonavailable":
      return `${left}Finns inte i zonen: domänen väntar på att släppas.`;
    case "registered":
    case "renewed":
      return `${left}Finns inte i zonen: enligt våra listor är domänen registrerad, men utan namnservrar.`;
    default:
      return `${left}Finns inte i zonen: domänen är antingen registrerad utan namnservrar eller ledig.`;
  }
}

export { ZONE_SOURCE_NAME, ZONE_SOURCE_URL } from "./zone-source";

const stockholmDay = new Intl.DateTimeFormat("sv-SE", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Europe/Stockholm" });
const stockholmClock = new Intl.DateTimeFormat("sv-SE", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Stockholm" });

/**
 * When a snapshot first had the name, as "6 maj 2030 kl. 09:00", or "på släppdagen kl. 09:00" when it
 * was the release day in Sweden (the page shows the release date and the morning's times beside it).
 */
function seenAtText(since: string, releaseDate: string | null): string {
  const moment = new Date(since);
  return releaseDate !== null && stockholmDay.format(moment) === releaseDate
    ? `på släppdagen kl. ${stockholmClock.format(moment)}`
    : formatStockholmDateTimeSv(moment);
}

/**
 * A listed name's one line about the zone: "I zonen igen på släppdagen kl. 09:00 (ögonblicksbild,
 * svensk tid) · pekar på Loopias namnservrar", "Inte i zonen". "Igen" for a name of ours that came
 * back after leaving (released or renewed), never for the first snapshot's names. The time is the
 * snapshot's that first had the name, called so: snapshots are as far apart as the sync's interval
 * (ZONE_SYNC_MINUTES, six hours unless set), so the name was taken at or before it, not at it.
 */
export function zoneLineText(facts: ZoneFacts, status: ListStatus, releaseDate: string | null = null): string {
  if (!facts.delegated) {
    return facts.lastChange?.kind === "disappeared"
      ? `Inte i zonen sedan ${formatStockholmDateTimeSv(facts.lastChange.at)} (svensk tid)`
      : "Inte i zonen";
  }
  const again = !facts.sinceIsFirstSnapshot && (status === "registered" || status === "renewed" || status === "available");
  const since = facts.since
    ? facts.sinceIsFirstSnapshot
      ? `I zonen sedan minst ${formatLongDateSv(facts.since)}`
      : again
        ? `I zonen igen ${seenAtText(facts.since, releaseDate)} (ögonblicksbild, svensk tid)`
        : `I zonen sedan ${formatStockholmDateTimeSv(facts.since)} (ögonblicksbild, svensk tid)`
    : "I zonen";
  const points = operatorText(facts);
  return points ? `${since} · ${points}` : since;
}
