/**
 * The mark-released step of docs/product.md, "The release morning": soon-available names
 * are marked available once their release instant (04:00 UTC on the release date) has
 * passed, by the release-update job and by every process before it serves the first
 * request after a release instant.
 */
import express from "express";
import { lastReleasedDate } from "~/domain/release-instant";
import { afterDomainChange, domainCacheVersion } from "~/server/cache/domain-cache.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";

/**
 * Pages read the release-morning rule (docs/product.md, "The release morning")
 * from the stored status: from 04:00 UTC a released name must already be
 * 'available' in the database, or every list, count, sitemap and search would
 * show it as soon-available until the 06:00 job. So this process runs the
 * mark-released step (one idempotent statement) before it serves the first request
 * after each release instant, and drops its cached pages and sections.
 *
 * The memo says through which release date this process has seen the step
 * applied, and under which domainCacheVersion(): any change to domains made or
 * seen here since (an import, an edit, a write through the embedded database's
 * socket) could have stored a soon-available name that is already released,
 * so the next request checks again. Every app instance does this for itself;
 * the statement changes each name once however many run it at the same time.
 */
type Memo = { date: string; version: number };

/** After a failed mark-released step, requests go on without it for this long before one tries again. */
export const RETRY_MARK_RELEASED_AFTER_MS = 30_000;

let memo: Memo | null = null;
let running: Promise<void> | null = null;
let retryAt = 0;

/** True when the mark-released step should run before a request at `now` reads domains. */
export function markReleasedDue(now: Date): boolean {
  if (now.getTime() < retryAt) return false;
  return memo === null || memo.date < lastReleasedDate(now) || memo.version !== domainCacheVersion();
}

/**
 * Runs the mark-released step unless this process has already applied it for
 * `now`. Concurrent callers share one run. Never rejects: a failure is logged
 * and the caller goes on (a request then reads what is stored; a later
 * request tries again after RETRY_MARK_RELEASED_AFTER_MS).
 */
export function ensureReleasedNamesMarked(handle: DatabaseHandle, now: Date): Promise<void> {
  if (!markReleasedDue(now)) return Promise.resolve();
  running ??= markReleasedThrough(handle, now).finally(() => {
    running = null;
  });
  return running;
}

async function markReleasedThrough(handle: DatabaseHandle, now: Date): Promise<void> {
  const date = lastReleasedDate(now);
  // afterDomainChange bumps the version once when the step ends; another change meanwhile leaves the memo stale, so it runs again.
  const version = domainCacheVersion() + 1;
  try {
    const { updatedCount } = await afterDomainChange(markReleasedNamesAvailable(handle, { now, source: "web:release-before-reading" }));
    memo = { date, version };
    if (updatedCount > 0) logger.info({ updatedCount, releasedThrough: date }, "released names before serving a request");
  } catch (error) {
    retryAt = now.getTime() + RETRY_MARK_RELEASED_AFTER_MS;
    logger.warn({ err: error, releasedThrough: date }, "mark-released step before serving a request failed; the request goes on");
  }
}

/**
 * Express middleware in front of the page cache (server/app.ts): a request
 * after a release instant waits for the mark-released step, so no page, count or
 * cached copy from before it is served. The check itself is synchronous.
 */
export function markReleasedBeforeReading(databaseHandle: () => Promise<DatabaseHandle>): express.RequestHandler {
  return (_request, _response, next) => {
    const now = new Date();
    if (!markReleasedDue(now)) return next();
    databaseHandle().then(
      (handle) => ensureReleasedNamesMarked(handle, now).then(() => next()),
      // The services are not up: the request meets the same failure where it reads, and answers for it there.
      () => next(),
    );
  };
}

export function forgetMarkedReleasedForTests() {
  memo = null;
  running = null;
  retryAt = 0;
}

/**
 * The mark-released step: every soon-available name whose release date's 04:00 UTC
 * has passed becomes available, in one statement, with a "released" event
 * each. Its availability checks start over: due at once, never checked, not
 * taken. Safe at any time, twice and concurrently (a second run finds no row
 * left to change). The release-update job runs it at 04:00 and 06:00 UTC, and
 * every app process before the first request it serves after a release
 * instant (markReleasedBeforeReading, below). `source` names who ran it in the events.
 */
export async function markReleasedNamesAvailable(
  handle: DatabaseHandle,
  options: { now: Date; source?: string },
): Promise<{ updatedCount: number }> {
  const [row] = await handle.query<{ updated: number }>(
    `with released as (
       update domains set status = 'available', updated_at = $2,
              next_check_at = null, last_checked_at = null, taken_at = null
        where status = 'soonavailable' and release_date <= $1::date
       returning name, release_date, tld, length, name_chars, created_at
     ),
     events as (
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select name, 'released', 'soonavailable', 'available', null, $3, $2 from released
     ),
     -- The release in the statistics (decision 0030); one stored before they were kept is recorded now.
     outcomes as (
       insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at)
       select name, release_date, tld, length, name_chars, least((created_at at time zone 'UTC')::date, release_date), $2 from released
       on conflict (domain_name, release_date) do update set released_at = coalesce(release_outcomes.released_at, excluded.released_at)
     )
     select count(*)::int as updated from released`,
    [lastReleasedDate(options.now), options.now, options.source ?? "job:release-update"],
  );
  return { updatedCount: row.updated };
}
