import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

/**
 * A named limit: `points` per `durationSeconds`, counted from a key's first point
 * (rate-limiter-flexible's fixed window). The name keeps limits' keys apart.
 */
export type RateLimit = { name: string; points: number; durationSeconds: number };

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

type Store = { limiters: Map<string, RateLimiterAbstract>; redis?: Redis };

const state = globalThis as typeof globalThis & { __snartRateLimitStore?: Store };

/**
 * The limiter of `limit` in the current store: in memory by default, in Redis when
 * REDIS_URL is set, so several app instances share the counts. While Redis is not
 * reachable each instance counts in its own memory (the insurance limiter) instead
 * of refusing everyone or letting everything through.
 */
export function rateLimiter(limit: RateLimit): RateLimiterAbstract {
  const store = getStore();
  let limiter = store.limiters.get(limit.name);
  if (!limiter) {
    const options = { keyPrefix: `rl:${limit.name}`, points: limit.points, duration: limit.durationSeconds };
    limiter = store.redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: store.redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
    store.limiters.set(limit.name, limiter);
  }
  return limiter;
}

/**
 * Counts one point for `key` and says whether it stays within the limit, and if not
 * how long until it does. A limiter that fails (it should not: see the insurance
 * limiter above) lets the request through and logs it: a broken limiter must not lock
 * everybody out.
 */
export async function consumeRateLimit(limit: RateLimit, key: string): Promise<RateLimitResult> {
  try {
    await rateLimiter(limit).consume(key);
    return { ok: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: secondsUntil(rejection.msBeforeNext) };
    logger.error({ err: rejection, limit: limit.name }, "rate limiter unavailable; allowing the request");
    return { ok: true };
  }
}

/** Whole seconds until `msBeforeNext` has passed, at least 1. */
export function secondsUntil(msBeforeNext: number) {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/** Runs a limiter call whose failure must not stop the request; logs it and answers `fallback`. */
export async function withLimiter<T>(what: string, call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger.error({ err: error }, `rate limiter ${what} failed; carrying on without it`);
    return fallback;
  }
}

function getStore(): Store {
  state.__snartRateLimitStore ??= newStore(getEnv().REDIS_URL);
  return state.__snartRateLimitStore;
}

function newStore(redisUrl: string | undefined): Store {
  if (!redisUrl) return { limiters: new Map() };
  // No offline queue: while Redis is down a count fails at once and the insurance limiter answers.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on("error", (error) => logger.warn({ err: error }, "redis connection error; rate limits count per instance meanwhile"));
  return { limiters: new Map(), redis };
}

/** Tests start each case with empty counters (and may pick the Redis store). */
export async function resetRateLimitsForTests(store?: "memory" | { redisUrl: string }) {
  state.__snartRateLimitStore?.redis?.disconnect();
  state.__snartRateLimitStore = newStore(store && store !== "memory" ? store.redisUrl : undefined);
}

/** Waits until the test store's Redis connection is ready, so a test counts in Redis and not in the insurance limiter. */
export async function redisReadyForTests() {
  const redis = getStore().redis;
  if (redis && redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
}
