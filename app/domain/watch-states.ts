// The states a watched name can be in, and their Swedish words: one
// vocabulary for the account's watch list, its filters, its downloads and the
// watch list's Atom feed (docs/product.md, "Accounts, bookmarks and the calendar").
// A name moves through them over its life: registered → gone from the zone →
// on the release list → released and free → taken again; or renewed on the way.

export const WATCH_STATE_KINDS = [
  "registered",
  "gone_from_zone",
  "renewed",
  "on_list",
  "released_free",
  "taken_again",
  "free",
  "premium",
  "unknown",
] as const;

export type WatchStateKind = (typeof WATCH_STATE_KINDS)[number];

/** One word or two: the badge and the filter's option. */
export const WATCH_STATE_LABELS: Record<WatchStateKind, string> = {
  registered: "Registrerad",
  gone_from_zone: "Borta ur zonen",
  renewed: "Förnyad",
  on_list: "Släpps snart",
  released_free: "Släppt och ledig",
  taken_again: "Tagen igen",
  free: "Ledig",
  premium: "Till salu",
  unknown: "Okänd status",
};

/** What each state means, for the filter's help text and the feed's entries. */
export const WATCH_STATE_EXPLANATIONS: Record<WatchStateKind, string> = {
  registered: "Finns i registrets zon och pekar på namnservrar.",
  gone_from_zone: "Har försvunnit ur registrets zon: ofta det första tecknet på att domänen inte förnyas.",
  renewed: "Kom tillbaka innan den släpptes: innehavaren förnyade.",
  on_list: "Står på registrets lista över domäner som släpps.",
  released_free: "Har släppts och är ledig att registrera.",
  taken_again: "Har släppts och registrerats igen.",
  free: "Är ledig att registrera.",
  premium: "Säljs som premiumdomän.",
  unknown: "Vi vet ännu inte om domänen är registrerad.",
};

export function isWatchStateKind(value: unknown): value is WatchStateKind {
  return typeof value === "string" && (WATCH_STATE_KINDS as readonly string[]).includes(value);
}

/**
 * A watched name's state now. `since` is when it entered this state as far as
 * the site saw it (a zone snapshot, the list import, the release, the check
 * that found it taken); null when not known (a registration older than the
 * zone's first snapshot, say).
 */
export type WatchState = {
  kind: WatchStateKind;
  /** ISO time; null when not known. */
  since: string | null;
  /** on_list: the release day (YYYY-MM-DD); released_free / taken_again: the day it was released. */
  releaseDate: string | null;
  /** registered / renewed / taken_again: who its name servers belong to, where known ("Loopia"). */
  operator: string | null;
};
