import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { expect, test } from "~tests/e2e/support/test";
import { hashPassword } from "better-auth/crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { startBuiltServer, type BuiltServer } from "~support/built-server";
import { createFreshDatabase, dropDatabase } from "~tests/support/postgres-databases";

// Two app processes from the same build on one PostgreSQL and one Redis, as
// production runs them (docs/operations.md): sessions live in the database,
// pg-boss fires each schedule once across instances, and rate limits count in Redis.
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const buildDir = process.env.BUILD_DIR ?? "build";
const basePort = Number(process.env.E2E_PORT ?? 4173) + 500;
const databaseName = `snart_two_instances_${process.pid}_${Date.now().toString(36)}`;

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.describe("two app instances on one PostgreSQL", () => {
  test.skip(!serverUrl, "TEST_DATABASE_URL is unset: the multi-instance test needs a PostgreSQL server");
  test.skip(!existsSync(`${buildDir}/server/index.js`), `no build in ${buildDir}/ (run the build first)`);

  let databaseUrl = "";
  let first: BuiltServer | undefined;
  let second: BuiltServer | undefined;
  const redisKeys: string[] = [];

  test.beforeAll(async () => {
    if (!serverUrl) return;
    test.setTimeout(180_000);
    databaseUrl = await createFreshDatabase(serverUrl, databaseName);
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JOBS_ENABLED: "true",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      TRUST_PROXY: "true",
      SEED_DEMO_SIZE: "200",
    };
    // Started together: migrations run under an advisory lock; only the first seeds demo rows.
    [first, second] = await Promise.all([
      startBuiltServer({ port: basePort, buildDir, env: { ...env, SEED_DEMO: "true" }, startTimeoutMs: 90_000 }),
      startBuiltServer({ port: basePort + 1, buildDir, env: { ...env, SEED_DEMO: "false" }, startTimeoutMs: 90_000 }),
    ]);
  });

  test.afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    if (redisKeys.length) {
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      await redis.del(...redisKeys);
      await redis.quit();
    }
    if (serverUrl) await dropDatabase(serverUrl, databaseName);
  });

  async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  async function signIn(instance: BuiltServer, email: string, password: string, clientIp: string) {
    return fetch(`${instance.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: instance.url, "X-Forwarded-For": clientIp },
      body: JSON.stringify({ email, password }),
    });
  }

  test("a session made on one instance is valid on the other", async () => {
    const email = `two-${randomUUID().slice(0, 8)}@e2e.test`;
    const password = "hemligt-lösen-1";
    const userId = randomUUID();
    await query(
      `insert into "user" (id, name, email, email_verified, role, created_at, updated_at) values ($1, 'two', $2, true, 'user', now(), now())`,
      [userId, email],
    );
    await query(
      `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at) values ($1, $2, 'credential', $2, $3, now(), now())`,
      [randomUUID(), userId, await hashPassword(password)],
    );
    const clientIp = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
    redisKeys.push(...signInRedisKeys(email, clientIp));

    const signedIn = await signIn(first!, email, password, clientIp);
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    const cookie = cookieHeader(signedIn);
    expect(cookie).toMatch(/better-auth\.session_token=/);

    const onSecond = await fetch(`${second!.url}/account`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(onSecond.status).toBe(200);
    expect(await onSecond.text()).toContain(email);
    // Without the cookie the other instance sends the visitor to sign in.
    const anonymous = await fetch(`${second!.url}/account`, { redirect: "manual" });
    expect([302, 303]).toContain(anonymous.status);
  });

  test("the sign-in limit counts failures on both instances together (Redis)", async () => {
    const email = `limit-${randomUUID().slice(0, 8)}@e2e.test`;
    const clientIp = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
    redisKeys.push(...signInRedisKeys(email, clientIp));
    // An account and address may fail 5 times before they wait (auth-rate-limits.server.ts):
    // 3 failures on one instance and 2 on the other, so a refusal proves the count is shared.
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await signIn(attempt % 2 ? second! : first!, email, "fel-lösenord-1", clientIp);
      expect(response.status, `attempt ${attempt + 1}`).not.toBe(429);
    }
    for (const instance of [first!, second!]) {
      const refused = await signIn(instance, email, "fel-lösenord-1", clientIp);
      expect(refused.status, instance.url).toBe(429);
    }
  });

  test("a public page served from the micro-cache runs its scripts under a fresh nonce", async ({ page }) => {
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to execute/i.test(message.text())) blocked.push(message.text());
    });
    // The micro-cache keeps a page for 3 s: on a slow machine the second view may miss it, so try a few times.
    let cache = "";
    for (let attempt = 0; attempt < 4 && cache !== "HIT"; attempt++) {
      cache = (await page.goto(`${first!.url}/how-it-works`))?.headers()["x-cache"] ?? "";
    }
    expect(cache).toBe("HIT");
    // Hydrated: React Router's client context exists, so the inline scripts ran.
    await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    expect(blocked).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("the every-minute deliver-email schedule fires once per minute, not once per instance", async () => {
    // Watch one whole cron minute that both instances were up for: wait for the next
    // minute to start, then long enough for both instances' cron checks (every 30 s) and the worker.
    const [{ now }] = await query<{ now: Date }>("select now()");
    const minuteStart = new Date(Math.ceil((now.getTime() + 1) / 60_000) * 60_000);
    await new Promise((resolve) => setTimeout(resolve, minuteStart.getTime() - now.getTime() + 50_000));
    const runs = await query<{ started_at: Date }>(
      `select started_at from job_runs where job = 'deliver-email' and trigger = 'schedule' and started_at >= $1 and started_at < $2 order by started_at`,
      [minuteStart, new Date(minuteStart.getTime() + 55_000)],
    );
    expect(runs, `scheduled deliver-email runs in the minute from ${minuteStart.toISOString()}`).toHaveLength(1);
  });
});

/** The Redis keys a sign-in from `clientIp` may write (rl:<limit name>:<key>), to clean up after. */
function signInRedisKeys(email: string, clientIp: string) {
  return [
    `rl:sign-in-failures:ip:${clientIp}`,
    `rl:sign-in-failures:account-ip:${email}|${clientIp}`,
    `rl:sign-in-wait:${email}|${clientIp}`,
  ];
}

function randomOctet() {
  return 1 + Math.floor(Math.random() * 254);
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
