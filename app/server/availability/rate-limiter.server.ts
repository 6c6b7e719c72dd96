/**
 * Spaces calls evenly: at most `perSecond` starts per second, one every
 * 1000/perSecond ms, however many callers wait. The registry publishes no
 * limit for its availability service; peers keep to ~25 requests/second.
 */
export function createRateLimiter(perSecond: number, clock: { now(): number } = Date) {
  const interval = 1000 / perSecond;
  let nextSlot = 0;
  return {
    /** Resolves when the caller may start its request. */
    async take(): Promise<void> {
      const now = clock.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + interval;
      if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
      // A timer that fired late moves the following slots too: a busy process never bursts to catch up.
      nextSlot = Math.max(nextSlot, clock.now() + interval);
    },
  };
}
