import { completeDomainHistory } from "~/domain/domain-history";
import type { DomainPage, SimilarDomainsPage } from "~/domain/domain-page";
import type { ParsedDomain } from "~/domain/names";
import { effectiveStatus } from "~/domain/labels";
import { isBeingReleased, isCheckedSinceRelease } from "~/domain/release-morning";
import { findBookmarkedNames } from "~/server/bookmarks/find-bookmarked-names.server";
import type { Db } from "~/server/db/client.server";
import { findZoneFacts } from "~/server/zone/zone-facts.server";
import { loadDomainReleaseStats } from "~/server/statistics/domain-release-stats.server";
import { DOMAIN_EVENTS_LIMIT, findDomainEvents, findReleaseFacts } from "./events.server";
import { findSimilarDomains, getDomainDetail } from "./detail.server";

type ValidName = Extract<ParsedDomain, { ok: true }>;

/**
 * Everything the domain page shows about one valid .se/.nu name. A name the
 * database does not know still gets a page (length, TLD, what the zone says of it). The similar names
 * are not here: they are the page's slowest read (decision 0035), and the
 * page loads them from loadSimilarDomains when their section comes into view.
 */
export async function loadDomainPage(db: Db, parsed: ValidName, options: { userId: string | null; now: Date }): Promise<DomainPage> {
  // Independent reads at once: on PostgreSQL each takes its own pooled connection.
  const [detail, history, releases, bookmarked, zone] = await Promise.all([
    getDomainDetail(db, parsed.ace),
    findDomainEvents(db, parsed.ace),
    findReleaseFacts(db, parsed.ace),
    // No query at all for a visitor.
    findBookmarkedNames(db, options.userId, [parsed.ace]),
    findZoneFacts(db, parsed),
  ]);
  // A name no longer in the table keeps its history out of sight, as before it was read in parallel. The history
  // says at least what the page says of the name's releases (completeDomainHistory).
  const events = detail ? completeDomainHistory(history, releases, DOMAIN_EVENTS_LIMIT) : [];
  const status = detail ? effectiveStatus(detail.status, detail.releaseDate, options.now) : "unknown";
  const releaseStats =
    detail && status !== "unknown"
      ? await loadDomainReleaseStats(db, { status, releaseDate: detail.releaseDate, outcome: detail.releaseOutcome }, options.now)
      : null;

  const name = { ace: parsed.ace, unicode: parsed.unicode, label: parsed.label, tld: parsed.tld, length: parsed.length };
  if (!detail) {
    return {
      name,
      domain: null,
      status: "unknown",
      beingReleased: false,
      uncheckedSinceRelease: false,
      events,
      releaseStats: null,
      // A name on no list can be watched too.
      bookmarkedNames: [...bookmarked],
      zone,
    };
  }
  const { name: _ace, unicodeName: _unicode, tld: _tld, length: _length, lastCheckedAt, releaseOutcome: _outcome, ...domain } = detail;
  return {
    name,
    domain,
    status,
    beingReleased: status === "available" && isBeingReleased(detail.releaseDate, lastCheckedAt, options.now),
    // A soon-available name whose release just passed is available here, and not yet checked either.
    uncheckedSinceRelease: status === "available" && !isCheckedSinceRelease(detail.releaseDate, lastCheckedAt),
    events,
    releaseStats,
    bookmarkedNames: [...bookmarked],
    zone,
  };
}

/** The similar names' section: the names (findSimilarDomains) and which of them the user has bookmarked. */
export async function loadSimilarDomains(db: Db, parsed: ValidName, options: { userId: string | null }): Promise<SimilarDomainsPage> {
  const similar = await findSimilarDomains(db, { ace: parsed.ace, label: parsed.label, tld: parsed.tld });
  const bookmarked = await findBookmarkedNames(
    db,
    options.userId,
    similar.map((domain) => domain.name),
  );
  return { similar, bookmarkedNames: [...bookmarked] };
}
