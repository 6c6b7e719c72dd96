import { occupiedAnswerMeans } from "~/domain/release-morning";
import type { DatabaseHandle } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { createDasClient, dasUserAgent, type DasAnswer, type DasClient } from "./das-client.server";
import { findNamesDueForCheck, type DueName } from "./find-names-due-for-check.server";
import { nextCheckAfterHeld, nextCheckAt, RETRY_AFTER_ERROR_MS } from "./next-check-at.server";
import { createSharedRateLimiter, type LimiterClock } from "./shared-rate-limiter.server";

/** What a run reports: the Maintenance tab and the job's record read these fields. */
export type AvailabilityResult = {
  /** Names asked about (answered or not). */
  processed: number;
  se_domains: number;
  nu_domains: number;
  updated_to_registered: number;
  /** "Occupied" answers on a release morning for names not yet seen free: still available, asked again soon (docs/product.md, "The release morning"). */
  held: number;
  /** Requests that failed (timeouts, HTTP errors, nonsense) or that the service called invalid: those names were not checked. */
  errors: number;
  /** Names due when the run began; those not asked wait for the next run. */
  due: number;
  /** Why the run stopped before asking about every due name: too many failures in a row, or its time was up; null when it asked them all. */
  stopped_early: "failures" | "time" | null;
  /** How many requests had failed in a row when the run stopped for failures. */
  failures_in_a_row: number;
  /** The most frequent reason a request failed ("connection refused", "HTTP 503"), or null. */
  failure_reason: string | null;
};

/** The registry's availability service as the environment configures it, asked in the site's name. */
export function createConfiguredDasClient(): DasClient {
  const env = getEnv();
  return createDasClient({
    seUrl: env.DAS_SE_URL,
    nuUrl: env.DAS_NU_URL,
    userAgent: dasUserAgent({ siteUrl: env.SITE_URL, contactEmail: env.CONTACT_EMAIL }),
  });
}

/** A run's settings apart from its clock; each defaults to its environment setting (tests set them through checkDomainAvailabilityTunedForTests). */
export type AvailabilitySettings = {
  das?: DasClient;
  /** Names per run (AVAILABILITY_BATCH_SIZE). */
  batchSize?: number;
  /** Requests per second (DAS_RATE_PER_SECOND). */
  ratePerSecond?: number;
  /** No new request starts after this long, so a run ends before the next one is due. */
  timeBudgetMs?: number;
  /** The shared rate's clock (a benchmark runs the morning rounds beside this check on a shifted one). */
  clock?: LimiterClock;
};

/** The service is down or unreachable: the rest of the batch would fail the same way, so the run ends early. */
export const GIVE_UP_AFTER_FAILURES_IN_A_ROW = 25;

/** Well inside the 30 minutes between runs. */
export const AVAILABILITY_TIME_BUDGET_MS = 20 * 60 * 1000;

/** A name with the registry's answer ("error" for a timeout, an HTTP error or nonsense) and, if not the run's `now`, when it came. */
export type CheckedName = DueName & { answer: DasAnswer | "error"; answeredAt?: Date };

/**
 * Asks the registry whether released (available) names were taken again:
 * occupied → registered (registration date today, taken_at now, an event),
 * unless the release-morning rule says the registry may still hold the name
 * (occupiedAnswerMeans: its release morning, not yet seen free): then it stays
 * available, unchecked, and is asked again soon; free → stays available, seen
 * free now, next check scheduled; not_valid, timeouts and HTTP errors →
 * unchanged, counted as errors and retried later. Never-checked names go
 * first, freshest releases first, then re-checks that are due.
 */
export function checkDomainAvailability(handle: DatabaseHandle, options: { now?: Date } = {}): Promise<AvailabilityResult> {
  return checkWith(handle, options);
}

/**
 * Test seam: a run against another availability service (a local fake), at
 * another pace, batch size or time budget than the environment's. Production
 * runs through checkDomainAvailability.
 */
export function checkDomainAvailabilityTunedForTests(
  handle: DatabaseHandle,
  options: { now?: Date } & AvailabilitySettings,
): Promise<AvailabilityResult> {
  return checkWith(handle, options);
}

async function checkWith(handle: DatabaseHandle, options: { now?: Date } & AvailabilitySettings): Promise<AvailabilityResult> {
  const env = getEnv();
  const now = options.now ?? new Date();
  const das = options.das ?? createConfiguredDasClient();
  // Shared with the release-morning rounds and every other instance: together they keep to the rate.
  const limiter = createSharedRateLimiter(handle, options.ratePerSecond ?? env.DAS_RATE_PER_SECOND, options.clock);
  const deadline = Date.now() + (options.timeBudgetMs ?? AVAILABILITY_TIME_BUDGET_MS);

  const due = await findNamesDueForCheck(handle, {
    now,
    limit: options.batchSize ?? env.AVAILABILITY_BATCH_SIZE,
  });
  const pending: Promise<CheckedName>[] = [];
  const failures = { inARow: 0, reasons: new Map<string, number>() };
  let stoppedEarly: AvailabilityResult["stopped_early"] = null;
  for (const domain of due) {
    await limiter.take();
    if (failures.inARow >= GIVE_UP_AFTER_FAILURES_IN_A_ROW) stoppedEarly = "failures";
    else if (Date.now() > deadline) stoppedEarly = "time";
    if (stoppedEarly) break;
    pending.push(
      das.check(domain.name, domain.tld).then(
        (answer): CheckedName => {
          failures.inARow = 0;
          return { ...domain, answer };
        },
        (error: unknown): CheckedName => {
          failures.inARow++;
          const reason = (error as Error).message;
          failures.reasons.set(reason, (failures.reasons.get(reason) ?? 0) + 1);
          return { ...domain, answer: "error" };
        },
      ),
    );
  }
  const checked = await Promise.all(pending);
  const { registered, held } = await recordDasAnswers(handle, checked, now);
  if (failures.reasons.size > 0) {
    // One line per run, not one per name: an unreachable service would otherwise write a thousand.
    logger.warn(
      { failures: Object.fromEntries(failures.reasons), stoppedEarly: checked.length < due.length },
      "availability checks failed",
    );
  }

  const notValid = checked.filter((item) => item.answer === "not_valid").length;
  if (notValid > 0) failures.reasons.set(NOT_VALID_REASON, notValid);
  return {
    processed: checked.length,
    se_domains: checked.filter((item) => item.tld === ".se").length,
    nu_domains: checked.filter((item) => item.tld === ".nu").length,
    updated_to_registered: registered,
    held,
    errors: checked.filter((item) => item.answer === "error" || item.answer === "not_valid").length,
    due: due.length,
    stopped_early: stoppedEarly,
    failures_in_a_row: stoppedEarly === "failures" ? failures.inARow : 0,
    failure_reason: mostFrequent(failures.reasons),
  };
}

