// A listed name's family in brief (docs/product.md, "Siblings and twins"): is
// its sibling (the same label in the other TLD) registered or on the site's
// lists, and is one of its twins (app/domain/twins.ts) registered. What the
// cards' mark, the table view's column, the API's list and the downloads say;
// the domain page shows the whole family (app/domain/siblings-twins.ts).
import type { DomainStatus } from "./labels";

export type NameFamily = {
  /** The sibling is delegated in the zone in force; null when the sibling's TLD has no snapshot. */
  siblingRegistered: boolean | null;
  /** The sibling's status on the site's lists as shown now; null when it is on none. */
  siblingStatus: DomainStatus | null;
  /** A twin (the name and its sibling left out) is delegated; null when no TLD has a snapshot. */
  twinRegistered: boolean | null;
};

export const UNKNOWN_FAMILY: NameFamily = { siblingRegistered: null, siblingStatus: null, twinRegistered: null };

/**
 * What a list's card and table row carry (decision 0089): the two flags stored on the name's own row,
 * read by the page's query. Not the sibling's status, which neither shows: the API's list, the
 * downloads and the name's page give it.
 */
export type CardFamily = Pick<NameFamily, "siblingRegistered" | "twinRegistered">;

/** The sibling's TLD, for a card's ".se" or ".nu" (written here, not imported from siblings-twins.ts, which a card's script need not load). */
function siblingTld(tld: string): string {
  return tld === ".se" ? ".nu" : ".se";
}

/** The marks a card shows, each short: "Även .nu registrerad", "Tvilling registrerad". None when nothing is registered. */
export function familyMarks(family: CardFamily | undefined, tld: string): string[] {
  if (!family) return [];
  const marks: string[] = [];
  if (family.siblingRegistered) marks.push(`Även ${siblingTld(tld)} registrerad`);
  if (family.twinRegistered) marks.push("Tvilling registrerad");
  return marks;
}

/** The table view's cell: ".nu registrerad, tvilling registrerad", ".nu ledig", or "–" when the zone says nothing. */
export function familyCellText(family: CardFamily | undefined, tld: string): string {
  if (!family || (family.siblingRegistered === null && family.twinRegistered === null)) return "–";
  const sibling = siblingTld(tld);
  const parts: string[] = [];
  if (family.siblingRegistered !== null) parts.push(`${sibling} ${family.siblingRegistered ? "registrerad" : "inte i zonen"}`);
  if (family.twinRegistered) parts.push("tvilling registrerad");
  return parts.join(", ");
}
