import type { DomainPage } from "~/domain/domain-page";
import type { ParsedDomain } from "~/domain/names";
import { effectiveStatus } from "~/domain/labels";
import { isBeingReleased } from "~/domain/release-morning";
import { findBookmarkedNames } from "~/server/bookmarks/find-bookmarked-names.server";
import type { Db } from "~/server/db/client.server";
import { loadDomainReleaseStats } from "~/server/statistics/domain-release-stats.server";
import { findDomainEvents } from "./events.server";
import { findSimilarDomains, getDomainDetail } from "./detail.server";

type ValidName = Extract<ParsedDomain, { ok: true }>;

/**
 * Everything the domain page shows about one valid .se/.nu name. A name the
 * database does not know still gets a page (length, TLD, similar names).
 */
export async function loadDomainPage(db: Db, parsed: ValidName, options: { userId: string | null; now: Date }): Promise<DomainPage> {
  // Independent reads at once: on PostgreSQL each takes its own pooled connection.
  const [detail, similar, history] = await Promise.all([
    getDomainDetail(db, parsed.ace),
    findSimilarDomains(db, { ace: parsed.ace, label: parsed.label, tld: parsed.tld }),
    findDomainEvents(db, parsed.ace),
  ]);
  // A name no longer in the table keeps its history out of sight, as before it was read in parallel.
  const events = detail ? history : [];
  // Needs the similar names; no query at all for a visitor.
  const candidates = [...(detail ? [parsed.ace] : []), ...similar.map((domain) => domain.name)];
  const status = detail ? effectiveStatus(detail.status, detail.releaseDate, options.now) : "unknown";
  const [bookmarked, releaseStats] = await Promise.all([
    findBookmarkedNames(db, options.userId, candidates),
    detail && status !== "unknown" ? loadDomainReleaseStats(db, { status, releaseDate: detail.releaseDate, outcome: detail.releaseOutcome }, options.now) : null,
  ]);

  const name = { ace: parsed.ace, unicode: parsed.unicode, label: parsed.label, tld: parsed.tld, length: parsed.length };
  if (!detail) {
    return { name, domain: null, status: "unknown", beingReleased: false, events, releaseStats: null, similar, bookmarkedNames: [...bookmarked] };
  }
  const { name: _ace, unicodeName: _unicode, tld: _tld, length: _length, lastCheckedAt, releaseOutcome: _outcome, ...domain } = detail;
  return {
    name,
    domain,
    status,
    beingReleased: status === "available" && isBeingReleased(detail.releaseDate, lastCheckedAt, options.now),
    events,
    releaseStats,
    similar,
    bookmarkedNames: [...bookmarked],
  };
}
