// The states of an account's watches (decision 0082): every watch's state
// from a fixed number of reads whatever their number — the watches with their
// rows on our lists, their latest release outcomes, and what the zone says
// (findZoneFactsOfNames) — then sorted, filtered and paged here (at most
// MAX_BOOKMARKS_PER_USER rows), and what a page shows recorded as shown.
import { desc, eq, inArray, lt, sql } from "drizzle-orm";
import { toUnicode, type Tld } from "~/domain/names";
import {
  countWatchStates,
  isChangedSinceShown,
  sortAndFilterWatches,
  type StatedWatch,
  WATCH_VISIT_GAP_MS,
  type WatchListView,
  type WatchStatePage,
} from "~/domain/watch-list-view";
import { watchStateOfName } from "~/domain/watch-state-of-name";
import { WATCHES_PER_PAGE } from "~/domain/watches";
import type { Db } from "~/server/db/client.server";
import { bookmarks, domains, releaseOutcomes, watchListVisits } from "~/server/db/schema/index.server";
import { domainCardColumns, toDomainCardData } from "~/server/domains/domain-card-data.server";
import { logger } from "~/server/logger.server";
import { findZoneFactsOfNames } from "~/server/zone/zone-facts-of-names.server";
import { MAX_BOOKMARKS_PER_USER } from "./set-bookmark.server";

