import type { ZoneFacts } from "./zone-facts";
import type { DomainCardData } from "~/domain/domain-card";
import type { DomainReleaseStats } from "~/domain/statistics";

/** A card's fields plus what only the domain page shows. */
export type DomainDetail = DomainCardData & {
  description: string | null;
  registrationDate: string | null;
  /** ISO timestamp of the last change. */
  updatedAt: string;
  /** For an available name, when the registry last answered "free" (last_checked_at; see find-names-due-for-check.server.ts). */
  lastCheckedAt: Date | null;
};

/** One entry of a name's history. */
export type DomainEvent = {
  id: number;
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  detail: string | null;
  createdAt: string;
};

/** Everything the domain page shows about one valid .se/.nu name (loadDomainPage). */
export type DomainPage = {
  name: { ace: string; unicode: string; label: string; tld: string; length: number };
  domain: Omit<DomainDetail, "name" | "unicodeName" | "tld" | "length" | "lastCheckedAt"> | null;
  /** The effective status (a released soonavailable name is available); "unknown" when not in the database. */
  status: DomainDetail["status"] | "unknown";
  /** Released this morning and not yet seen free: the page says "släpps under morgonen" (docs/product.md, "The release morning"). */
  beingReleased: boolean;
  /**
   * An available name the registry's availability service has not answered "free" for since its
   * release (isCheckedSinceRelease): the page says when it was released and that it has not been
   * checked yet, never that it is not registered.
   */
  uncheckedSinceRelease: boolean;
  events: DomainEvent[];
  /** The statistics' word on this name: its chance to be released, or how soon it was taken again. */
  releaseStats: DomainReleaseStats | null;
  /** This name's ACE form when the user has bookmarked it, else empty. */
  bookmarkedNames: string[];
  /** What the registry's zone says of the name; null when its TLD has no snapshot (then the page says nothing of the zone). */
  zone: ZoneFacts | null;
};

/** The names close to one name, as its page's "Liknande domäner" shows them (loadSimilarDomains). */
export type SimilarDomainsPage = {
  similar: DomainCardData[];
  /** ACE names among the similar ones that the user has bookmarked. */
  bookmarkedNames: string[];
};

/** What /d/{name}/liknande gives the name page's section: the similar names and who asked. */
export type SimilarDomainsData = SimilarDomainsPage & {
  name: { ace: string; unicode: string };
  serverNow: string;
  signedIn: boolean;
};
