import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { createSharedRateLimiter, slotIntervalMs, type LimiterClock } from "./shared-rate-limiter.server";

/** Time that moves only when someone sleeps: the limiter's spacing is proved, not timed. */
function manualClock(start: number): LimiterClock & { sleeps: number[] } {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    async sleep(ms) {
      sleeps.push(ms);
      now = Math.max(now, now + ms);
    },
  };
}

describeEachEngine("createSharedRateLimiter", ({ handle }) => {
  it("keeps two instances together to the rate: every start one interval after the last, whoever took it", async () => {
    const clock = manualClock(Date.parse("2030-01-20T04:00:00Z"));
    // Two app instances on one database, each with its own limiter (the regular check and the morning rounds, say).
    const first = createSharedRateLimiter(handle(), 20, clock);
    const second = createSharedRateLimiter(handle(), 20, clock);
    const starts: { instance: string; at: number }[] = [];
    const run = async (instance: string, limiter: typeof first, requests: number) => {
      for (let request = 0; request < requests; request++) {
        starts.push({ instance, at: await limiter.take() });
      }
    };
    await Promise.all([run("first", first, 30), run("second", second, 30)]);

    const times = starts.map((start) => start.at).sort((a, b) => a - b);
    expect(times).toHaveLength(60);
    const gaps = times.slice(1).map((at, index) => at - times[index]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(50);
    // No second holds more than 20 starts, wherever it begins.
    for (const from of times) expect(times.filter((at) => at >= from && at < from + 1000).length).toBeLessThanOrEqual(20);
    expect(new Set(starts.map((start) => start.instance))).toEqual(new Set(["first", "second"]));
  });

  it("lets a request start at once after a quiet spell, without a burst to catch up", async () => {
    const clock = manualClock(Date.parse("2030-01-20T04:00:00Z"));
    const limiter = createSharedRateLimiter(handle(), 10, clock);
    await limiter.take();
    await limiter.take();
    const interval = slotIntervalMs(10);
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.sleeps[0]).toBeCloseTo(interval, 0);
    // A minute later the row's slot is long past: the next request waits for nothing, the one after for one interval.
    await clock.sleep(60_000);
    clock.sleeps.length = 0;
    await limiter.take();
    await limiter.take();
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.sleeps[0]).toBeCloseTo(interval, 0);
  });

  it("lets a slot go when woken too late for it, and starts in a fresh one instead of bunching with the next", async () => {
    let now = Date.parse("2030-01-20T04:00:00Z");
    // A timer that fires 80 ms late once, as a busy process's does.
    let late = 80;
    const clock: LimiterClock = {
      now: () => now,
      sleep: async (ms) => {
        now += ms + late;
        late = 0;
      },
    };
    const limiter = createSharedRateLimiter(handle(), 20, clock);
    const first = await limiter.take();
    const second = await limiter.take();
    // The second slot (50 ms after the first) was missed by 80 ms: the request starts in a slot taken then.
    expect(second - first).toBeGreaterThanOrEqual(130);
    expect(now - second).toBeLessThanOrEqual(25);
  });
});
