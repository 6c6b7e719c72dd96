import { expect, it } from "vitest";
import type { Tld } from "~/domain/names";
import { seededRandom } from "~/domain/seeded-random";
import { bookmarks } from "~/server/db/schema/index.server";
import { createDomains } from "~tests/factories/domains";
import { createUser } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { DasError, type DasAnswer, type DasClient } from "./das-client.server";
import { runReleaseMorning } from "./release-morning-rounds.server";
import { slotIntervalMs, type LimiterClock } from "./shared-rate-limiter.server";

const DAY = "2030-02-14";
const RELEASE = Date.parse(`${DAY}T04:00:00Z`);
const MINUTE = 60_000;
const FAILURES = ["HTTP 503", "no answer within 5000 ms", 'unexpected answer "freely morgon-1.se"'];

/** Time that moves only when the limiter or a backoff sleeps. */
function manualClock(start: number): LimiterClock {
  let now = start;
  return { now: () => now, sleep: async (ms) => void (now += ms) };
}

/**
 * The registry on a release morning, as the fake knows the truth: each name is released at its own
 * minute and perhaps taken a while later. Before its release it answers "occupied" (the rounds must
 * not read that as taken), then "free", then "occupied" again once taken; `down` makes it fail.
 */
function morningRegistry(clock: LimiterClock, truth: Map<string, { releasedAt: number; takenAt: number | null }>) {
  const calls: { name: string; at: number }[] = [];
  const state = { down: null as null | { from: number; to: number } };
  const client: DasClient = {
    async check(name: string, _tld: Tld): Promise<DasAnswer> {
      const at = clock.now();
      calls.push({ name, at });
      // Down, slow or talking nonsense, in turn: the client throws each as a DasError (das-client.server.ts).
      if (state.down && at >= state.down.from && at < state.down.to) throw new DasError(FAILURES[calls.length % FAILURES.length]);
      const known = truth.get(name)!;
      if (at < known.releasedAt) return "occupied";
      return known.takenAt !== null && at >= known.takenAt ? "occupied" : "free";
    },
  };
  return { client, calls, state };
}

