import { releaseMorningEnd } from "~/domain/release-morning";
import { isReleased, releaseInstant } from "~/domain/release-instant";
import { todayUtc } from "~/domain/utc-dates";
import type { Tld } from "~/domain/names";
import type { DatabaseHandle } from "~/server/db/client.server";
import { markReleasedNamesAvailable } from "~/server/domains/mark-released.server";
import { getEnv } from "~/server/env.server";
import { createConfiguredDasClient, recordDasAnswers, type CheckedName } from "./check-domain-availability.server";
import type { DasClient } from "./das-client.server";
import type { DueName } from "./find-names-due-for-check.server";
import { createSharedRateLimiter, systemClock, type LimiterClock } from "./shared-rate-limiter.server";

/** How long one run of the morning job goes on; the next run (a minute later) carries on from the database. */
export const MORNING_RUN_BUDGET_MS = 10 * 60 * 1000;
/** The longest pause between rounds while the registry fails; it doubles from a second up to this. */
export const MAX_BACKOFF_MS = 60 * 1000;

export type MorningSettings = {
  das?: DasClient;
  ratePerSecond?: number;
  clock?: LimiterClock;
  budgetMs?: number;
  /** Called after each round's answers are stored (the job drops this process's cached sections: the board is live). */
  afterRound?: () => void;
};

export type MorningRunResult = {
  releaseDate: string;
  rounds: number;
  asked: number;
  errors: number;
  /** Every name of the day has been seen free or taken again: the morning's rounds are over. */
  finished: boolean;
};

type MorningName = DueName & { bookmarked: boolean };

/**
 * The release morning, measured (docs/product.md, "The release morning, measured"; decision 0031):
 * from 04:00 UTC on a release day until every one of the day's names has been seen free or taken
 * again, at the latest at the morning's end (12:00 UTC), the day's names are asked about in rounds,
 * one request per name per round, bookmarked names first, at the rate the regular check shares.
 * Each answer is recorded as it came (das_answer_runs) and applied as the regular check applies it
 * (recordDasAnswers: seen free, held, or registered again). While the registry fails, the rounds
 * back off and the morning is marked delayed. Safe to run again: it carries on where the last run stopped.
 */
export async function runReleaseMorning(handle: DatabaseHandle, options: { now: Date } & MorningSettings): Promise<MorningRunResult> {
  const clock = options.clock ?? systemClock;
  const releaseDate = todayUtc(options.now);
  const result: MorningRunResult = { releaseDate, rounds: 0, asked: 0, errors: 0, finished: false };
  const morningEnd = releaseMorningEnd(releaseDate).getTime();
  if (!isReleased(releaseDate, options.now) || options.now.getTime() >= morningEnd) return result;

  await markReleasedNamesAvailable(handle, { now: options.now, source: "job:release-morning" });
  const [morning] = await handle.query<{ finished_at: Date | null }>(
    `insert into release_mornings (release_date, started_at) values ($1, $2)
     on conflict (release_date) do update set release_date = excluded.release_date
     returning finished_at`,
    [releaseDate, options.now],
  );
  if (morning.finished_at) return { ...result, finished: true };

  const das = options.das ?? createConfiguredDasClient();
  const limiter = createSharedRateLimiter(handle, options.ratePerSecond ?? getEnv().DAS_RATE_PER_SECOND, clock);
  const deadline = Math.min(morningEnd, clock.now() + (options.budgetMs ?? MORNING_RUN_BUDGET_MS));
  const released = releaseInstant(releaseDate).getTime();
  let backoffMs = 0;
  while (clock.now() < deadline) {
    const names = await findMorningNames(handle, releaseDate);
    if (names.every((name) => name.lastSeenFreeAt !== null && name.lastSeenFreeAt.getTime() >= released)) {
      await handle.query("update release_mornings set finished_at = $2, delayed_since = null where release_date = $1", [
        releaseDate,
        new Date(clock.now()),
      ]);
      return { ...result, finished: true };
    }
    const checked = await askRound(names, { das, limiter, clock, deadline });
    if (checked.length === 0) break;
    const roundEnd = new Date(clock.now());
    await recordDasAnswers(handle, checked, roundEnd);
    await recordAnswerRuns(handle, releaseDate, checked);
    options.afterRound?.();
    const errors = checked.filter((item) => item.answer === "error").length;
    result.rounds++;
    result.asked += checked.length;
    result.errors += errors;
    // Most of a round failing means the registry is down, slow or answering nonsense: wait, longer each time.
    const failing = errors * 2 > checked.length;
    await handle.query(
      `update release_mornings set rounds = rounds + 1, last_round_at = $2,
              delayed_since = case when $3 then coalesce(delayed_since, $2) end
        where release_date = $1`,
      [releaseDate, roundEnd, failing],
    );
    backoffMs = failing ? Math.min(MAX_BACKOFF_MS, Math.max(1000, backoffMs * 2)) : 0;
    if (backoffMs > 0) await clock.sleep(Math.min(backoffMs, Math.max(0, deadline - clock.now())));
  }
  return result;
}

