// Drives the live countdown. Ticks land just after each whole second of the
// clock, because release instants are whole seconds: aligned ticks change the
// seconds digit once per second instead of drifting and skipping one.

export type TickerClock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const systemClock: TickerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Timers may fire a little early; landing a few ms past the second keeps the rounding on the right side. */
const SLACK_MS = 15;

/**
 * Calls `onTick(now)` at once and then every second, until `onTick` returns
 * false or the returned stop function is called.
 */
export function startSecondTicker(onTick: (now: number) => boolean | void, clock: TickerClock = systemClock): () => void {
  let stopped = false;
  let handle: unknown;
  const tick = () => {
    if (stopped) return;
    const now = clock.now();
    if (onTick(now) === false) {
      stopped = true;
      return;
    }
    handle = clock.setTimeout(tick, 1000 - (now % 1000) + SLACK_MS);
  };
  tick();
  return () => {
    stopped = true;
    clock.clearTimeout(handle);
  };
}
