import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRateLimit, memoryStore, releaseRateLimit, resetRateLimitsForTests } from "./rate-limit.server";

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

/** `store()` selects the store; false skips the test (Redis not reachable). */
function rateLimitSuite(store: () => Promise<boolean>) {
  it("allows up to the limit in a window, then refuses with a wait", async (context) => {
    if (!(await store())) context.skip();
    const key = `test:${crypto.randomUUID()}`;
    for (let attempt = 1; attempt <= 3; attempt++) expect((await checkRateLimit(key, 3, 60_000)).ok).toBe(true);
    const refused = await checkRateLimit(key, 3, 60_000);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("keeps keys apart and starts over after the window", async (context) => {
    if (!(await store())) context.skip();
    const key = `test:${crypto.randomUUID()}`;
    expect((await checkRateLimit(key, 1, 50)).ok).toBe(true);
    expect((await checkRateLimit(key, 1, 50)).ok).toBe(false);
    expect((await checkRateLimit(`${key}:other`, 1, 50)).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await checkRateLimit(key, 1, 50)).ok).toBe(true);
  });

  it("gives an attempt back on release", async (context) => {
    if (!(await store())) context.skip();
    const key = `test:${crypto.randomUUID()}`;
    expect((await checkRateLimit(key, 1, 60_000)).ok).toBe(true);
    await releaseRateLimit(key);
    expect((await checkRateLimit(key, 1, 60_000)).ok).toBe(true);
    expect((await checkRateLimit(key, 1, 60_000)).ok).toBe(false);
  });
}

describe("checkRateLimit in memory", () => {
  rateLimitSuite(async () => {
    await resetRateLimitsForTests("memory");
    return true;
  });

  it("bounds its memory", async () => {
    const store = memoryStore(3);
    for (let index = 0; index < 10; index++) await store.hit(`k${index}`, 60_000);
    // Only the newest keys are kept; an evicted key starts a fresh window.
    expect((await store.hit("k0", 60_000)).count).toBe(1);
    expect((await store.hit("k9", 60_000)).count).toBe(2);
  });
});

describe("checkRateLimit in Redis", () => {
  let available = false;
  beforeAll(async () => {
    available = await redisReachable();
    if (!available) console.log(`Redis at ${REDIS_URL} is not reachable: the Redis rate-limit tests are skipped.`);
  });
  afterAll(() => resetRateLimitsForTests("memory"));

  rateLimitSuite(async () => {
    if (!available) return false;
    await resetRateLimitsForTests({ redisUrl: REDIS_URL });
    return true;
  });
});
