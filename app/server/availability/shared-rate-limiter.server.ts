import type { DatabaseHandle } from "~/server/db/client.server";

/** Time as a limiter sees it: real in the app, moved by hand in tests (no test times the limiter). */
export type LimiterClock = { now(): number; sleep(ms: number): Promise<void> };

export const systemClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export type RateLimiter = {
  /** Resolves when the caller may start its request, with its slot: the moment it may start (ms since the epoch). */
  take(): Promise<number>;
};

/**
 * At most `perSecond` requests to the registry's availability service across
 * every instance and job (decision 0031): one row in the database holds the
 * next free slot, and each request takes one, one interval after the last
 * taken (or now, if that is past). The regular check and the release-morning
 * rounds both take from it, so together they never exceed the rate. A slot
 * costs one update of that row: at 20 a second, nothing next to the requests.
 */
export function createSharedRateLimiter(handle: DatabaseHandle, perSecond: number, clock: LimiterClock = systemClock): RateLimiter {
  const intervalMs = 1000 / perSecond;
  return {
    async take() {
      for (;;) {
        const [row] = await handle.query<{ slot: Date }>(
          `update das_rate_limit set next_slot_at = greatest(next_slot_at, $1) + $2 * interval '1 millisecond'
            where id = 1
           returning next_slot_at - $2 * interval '1 millisecond' as slot`,
          [new Date(clock.now()), intervalMs],
        );
        const slot = new Date(row.slot).getTime();
        const wait = slot - clock.now();
        if (wait > 0) await clock.sleep(wait);
        // Woken well after the slot (a busy process, a late timer): starting now would bunch with the
        // next slot's request and break the rate for that second. The slot is let go and a new one taken.
        if (clock.now() - slot <= intervalMs / 2) return slot;
      }
    },
  };
}
