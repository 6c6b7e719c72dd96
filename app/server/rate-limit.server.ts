import { Redis } from "ioredis";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export type RateLimitResult = { ok: boolean; retryAfterSeconds: number };

type Store = {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * Counts one attempt for `key` in a fixed window of `windowMs` and says whether it
 * stays within `limit`. In memory by default; in Redis when REDIS_URL is set, so
 * several app instances share the counts. If Redis fails we let the request through
 * (and log it): a broken limiter must not lock everybody out.
 */
export async function checkRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  try {
    const { count, resetInMs } = await getStore().hit(`rl:${key}`, windowMs);
    if (count <= limit) return { ok: true, retryAfterSeconds: 0 };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
  } catch (error) {
    logger.error({ err: error, key }, "rate limiter unavailable; allowing the request");
    return { ok: true, retryAfterSeconds: 0 };
  }
}

/**
 * Gives back one attempt, e.g. after a successful sign-in: then only failures
 * count, and a person who signs in correctly never locks themself out.
 */
export async function releaseRateLimit(key: string): Promise<void> {
  try {
    await getStore().release(`rl:${key}`);
  } catch (error) {
    logger.error({ err: error, key }, "rate limiter release failed");
  }
}

const state = globalThis as typeof globalThis & { __snartRateLimitStore?: Store };

function getStore(): Store {
  state.__snartRateLimitStore ??= getEnv().REDIS_URL ? redisStore(getEnv().REDIS_URL!) : memoryStore();
  return state.__snartRateLimitStore;
}

/** Tests start each case with empty counters (and may pick the Redis store). */
export async function resetRateLimitsForTests(store?: "memory" | { redisUrl: string }) {
  await state.__snartRateLimitStore?.close();
  state.__snartRateLimitStore = store && store !== "memory" ? redisStore(store.redisUrl) : memoryStore();
}

export function memoryStore(maxKeys = 100_000): Store {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        // Bounded memory: drop expired windows, then the oldest, when the map grows large.
        if (windows.size >= maxKeys) prune(windows, now, maxKeys);
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - now };
    },
    async release(key) {
      const entry = windows.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async close() {
      windows.clear();
    },
  };
}

function prune(windows: Map<string, { resetAt: number }>, now: number, maxKeys: number) {
  for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
  for (const key of windows.keys()) {
    if (windows.size < maxKeys) break;
    windows.delete(key);
  }
}

function redisStore(url: string): Store {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on("error", (error) => logger.warn({ err: error }, "redis connection error"));
  return {
    async hit(key, windowMs) {
      // INCR and set the expiry only when the window starts, atomically.
      const [count, ttl] = (await redis.eval(
        "local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return {c, redis.call('PTTL', KEYS[1])}",
        1,
        key,
        String(windowMs),
      )) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async release(key) {
      await redis.eval("local c = tonumber(redis.call('GET', KEYS[1]) or '0') if c > 0 then redis.call('DECR', KEYS[1]) end return 0", 1, key);
    },
    async close() {
      await redis.quit();
    },
  };
}
