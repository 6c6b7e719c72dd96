import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeRateLimit, rateLimiter, redisReadyForTests, resetRateLimitsForTests, type RateLimit } from "./rate-limit.server";

const REDIS_URL = "redis://127.0.0.1:6379/15";

async function redisReachable() {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A limit of its own for each test, so counts left in Redis by another run never meet it. */
function testLimit(points: number, durationSeconds: number): RateLimit {
  return { name: `test-${crypto.randomUUID()}`, points, durationSeconds };
}

/** `store()` selects the store; false skips the test (Redis not reachable). */
function rateLimitSuite(store: () => Promise<boolean>) {
  it("allows up to the limit in a window, then refuses with a wait", async (context) => {
    if (!(await store())) context.skip();
    const limit = testLimit(3, 60);
    for (let attempt = 1; attempt <= 3; attempt++) expect((await consumeRateLimit(limit, "203.0.113.1")).ok).toBe(true);
    const refused = await consumeRateLimit(limit, "203.0.113.1");
    expect(refused).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("keeps keys and limits apart and starts over after the window", async (context) => {
    if (!(await store())) context.skip();
    const limit = testLimit(1, 1);
    expect((await consumeRateLimit(limit, "a")).ok).toBe(true);
    expect((await consumeRateLimit(limit, "a")).ok).toBe(false);
    expect((await consumeRateLimit(limit, "b")).ok).toBe(true);
    expect((await consumeRateLimit({ ...limit, name: `${limit.name}-other` }, "a")).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await consumeRateLimit(limit, "a")).ok).toBe(true);
  });

  it("gives a point back on reward and forgets a key on delete", async (context) => {
    if (!(await store())) context.skip();
    const limit = testLimit(1, 60);
    expect((await consumeRateLimit(limit, "a")).ok).toBe(true);
    await rateLimiter(limit).reward("a");
    expect((await consumeRateLimit(limit, "a")).ok).toBe(true);
    expect((await consumeRateLimit(limit, "a")).ok).toBe(false);
    await rateLimiter(limit).delete("a");
    expect((await consumeRateLimit(limit, "a")).ok).toBe(true);
  });
}

describe("consumeRateLimit in memory", () => {
  rateLimitSuite(async () => {
    await resetRateLimitsForTests("memory");
    return true;
  });
});

describe("consumeRateLimit in Redis", () => {
  let available = false;
  beforeAll(async () => {
    available = await redisReachable();
    if (!available) console.log(`Redis at ${REDIS_URL} is not reachable: the Redis rate-limit tests are skipped.`);
  });
  afterAll(() => resetRateLimitsForTests("memory"));

  rateLimitSuite(async () => {
    if (!available) return false;
    await resetRateLimitsForTests({ redisUrl: REDIS_URL });
    await redisReadyForTests();
    return true;
  });

  it("counts in Redis, where another instance sees the same count", async (context) => {
    if (!available) context.skip();
    await resetRateLimitsForTests({ redisUrl: REDIS_URL });
    await redisReadyForTests();
    const limit = testLimit(2, 60);
    expect((await consumeRateLimit(limit, "a")).ok).toBe(true);
    const other = new Redis(REDIS_URL);
    try {
      expect(await other.get(`rl:${limit.name}:a`)).toBe("1");
    } finally {
      other.disconnect();
    }
  });

  it("keeps limiting in memory while Redis cannot be reached", async () => {
    // Nothing listens on port 1: every connection attempt fails, and the insurance limiter counts.
    await resetRateLimitsForTests({ redisUrl: "redis://127.0.0.1:1" });
    const limit = testLimit(1, 60);
    expect((await consumeRateLimit(limit, "a")).ok).toBe(true);
    expect((await consumeRateLimit(limit, "a")).ok).toBe(false);
  });
});
