import type { DomainStatus } from "~/domain/labels";
import type { CardFamily } from "~/domain/name-family";

/**
 * What a card shows: plain, serialisable data (loaders return it as is).
 * Build it on the server with `toDomainCardData(row)` from
 * `~/server/domains/domain-card-data.server` and select `domainCardColumns`.
 */
export type DomainCardData = {
  /** ACE form, lower case: the key ("xn--rksmrgs-5wao1o.se"). */
  name: string;
  /** Display form ("räksmörgås.se"); the card links to /d/{unicodeName}. */
  unicodeName: string;
  /** ".se" or ".nu". */
  tld: string;
  /** Its sibling and twins in brief, where the list's query read them (its stored flags, decision 0089): the card's mark. */
  family?: CardFamily;
  /** Stored status; the card shows the effective one (a released soonavailable name is available). */
  status: DomainStatus;
  isFeatured: boolean;
  score: number;
  /** Characters before the TLD. */
  length: number;
  /** SEK, premium names only; null when "on request". */
  price: number | null;
  /** YYYY-MM-DD or null. */
  releaseDate: string | null;
  /** The stored risk of being taken at once, whole per cent (decision 0085); null: too little history; left out by lists that do not read it. */
  catchRisk?: number | null;
  /** What that risk stands on, in a sentence (catch-risk-basis.server.ts); only the soon list reads it. */
  catchRiskBasis?: string;
};
