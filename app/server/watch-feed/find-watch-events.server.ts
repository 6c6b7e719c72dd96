// The entries of a user's watch-list feed: every watched name's history over
// the last WATCH_FEED_DAYS, read in a fixed number of queries whatever the
// number of watches (at most 1,000): the watches, the zone's changes
// (zone_changes_name_idx), the recorded events (domain_events_domain_created_idx),
// the ledger of releases (its primary key) and, when the zone saw a name
// appear, the operators' table once. What the entries are is decided by
// deriveWatchEvents (app/domain/watch-events.ts).
import { and, asc, desc, eq, gte, inArray } from "drizzle-orm";
import type { ReleaseFacts } from "~/domain/domain-history";
import type { DomainEvent } from "~/domain/domain-page";
import { toUnicode } from "~/domain/names";
import { newestWatchEvents, type WatchEvent, type WatchHistory } from "~/domain/watch-events";
import { MAX_BOOKMARKS_PER_USER } from "~/server/bookmarks/set-bookmark.server";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domainEvents, releaseOutcomes, zoneChanges } from "~/server/db/schema/index.server";
import { loadNameServerOperatorMatcher } from "~/server/zone/operators.server";
import { domainEventColumns, releaseFactColumns, toReleaseFacts } from "~/server/domains/events.server";

/** How far back the feed looks: a reader polling now and then misses nothing; older news is stale. */
export const WATCH_FEED_DAYS = 90;
/** Entries a feed holds at most, newest first. */
export const WATCH_FEED_ENTRY_LIMIT = 200;

/**
 * A cap on the rows of each history read, newest kept: far above what 1,000 names
 * gather in 90 days (a change a snapshot at most), it only bounds a pathological name.
 */
const HISTORY_ROW_LIMIT = 20_000;

/** The recorded events that can change a watched name's state (deriveWatchEvents reads no others). */
const STATE_EVENT_TYPES = ["imported", "status-changed", "renewed", "released", "seen-free", "taken", "premium-added"];

export type WatchFeedEntry = WatchEvent & { unicodeName: string };

/** The user's watch-list entries, newest first, at most WATCH_FEED_ENTRY_LIMIT, none older than WATCH_FEED_DAYS before `now`. */
export async function findWatchEvents(db: Db, userId: string, now: Date): Promise<WatchFeedEntry[]> {
  const watches = await db
    .select({ name: bookmarks.domainName, watchedAt: bookmarks.createdAt })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .limit(MAX_BOOKMARKS_PER_USER);
  if (watches.length === 0) return [];
  const names = watches.map((watch) => watch.name);
  const since = new Date(now.getTime() - WATCH_FEED_DAYS * 24 * 60 * 60 * 1000);
  const sinceDay = since.toISOString().slice(0, 10);

  const [changes, events, releases] = await Promise.all([
    db
      .select({ name: zoneChanges.name, kind: zoneChanges.kind, at: zoneChanges.seenAt, nameServers: zoneChanges.newNameServers })
      .from(zoneChanges)
      .where(and(inArray(zoneChanges.name, names), gte(zoneChanges.seenAt, since)))
      .orderBy(desc(zoneChanges.seenAt), desc(zoneChanges.id))
      .limit(HISTORY_ROW_LIMIT),
    db
      .select({ name: domainEvents.domainName, ...domainEventColumns })
      .from(domainEvents)
      .where(and(inArray(domainEvents.domainName, names), gte(domainEvents.createdAt, since), inArray(domainEvents.type, STATE_EVENT_TYPES)))
      .orderBy(desc(domainEvents.createdAt), desc(domainEvents.id))
      .limit(HISTORY_ROW_LIMIT),
    db
      .select({ name: releaseOutcomes.domainName, ...releaseFactColumns })
      .from(releaseOutcomes)
      // A release listed before the window can still end inside it.
      .where(and(inArray(releaseOutcomes.domainName, names), gte(releaseOutcomes.releaseDate, sinceDay)))
      .orderBy(asc(releaseOutcomes.releaseDate)),
  ]);
  const operatorOf = changes.some((change) => change.nameServers?.length) ? await loadNameServerOperatorMatcher(db) : null;

  const histories = new Map<string, WatchHistory>(
    watches.map((watch) => [watch.name, { name: watch.name, watchedAt: watch.watchedAt.toISOString(), zoneChanges: [], events: [], releases: [] }]),
  );
  for (const change of changes) {
    const operator = change.nameServers?.length && operatorOf ? (operatorOf(change.nameServers)?.operator ?? null) : null;
    histories.get(change.name)?.zoneChanges.push({ kind: change.kind, at: change.at.toISOString(), operator });
  }
  for (const { name, createdAt, ...event } of events) {
    histories.get(name)?.events.push({ ...event, createdAt: createdAt.toISOString() } satisfies DomainEvent);
  }
  for (const { name, ...release } of releases) {
    histories.get(name)?.releases.push(toReleaseFacts(release) satisfies ReleaseFacts);
  }
  return newestWatchEvents([...histories.values()], WATCH_FEED_ENTRY_LIMIT)
    .filter((entry) => Date.parse(entry.at) >= since.getTime())
    .map((entry) => ({ ...entry, unicodeName: toUnicode(entry.name) }));
}
