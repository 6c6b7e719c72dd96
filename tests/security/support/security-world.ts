import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { createCalendarFeed } from "~/server/bookmarks/calendar-feed.server";
import { createWatchFeed } from "~/server/watch-feed/watch-feed-token.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { bookmarks } from "~/server/db/schema/index.server";
import { createImportRun } from "~/server/imports/release-list/runs/import-run-record.server";
import { saveSearch } from "~/server/saved-searches/saved-searches.server";
import { createDomains } from "~tests/factories/domains";
import { createSignedInUser, TEST_SITE_URL, useAppAuthForTests, type SignedInUser } from "~tests/factories/users";
import { createTestDatabase, ENGINES, postgresAvailable, type Engine } from "~tests/setup/test-db";
import { SEED, type SamplePost } from "~tests/security/route-access";

export const FOREIGN_ORIGIN = "https://evil.example";

export type Role = "visitor" | "user" | "admin";

export type SecurityWorld = {
  engine: Engine;
  handle: DatabaseHandle;
  user: SignedInUser;
  admin: SignedInUser;
  /** The user's calendar feed token. */
  feedToken: string;
  /** The user's watch-list Atom feed token. */
  watchFeedToken: string;
  /** The user's saved search (its id and its feeds' token). */
  savedSearch: { id: string; feedToken: string };
  configId: string;
  runId: string;
  cookieOf(role: Role): string | undefined;
};

/**
 * One database per engine for a whole file, seeded once: a plain user (with a
 * bookmark, a calendar feed and a saved search), an administrator, a few names of each status,
 * an import configuration and an import run. The tests here only make
 * requests that must be refused or that read, so sharing it is safe — and
 * each refusal is checked against a fingerprint of every table.
 */
export function describeWithSecurityWorld(name: string, suite: (world: () => SecurityWorld) => void) {
  for (const engine of ENGINES) {
    describe.skipIf(engine === "postgres" && !postgresAvailable())(`${name} [${engine}]`, () => {
      let world: SecurityWorld | undefined;
      beforeAll(async () => {
        const handle = await createTestDatabase(engine);
        world = await seedWorld(engine, handle);
      });
      // The app's singletons (database, auth, env, rate-limit counters) point at this world in every test.
      beforeEach(async () => {
        if (world) await useAppAuthForTests(world.handle);
      });
      afterAll(async () => {
        await world?.handle.close();
        world = undefined;
      });
      suite(() => {
        if (!world) throw new Error("The security world exists only inside tests.");
        return world;
      });
    });
  }
}

async function seedWorld(engine: Engine, handle: DatabaseHandle): Promise<SecurityWorld> {
  await useAppAuthForTests(handle);
  const db = handle.db;
  await createDomains(db, [
    { name: SEED.available, status: "available" },
    { name: SEED.premium, status: "premium", price: 5000 },
    { name: SEED.soon, status: "soonavailable" },
  ]);
  const user = await createSignedInUser(db, { email: "user@example.se" });
  const admin = await createSignedInUser(db, { email: "admin@example.se", role: "admin" });
  await db.insert(bookmarks).values({ userId: user.id, domainName: "xn--rksmrgs-5wao1o.se" });
  const feed = await createCalendarFeed(db, user.id);
  const watchFeed = await createWatchFeed(db, user.id);
  const saved = await saveSearch(db, user.id, { name: "Snart lediga .se", list: "soon-available", search: "tld=se" });
  if (!saved.ok) throw new Error("The security world's saved search was not saved.");
  const [config] = await handle.query<{ id: number }>("select id from tld_imports order by id limit 1");
  const runId = await createImportRun(handle, { source: "test", trigger: "cli", tld: ".se" }, new Date());
  await handle.query("update import_runs set state = 'succeeded', finished_at = now() where id = $1", [runId]);
  return {
    engine,
    handle,
    user,
    admin,
    feedToken: feed.token,
    watchFeedToken: watchFeed.token,
    savedSearch: { id: saved.search.id, feedToken: saved.search.feedToken },
    configId: String(config?.id ?? 1),
    runId: String(runId),
    cookieOf: (role) => (role === "user" ? user.cookie : role === "admin" ? admin.cookie : undefined),
  };
}

export function getRequest(path: string, options: { cookie?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  return new Request(new URL(path, TEST_SITE_URL), { headers });
}

/**
 * A POST as a browser sends it. `origin: null` sends neither Origin nor
 * Referer; `referer` sends only a Referer.
 */
export function postRequest(
  path: string,
  sample: SamplePost,
  options: { cookie?: string; origin?: string | null; referer?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(options.headers);
  if (options.origin !== null && options.referer === undefined) headers.set("origin", options.origin ?? TEST_SITE_URL);
  if (options.referer !== undefined) headers.set("referer", options.referer);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: BodyInit;
  if (sample.json) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(sample.json);
  } else if (sample.file) {
    const form = new FormData();
    for (const [key, value] of Object.entries(sample.form ?? {})) form.set(key, value);
    form.set(sample.file.field, new File([sample.file.content], sample.file.name, { type: sample.file.type }));
    body = form;
  } else {
    body = new URLSearchParams(sample.form ?? {});
  }
  return new Request(new URL(sample.path ?? path, TEST_SITE_URL), { method: "POST", headers, body });
}
