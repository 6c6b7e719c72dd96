// A user's watched names ("Mina bevakningar"): any valid .se/.nu name, on our
// lists or not (docs/product.md, "Accounts, bookmarks and the calendar").
import type { DomainCardData } from "./domain-card";
import type { Tld } from "./names";
import { notInZoneText, type ZoneFacts, zoneLineText } from "./zone-facts";

/** Names on one page of the account's list. */
export const WATCHES_PER_PAGE = 48;

/** The account list's page parameter (`/account?tab=bookmarks&sida=2`). */
export const WATCH_PAGE_PARAM = "sida";

export type WatchedName = {
  /** ACE form, lower case: the key. */
  name: string;
  unicodeName: string;
  tld: Tld;
  /** When it was watched (ISO). */
  watchedAt: string;
  /** The name's row on our lists, with its current status; null for a name on no list. */
  listed: DomainCardData | null;
  /** For a name on no list, what the registry's zone says of it; null when listed or the TLD has no snapshot. */
  zone: ZoneFacts | null;
};

export type WatchListPage = {
  watches: WatchedName[];
  /** All the account's watches. */
  total: number;
  /** 1-based, within 1..pageCount (1 for an empty list). */
  page: number;
  pageCount: number;
};

/** The page asked for in the URL: a whole number from 1, anything else is the first page. */
export function parseWatchPage(value: string | null): number {
  if (value === null || !/^[1-9][0-9]{0,5}$/.test(value)) return 1;
  return Number(value);
}

/** The address of a page of the list: the first page has no parameter. */
export function watchPageHref(page: number): string {
  return page > 1 ? `/account?tab=bookmarks&${WATCH_PAGE_PARAM}=${page}` : "/account?tab=bookmarks";
}

/**
 * A name on no list as the account's list shows it, from what the zone says
 * (docs/product.md, "A name in the zone"): registered and where it points, or
 * not in the zone (since when, where known), or nothing known without a snapshot.
 */
export function unlistedWatchState(zone: ZoneFacts | null): { label: string; detail: string; delegated: boolean } {
  if (!zone)
    return { label: "Okänd status", detail: "Registrets zon är inte läst än, så vi vet inte om domänen är registrerad.", delegated: false };
  if (zone.delegated) return { label: "Registrerad", detail: zoneLineText(zone, "unknown"), delegated: true };
  return { label: "Inte i zonen", detail: notInZoneText(zone, "unknown"), delegated: false };
}