const NOT_VALID_REASON = "the service called the name invalid";

function mostFrequent(counts: Map<string, number>): string | null {
  let best: [string, number] | null = null;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best?.[0] ?? null;
}

/**
 * Three statements at most for a whole run or round. Only rows still available change: an import may have moved a name meanwhile.
 * last_checked_at is written only for "free" answers, so for an available name it stays "last seen free".
 * Each answer also goes to the name's release in release_outcomes (first and last seen free, taken
 * again), where a catch keeps the free answer before it for the statistics. An answer's time is its
 * `answeredAt` (the release-morning rounds, decision 0031), or the run's `now`.
 */
export async function recordDasAnswers(
  handle: DatabaseHandle,
  checked: CheckedName[],
  now: Date,
): Promise<{ registered: number; held: number }> {
  const timeOf = (item: CheckedName) => item.answeredAt ?? now;
  const isHeld = (item: CheckedName) =>
    occupiedAnswerMeans({ releaseDate: item.releaseDate, lastSeenFreeAt: item.lastSeenFreeAt, now: timeOf(item) }) === "held";
  const occupiedAnswers = checked.filter((item) => item.answer === "occupied");
  const occupied = occupiedAnswers.filter((item) => !isHeld(item));
  const held = occupiedAnswers.filter(isHeld);
  const free = checked.filter((item) => item.answer === "free");
  const failed = checked.filter((item) => item.answer === "error" || item.answer === "not_valid").map((item) => item.name);

  let registered = 0;
  if (occupied.length > 0) {
    const [row] = await handle.query<{ taken: number }>(
      `with answers as (
         select * from unnest($1::text[], $2::timestamptz[]) as a(name, at)
       ),
       taken as (
         update domains d set status = 'registered', registration_date = (a.at at time zone 'UTC')::date, taken_at = a.at,
                last_checked_at = a.at, next_check_at = null, updated_at = a.at
           from answers a
          where d.name = a.name and d.status = 'available'
         returning d.name, d.release_date, a.at
       ),
       events as (
         insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
         select name, 'taken', 'available', 'registered', 'registered again (registry availability service)', 'job:availability-check', at
           from taken
       ),
       -- The catch in the statistics: its last free answer stays beside it (decision 0030).
       outcomes as (
         update release_outcomes o set taken_at = taken.at
           from taken where o.domain_name = taken.name and o.release_date = taken.release_date and o.taken_at is null
       )
       select count(*)::int as taken from taken`,
      [occupied.map((item) => item.name), occupied.map(timeOf)],
    );
    registered = row.taken;
  }
  // Free names are seen free now; held ones keep their last_checked_at (never seen free since 04:00 UTC) and come back soon.
  const rescheduled = [
    ...free.map((item) => ({ name: item.name, nextCheckAt: nextCheckAt(item.releaseDate, timeOf(item)), seenFree: true, at: timeOf(item) })),
    // A held name always has a release date (occupiedAnswerMeans).
    ...held.map((item) => ({ name: item.name, nextCheckAt: nextCheckAfterHeld(item.releaseDate!, timeOf(item)), seenFree: false, at: timeOf(item) })),
  ];
  if (rescheduled.length > 0) {
    await handle.query(
      `with checked as (
         update domains d set next_check_at = s.next_check_at,
                last_checked_at = case when s.seen_free then s.at else d.last_checked_at end
           from unnest($1::text[], $2::timestamptz[], $3::boolean[], $4::timestamptz[]) as s(name, next_check_at, seen_free, at)
          where d.name = s.name and d.status = 'available'
         returning d.name, d.release_date, s.seen_free, s.at
       ),
       outcomes as (
         update release_outcomes o set first_free_at = coalesce(o.first_free_at, checked.at), last_free_at = checked.at
           from checked where checked.seen_free and o.domain_name = checked.name and o.release_date = checked.release_date
         returning o.domain_name, o.first_free_at = checked.at as first_seen, checked.at
       )
       -- The first "free" after a release goes to the name's history too: the page tells when it became free.
       insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       select domain_name, 'seen-free', 'available', 'available', 'seen free (registry availability service)', 'job:availability-check', at
         from outcomes where first_seen`,
      [
        rescheduled.map((item) => item.name),
        rescheduled.map((item) => item.nextCheckAt),
        rescheduled.map((item) => item.seenFree),
        rescheduled.map((item) => item.at),
      ],
    );
  }
  if (failed.length > 0) {
    await handle.query("update domains set next_check_at = $2 where name = any($1::text[]) and status = 'available'", [
      failed,
      new Date(now.getTime() + RETRY_AFTER_ERROR_MS),
    ]);
  }
  return { registered, held: held.length };
}