function tldOf(name: string): Tld {
  return name.endsWith(".nu") ? ".nu" : ".se";
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Every watch of the user with its state now, in the order they were watched (newest first). New:
 * changed since the list last showed it, or first shown as changed in the visit that started at
 * `visitStart` (none: only the former).
 */
export async function findWatchStates(db: Db, userId: string, now: Date, visitStart: Date | null = null): Promise<StatedWatch[]> {
  const ofUser = db.select({ name: bookmarks.domainName }).from(bookmarks).where(eq(bookmarks.userId, userId));
  const [rows, outcomes] = await Promise.all([
    db
      .select({
        watched: bookmarks.domainName,
        watchedAt: bookmarks.createdAt,
        shownState: bookmarks.shownState,
        shownSince: bookmarks.shownSince,
        shownAt: bookmarks.shownAt,
        card: domainCardColumns,
        takenAt: domains.takenAt,
      })
      .from(bookmarks)
      .leftJoin(domains, eq(domains.name, bookmarks.domainName))
      .where(eq(bookmarks.userId, userId))
      .orderBy(desc(bookmarks.createdAt), bookmarks.domainName)
      .limit(MAX_BOOKMARKS_PER_USER),
    // Each name's latest release (release_outcomes_pkey leads with the name).
    db
      .selectDistinctOn([releaseOutcomes.domainName], {
        name: releaseOutcomes.domainName,
        releaseDate: releaseOutcomes.releaseDate,
        listedOn: releaseOutcomes.listedOn,
        renewedOn: releaseOutcomes.renewedOn,
        firstFreeAt: releaseOutcomes.firstFreeAt,
        takenAt: releaseOutcomes.takenAt,
      })
      .from(releaseOutcomes)
      .where(inArray(releaseOutcomes.domainName, ofUser))
      .orderBy(releaseOutcomes.domainName, desc(releaseOutcomes.releaseDate)),
  ]);
  const zone = await findZoneFactsOfNames(
    db,
    rows.map((row) => ({ ace: row.watched, tld: tldOf(row.watched) })),
  );
  const outcomeOf = new Map(outcomes.map((row) => [row.name, row]));
  return rows.map((row) => {
    const outcome = outcomeOf.get(row.watched);
    const zoneFacts = zone.get(row.watched) ?? null;
    const state = watchStateOfName(
      {
        listed: row.card && { status: row.card.status, releaseDate: row.card.releaseDate, takenAt: iso(row.takenAt) },
        outcome: outcome ? { ...outcome, firstFreeAt: iso(outcome.firstFreeAt), takenAt: iso(outcome.takenAt) } : null,
        zone: zoneFacts,
      },
      now,
    );
    const shown = { kind: row.shownState, since: iso(row.shownSince), at: iso(row.shownAt) };
    const shownInVisit = visitStart !== null && row.shownAt !== null && row.shownAt.getTime() >= visitStart.getTime();
    return {
      name: row.watched,
      unicodeName: row.card?.unicodeName ?? toUnicode(row.watched),
      tld: tldOf(row.watched),
      watchedAt: row.watchedAt.toISOString(),
      listed: row.card && toDomainCardData(row.card),
      zone: row.card ? null : zoneFacts,
      state,
      isNew: isChangedSinceShown(state, shown) || (shownInVisit && shown.kind !== null),
      shown,
    };
  });
}

/**
 * One page of the account's list in the view's order and filter, 48 a page
 * (a page past the end is the last). The page's changed watches are then
 * recorded as shown in their current state (they stay new for the rest of
 * this visit), and so is every watch with no state recorded yet (without a
 * mark: the first state seen is the baseline), in one statement. A failure to record leaves the marks for next time (logged).
 */
export async function listWatchStatePage(db: Db, userId: string, view: WatchListView, now: Date = new Date()): Promise<WatchStatePage> {
  const visitStart = await visitWatchList(db, userId, now);
  const all = await findWatchStates(db, userId, now, visitStart);
  const kept = sortAndFilterWatches(all, view);
  const pageCount = Math.max(1, Math.ceil(kept.length / WATCHES_PER_PAGE));
  const page = Math.min(Math.max(1, Math.trunc(view.page) || 1), pageCount);
  const watches = kept.slice((page - 1) * WATCHES_PER_PAGE, page * WATCHES_PER_PAGE);
  const onPage = new Set(watches.map((watch) => watch.name));
  // The baseline (nothing recorded yet) without a time; a change shown now with this time, so it stays new for the visit.
  const toRecord = all.flatMap((watch): ShownRecord[] =>
    watch.shown.kind === null
      ? [{ name: watch.name, state: watch.state, shownAt: null }]
      : onPage.has(watch.name) && isChangedSinceShown(watch.state, watch.shown)
        ? [{ name: watch.name, state: watch.state, shownAt: now }]
        : [],
  );
  await recordShownStates(db, userId, toRecord).catch((error: unknown) => {
    logger.warn({ err: error, userId }, "could not record the watch states shown");
  });
  return {
    watches,
    total: all.length,
    matching: kept.length,
    page,
    pageCount,
    view: { ...view, page },
    counts: countWatchStates(all),
    changed: all.filter((watch) => watch.isNew).length,
  };
}

type ShownRecord = Pick<StatedWatch, "name" | "state"> & { shownAt: Date | null };

/**
 * A load of the list: the start of its visit, which is now unless the list was loaded less than
 * WATCH_VISIT_GAP_MS ago. One statement.
 */
export async function visitWatchList(db: Db, userId: string, now: Date): Promise<Date> {
  const [visit] = await db
    .insert(watchListVisits)
    .values({ userId, startedAt: now, seenAt: now })
    .onConflictDoUpdate({
      target: watchListVisits.userId,
      set: {
        startedAt: sql`case when ${lt(watchListVisits.seenAt, new Date(now.getTime() - WATCH_VISIT_GAP_MS))} then excluded.started_at else ${watchListVisits.startedAt} end`,
        seenAt: sql`excluded.seen_at`,
      },
    })
    .returning({ startedAt: watchListVisits.startedAt });
  return visit.startedAt;
}

/** Records each watch's current state as shown, at `shownAt`: one statement for any number of watches. */
export async function recordShownStates(db: Db, userId: string, watches: readonly ShownRecord[]) {
  if (watches.length === 0) return;
  const values = sql.join(
    watches.map(
      (watch) =>
        sql`(${watch.name}, ${watch.state.kind}, cast(${watch.state.since} as timestamptz), cast(${watch.shownAt?.toISOString() ?? null} as timestamptz))`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${bookmarks} set shown_state = shown.kind, shown_since = shown.since, shown_at = shown.at
    from (values ${values}) as shown (name, kind, since, at)
    where ${eq(bookmarks.userId, userId)} and ${bookmarks.domainName} = shown.name`);
}