/** The day's names still available, bookmarked ones first (asked first in every round). */
async function findMorningNames(handle: DatabaseHandle, releaseDate: string): Promise<MorningName[]> {
  const rows = await handle.query<{ name: string; tld: Tld; release_date: string; last_checked_at: Date | null; bookmarked: boolean }>(
    `select d.name, d.tld, d.release_date::text, d.last_checked_at,
            exists (select 1 from bookmarks b where b.domain_name = d.name) as bookmarked
       from domains d
      where d.status = 'available' and d.release_date = $1::date
      order by bookmarked desc, d.name`,
    [releaseDate],
  );
  return rows.map((row) => ({
    name: row.name,
    tld: row.tld,
    releaseDate: row.release_date,
    lastSeenFreeAt: row.last_checked_at,
    bookmarked: row.bookmarked,
  }));
}

/** One request per name, each in its slot of the shared rate; answers (and failures) with the time they came. */
async function askRound(
  names: MorningName[],
  context: { das: DasClient; limiter: ReturnType<typeof createSharedRateLimiter>; clock: LimiterClock; deadline: number },
): Promise<CheckedName[]> {
  const pending: Promise<CheckedName>[] = [];
  for (const name of names) {
    await context.limiter.take();
    if (context.clock.now() >= context.deadline) break;
    pending.push(
      context.das.check(name.name, name.tld).then(
        (answer): CheckedName => ({ ...name, answer, answeredAt: new Date(context.clock.now()) }),
        (): CheckedName => ({ ...name, answer: "error", answeredAt: new Date(context.clock.now()) }),
      ),
    );
  }
  return Promise.all(pending);
}

/**
 * Every answer kept, as runs of equal answers per name (das_answer_runs): an answer equal to the
 * name's latest run lengthens it, another starts a new run. Two statements per round.
 */
async function recordAnswerRuns(handle: DatabaseHandle, releaseDate: string, checked: CheckedName[]) {
  const names = checked.map((item) => item.name);
  const answers = checked.map((item) => item.answer);
  const times = checked.map((item) => item.answeredAt!);
  await handle.query(
    `with incoming as (
       select * from unnest($2::text[], $3::text[], $4::timestamptz[]) as i(domain_name, answer, at)
     ),
     latest as (
       select distinct on (r.domain_name) r.id, r.domain_name, r.answer
         from das_answer_runs r
        where r.release_date = $1::date and r.domain_name = any($2::text[])
        order by r.domain_name, r.first_at desc
     ),
     lengthened as (
       update das_answer_runs r set last_at = i.at, answers = r.answers + 1
         from incoming i join latest l on l.domain_name = i.domain_name and l.answer = i.answer
        where r.id = l.id
     )
     insert into das_answer_runs (release_date, domain_name, answer, first_at, last_at, answers)
     select $1::date, i.domain_name, i.answer, i.at, i.at, 1
       from incoming i left join latest l on l.domain_name = i.domain_name
      where l.answer is distinct from i.answer`,
    [releaseDate, names, answers, times],
  );
}
