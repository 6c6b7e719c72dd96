import { describe, expect, it } from "vitest";
import { startSecondTicker, type TickerClock } from "./second-ticker";

/** A clock the test moves by hand; timers fire when their time is reached. */
function manualClock(start: number) {
  let now = start;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: TickerClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.callback();
    }
    now = target;
  };
  return { clock, advance, pending: () => timers.length };
}

describe("startSecondTicker", () => {
  it("ticks at once and then once per second, just after each whole second", () => {
    const { clock, advance } = manualClock(10_400);
    const ticks: number[] = [];
    startSecondTicker((now) => void ticks.push(now), clock);
    expect(ticks).toEqual([10_400]);
    advance(3_000);
    expect(ticks).toHaveLength(4);
    expect(ticks.slice(1).map((t) => Math.floor(t / 1000))).toEqual([11, 12, 13]);
    expect(ticks.slice(1).every((t) => t % 1000 < 100)).toBe(true);
  });

  it("stops when the callback returns false", () => {
    const { clock, advance, pending } = manualClock(0);
    let count = 0;
    startSecondTicker(() => ++count < 3, clock);
    advance(10_000);
    expect(count).toBe(3);
    expect(pending()).toBe(0);
  });

  it("stops when told to", () => {
    const { clock, advance, pending } = manualClock(0);
    let count = 0;
    const stop = startSecondTicker(() => void count++, clock);
    advance(2_100);
    stop();
    advance(5_000);
    expect(count).toBe(3);
    expect(pending()).toBe(0);
  });
});
