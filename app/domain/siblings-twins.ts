// A name's sibling and twins (docs/product.md, "Siblings and twins"): the same
// label in the other TLD, and the names whose label folds to the same one
// (app/domain/twins.ts). The shape the domain page and the API share, and the
// page's Swedish words. The zone says a name is delegated, and since which
// snapshot; a name outside it may be registered without name servers or free.
import { formatLongDateSv, formatStockholmDateTimeSv } from "./format";
import type { DomainStatus } from "./labels";
import type { Tld } from "./names";
import { operatorText, type ZoneFacts } from "./zone-facts";

/** What the zone in force says of a related name; null when its TLD has no snapshot. */
export type RelatedNameZone = Pick<ZoneFacts, "snapshotAt" | "delegated" | "since" | "sinceIsFirstSnapshot" | "operator">;

/** A sibling or a twin: what the zone and the site's lists say of it. */
export type RelatedName = {
  /** ACE form. */
  name: string;
  unicodeName: string;
  tld: Tld;
  zone: RelatedNameZone | null;
  /** Its row on the site's lists (the status as shown now), null when on none. */
  list: { status: DomainStatus; releaseDate: string | null } | null;
};

export type SiblingsTwins = {
  /** The same label in the other TLD. */
  sibling: RelatedName;
  /**
   * The names of either TLD, the name and its sibling left out, whose label
   * folds to the same: the plain form (.se, .nu) of a name with accented
   * letters whether or not it is delegated, and the delegated names with
   * accented letters. The name's TLD first, then by name; at most TWINS_LIMIT.
   */
  twins: RelatedName[];
  /** More delegated twins than TWINS_LIMIT. */
  moreTwins: boolean;
  /** The folded label, "raksmorgas". */
  foldedLabel: string;
  /** The label's letters the fold changes ("ä", "ö", "å"); empty for a plain label. */
  foldedLetters: string[];
  /** The TLDs with a zone snapshot in force: the delegated twins are looked for in those only. */
  zoneTlds: Tld[];
};

export const TWINS_LIMIT = 20;

export function otherTld(tld: Tld): Tld {
  return tld === ".se" ? ".nu" : ".se";
}

/** The same label in the other TLD (the ACE label is the same in both). */
export function siblingOf(name: { ace: string; unicode: string; tld: Tld }): { ace: string; unicode: string; tld: Tld } {
  const tld = otherTld(name.tld);
  const cut = (text: string) => text.slice(0, text.length - name.tld.length) + tld;
  return { ace: cut(name.ace), unicode: cut(name.unicode), tld };
}

/** "å, ä och ö". */
function listSv(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} och ${items[items.length - 1]}`;
}

/** "Samma namn på .nu", for the sibling's TLD. */
export function siblingHeading(siblingTld: Tld): string {
  return `Samma namn på ${siblingTld}`;
}

/** "Tvillingar utan ä, ö och å" for a name with accented letters, "Tvillingar med å, ä, ö" for a plain one. */
export function twinsHeading(foldedLetters: readonly string[]): string {
  return foldedLetters.length > 0 ? `Tvillingar utan ${listSv(foldedLetters)}` : "Tvillingar med å, ä, ö";
}

/** What a twin is, said for this name. */
export function twinsIntroText(facts: Pick<SiblingsTwins, "foldedLabel" | "foldedLetters">): string {
  return facts.foldedLetters.length > 0
    ? `Namn som blir ”${facts.foldedLabel}” när bokstäverna skrivs utan prickar, ringar och accenter, på .se och .nu.`
    : `Registrerade namn som blir ”${facts.foldedLabel}” när å, ä, ö och andra bokstäver med prickar, ringar eller accenter skrivs utan dem, på .se och .nu.`;
}

/** What the site's lists say of a related name, or null for a status that says nothing here. */
function listText(list: NonNullable<RelatedName["list"]>): string | null {
  const date = list.releaseDate ? formatLongDateSv(list.releaseDate) : null;
  switch (list.status) {
    case "soonavailable":
      return date ? `Släpps ${date} enligt registrets lista.` : "På registrets lista över domäner som släpps.";
    case "available":
      return date ? `Släpptes ${date}.` : "Släppt enligt registrets lista.";
    case "premium":
      return "Till salu hos oss.";
    case "registered":
      return "Registrerad enligt våra listor.";
    case "renewed":
      return "Förnyades i stället för att släppas.";
    case "unlisted":
      return null;
  }
}

/**
 * One related name in words: "Registrerad: i zonen sedan minst 3 december
 * 2026 och pekar på Loopias namnservrar.", "Inte i zonen: registrerad utan
 * namnservrar eller ledig.", "Okänt: vi har ingen zondata för .nu än."
 */
export function relatedNameText(related: RelatedName): string {
  const { zone } = related;
  const listed = related.list && listText(related.list);
  if (zone?.delegated) {
    const since = !zone.since
      ? "i zonen"
      : zone.sinceIsFirstSnapshot
        ? `i zonen sedan minst ${formatLongDateSv(zone.since)}`
        : `i zonen sedan ${formatStockholmDateTimeSv(zone.since)} (svensk tid)`;
    const points = operatorText(zone);
    return [`Registrerad: ${since}${points ? ` och ${points}` : ""}.`, listed].filter(Boolean).join(" ");
  }
  if (listed) return zone ? `${listed} Inte i zonen.` : listed;
  if (zone) return "Inte i zonen: registrerad utan namnservrar eller ledig.";
  return `Okänt: vi har ingen zondata för ${related.tld} än.`;
}