describeEachEngine("runReleaseMorning", ({ handle }) => {
  /** `count` names of the day, released at random minutes within the first `spreadMinutes` after 04:00. */
  async function morningOf(count: number, seed: number, spreadMinutes = 30) {
    const random = seededRandom(seed);
    const truth = new Map<string, { releasedAt: number; takenAt: number | null }>();
    for (let index = 0; index < count; index++) {
      // Released in random order; a third taken again within minutes.
      const releasedAt = RELEASE + Math.floor(random() * spreadMinutes * MINUTE);
      truth.set(`morgon-${index}.se`, { releasedAt, takenAt: random() < 0.35 ? releasedAt + MINUTE + Math.floor(random() * 10 * MINUTE) : null });
    }
    await createDomains(
      handle().db,
      [...truth.keys()].map((name) => ({ name, status: "soonavailable" as const, releaseDate: DAY })),
    );
    return truth;
  }
  const outcomes = async () =>
    new Map(
      (
        await handle().query<{ domain_name: string; first_free_at: Date | null; taken_at: Date | null }>(
          "select domain_name, first_free_at, taken_at from release_outcomes where release_date = $1",
          [DAY],
        )
      ).map((row) => [row.domain_name, row]),
    );

  it("records when each name became free and was taken again, within one round of the truth", async () => {
    const truth = await morningOf(20, 29);
    const clock = manualClock(RELEASE);
    const registry = morningRegistry(clock, truth);
    // One request a second: a round of 20 names takes 20 seconds.
    const result = await runReleaseMorning(handle(), { now: new Date(RELEASE), das: registry.client, ratePerSecond: 1, clock, budgetMs: 8 * 60 * MINUTE });
    const round = 20 * slotIntervalMs(1);

    expect(result.finished).toBe(true);
    const [morning] = await handle().query<{ finished_at: Date; rounds: number; delayed_since: Date | null }>(
      "select finished_at, rounds, delayed_since from release_mornings where release_date = $1",
      [DAY],
    );
    expect(morning).toMatchObject({ rounds: result.rounds, delayed_since: null });
    const recorded = await outcomes();
    let caught = 0;
    for (const [name, known] of truth) {
      const outcome = recorded.get(name)!;
      // "Occupied" before the release never counted as taken: every name was seen free, after its release, within a round.
      expect(outcome.first_free_at!.getTime() - known.releasedAt, name).toBeGreaterThanOrEqual(0);
      expect(outcome.first_free_at!.getTime() - known.releasedAt, name).toBeLessThanOrEqual(round);
      if (known.takenAt !== null && known.takenAt < morning.finished_at.getTime() - round) {
        caught++;
        expect(outcome.taken_at!.getTime() - known.takenAt, name).toBeGreaterThanOrEqual(0);
        expect(outcome.taken_at!.getTime() - known.takenAt, name).toBeLessThanOrEqual(round);
      } else if (known.takenAt === null) {
        expect(outcome.taken_at, name).toBeNull();
      }
    }
    expect(caught).toBeGreaterThan(2);
    // Every answer is kept, as runs: "occupied" until released, then "free" (and "occupied" once taken).
    const runs = await handle().query<{ domain_name: string; answer: string; first_at: Date; answers: number }>(
      "select domain_name, answer, first_at, answers from das_answer_runs where release_date = $1 order by domain_name, first_at",
      [DAY],
    );
    expect(runs.reduce((sum, run) => sum + run.answers, 0)).toBe(registry.calls.length);
    for (const [name, known] of truth) {
      const answers = runs.filter((run) => run.domain_name === name).map((run) => run.answer);
      expect(answers[0] === "occupied" ? answers.slice(1, 2) : answers.slice(0, 1), name).toEqual(["free"]);
      expect(runs.find((run) => run.domain_name === name && run.answer === "free")!.first_at).toEqual(recorded.get(name)!.first_free_at);
      if (known.takenAt === null) expect(answers.at(-1)).toBe("free");
    }
    // The history keeps both moments: one "seen-free" event per name (and a "taken" per catch).
    const events = await handle().query<{ type: string; names: number; total: number }>(
      "select type, count(distinct domain_name)::int as names, count(*)::int as total from domain_events where type in ('seen-free', 'taken') group by type order by type",
    );
    expect(events[0]).toEqual({ type: "seen-free", names: truth.size, total: truth.size });
    // Never faster than the rate: one request a second.
    const gaps = registry.calls.slice(1).map((call, index) => call.at - registry.calls[index].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(slotIntervalMs(1));
  });

  it("asks about bookmarked names first in every round", async () => {
    const truth = await morningOf(6, 7);
    const user = await createUser(handle().db);
    await handle().db.insert(bookmarks).values({ userId: user.id, domainName: "morgon-4.se" });
    const clock = manualClock(RELEASE);
    const registry = morningRegistry(clock, truth);
    await runReleaseMorning(handle(), { now: new Date(RELEASE), das: registry.client, ratePerSecond: 1, clock, budgetMs: 60_000 });
    const rounds = Array.from({ length: Math.floor(registry.calls.length / 6) }, (_, index) => registry.calls[index * 6].name);
    expect(rounds.length).toBeGreaterThan(2);
    expect(new Set(rounds)).toEqual(new Set(["morgon-4.se"]));
  });

  it("backs off while the registry is down, slow or answering nonsense, records nothing it did not answer, and says the morning is delayed", async () => {
    const truth = await morningOf(10, 3, 15);
    const clock = manualClock(RELEASE);
    const registry = morningRegistry(clock, truth);
    registry.state.down = { from: RELEASE, to: RELEASE + 10 * MINUTE };
    // A run that ends while the registry is down: the morning is marked delayed, nothing seen free or taken.
    await runReleaseMorning(handle(), { now: new Date(RELEASE), das: registry.client, ratePerSecond: 1, clock, budgetMs: 5 * MINUTE });
    const [during] = await handle().query<{ delayed_since: Date | null; rounds: number }>(
      "select delayed_since, rounds from release_mornings where release_date = $1",
      [DAY],
    );
    expect(during.delayed_since).not.toBeNull();
    // Backing off: 1, 2, 4 … 60 s between ten-second rounds, far fewer than the 30 five minutes would hold.
    expect(during.rounds).toBeLessThan(12);
    expect([...(await outcomes()).values()].every((outcome) => outcome.first_free_at === null && outcome.taken_at === null)).toBe(true);
    const statuses = await handle().query<{ status: string }>("select distinct status from domains");
    expect(statuses).toEqual([{ status: "available" }]);

    // The next run, after the registry is back: rounds go on, the delay is over.
    await runReleaseMorning(handle(), { now: new Date(clock.now()), das: registry.client, ratePerSecond: 1, clock, budgetMs: 60 * MINUTE });
    const [after] = await handle().query<{ delayed_since: Date | null; rounds: number }>(
      "select delayed_since, rounds from release_mornings where release_date = $1",
      [DAY],
    );
    expect(after.delayed_since).toBeNull();
    expect(after.rounds).toBeGreaterThan(during.rounds);
    // Only answers given after the registry came back count: no name is seen free while it was down.
    const seenFree = [...(await outcomes()).values()].flatMap((outcome) => (outcome.first_free_at ? [outcome.first_free_at.getTime()] : []));
    expect(seenFree.length).toBeGreaterThan(0);
    expect(Math.min(...seenFree)).toBeGreaterThanOrEqual(registry.state.down.to);
    const errorRuns = await handle().query<{ answers: number }>("select answers from das_answer_runs where answer = 'error'");
    expect(errorRuns.length).toBeGreaterThan(0);
  });

  it("does nothing outside the release morning", async () => {
    const truth = await morningOf(3, 1);
    const clock = manualClock(RELEASE - MINUTE);
    const registry = morningRegistry(clock, truth);
    expect(await runReleaseMorning(handle(), { now: new Date(RELEASE - MINUTE), das: registry.client, clock })).toMatchObject({ rounds: 0 });
    const afterMorning = Date.parse(`${DAY}T12:00:00Z`);
    expect(await runReleaseMorning(handle(), { now: new Date(afterMorning), das: registry.client, clock })).toMatchObject({ rounds: 0 });
    expect(registry.calls).toHaveLength(0);
  });
});
