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

/** How late after its slot a request may still start; later, it takes a new slot. */
export const LATE_START_TOLERANCE_MS = 10;

/**
 * The slots' spacing: a request starts up to LATE_START_TOLERANCE_MS after its slot, so slots
 * (1000 + tolerance) / rate ms apart keep any rate + 1 consecutive starts more than a second apart,
 * late or not. No second, wherever it begins, holds more than `perSecond` starts (20 a second: 50.5 ms).
 */
export function slotIntervalMs(perSecond: number): number {
  return (1000 + LATE_START_TOLERANCE_MS) / perSecond;
}

/**
 * At most `perSecond` requests to the registry's availability service across
 * every instance and job (decision 0031): one row in the database holds the
 * next free slot, and each request takes one, one interval after the last
 * taken (or now, if that is past). The regular check and the release-morning
 * rounds both take from it, so together they never exceed the rate. A slot
 * costs one update of that row: at 20 a second, nothing next to the requests.
 */
export function createSharedRateLimiter(handle: DatabaseHandle, perSecond: number, clock: LimiterClock = systemClock): RateLimiter {
  const intervalMs = slotIntervalMs(perSecond);
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
        if (clock.now() - slot <= LATE_START_TOLERANCE_MS) return slot;
      }
    },
  };
}
