// npm run bench:watch-states -- [--size 20000] [--runs 30] [--database-url <url>]
// The account's watch list at the limit: a user with 1,000 watches (half of them listed demo names,
// half on no list, a third of those delegated in a .se zone snapshot, some gone from it), on
// PostgreSQL. Times a page of the list (listWatchStatePage: every watch's state, sorted, filtered,
// paged, and the shown states recorded) and the states alone (findWatchStates), p50 and p95.
import { eq } from "drizzle-orm";
import { readProcessOptions } from "~cli/command-line";
import { openDatabase } from "~/server/db/client.server";
import { bookmarks, user, zoneChanges, zoneDelegations, zoneSnapshots } from "~/server/db/schema/index.server";
import { findWatchStates, listWatchStatePage } from "~/server/bookmarks/watch-states.server";
import type { WatchListView } from "~/domain/watch-list-view";
import { percentile } from "~support/percentile";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";

const options = readProcessOptions("bench/watch-states.ts", {
  size: { type: "string" },
  runs: { type: "string" },
  "database-url": { type: "string" },
});
const size = Number(options.size ?? 20_000);
const runs = Number(options.runs ?? 30);
const serverUrl = String(options["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const databaseUrl = await prepareSearchBenchDatabase({ serverUrl, name: "snart_bench_watch_states", size, fresh: false });
const handle = await openDatabase({ databaseUrl, dataDir: "unused" });
const USER_ID = "bench-watch-states";
try {
  const db = handle.db;
  await db.delete(user).where(eq(user.id, USER_ID));
  await db
    .insert(user)
    .values({ id: USER_ID, name: "", email: `${USER_ID}@example.test`, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
  const listed = await handle.query<{ name: string }>(`select name from domains where tld = '.se' order by md5(name) limit 500`);
  const unlisted = Array.from({ length: 500 }, (_, index) => `bevakad${index}.se`);
  await db.delete(zoneDelegations).where(eq(zoneDelegations.tld, ".se"));
  await db.delete(zoneSnapshots).where(eq(zoneSnapshots.tld, ".se"));
  const at = new Date(Date.now() - 86_400_000);
  const [snapshot] = await db
    .insert(zoneSnapshots)
    .values({ tld: ".se", serial: 1, source: "demo", trigger: "bench", state: "succeeded", startedAt: at, appliedAt: at })
    .returning({ id: zoneSnapshots.id });
  const delegated = [...unlisted.slice(0, 170), ...listed.slice(0, 100).map((row) => row.name)];
  await db.insert(zoneDelegations).values(
    delegated.map((name) => ({
      name,
      tld: ".se" as const,
      nameServers: ["ns1.loopia.se", "ns2.loopia.se"],
      delegatedSince: at,
      sinceSnapshotId: snapshot.id,
      lastChangedAt: at,
      lastChangedSnapshotId: snapshot.id,
    })),
  );
  await db
    .insert(zoneChanges)
    .values(
      unlisted
        .slice(170, 250)
        .map((name) => ({ snapshotId: snapshot.id, tld: ".se" as const, name, kind: "disappeared" as const, seenAt: at })),
    );
  const names = [...listed.map((row) => row.name), ...unlisted];
  await db
    .insert(bookmarks)
    .values(names.map((name, index) => ({ userId: USER_ID, domainName: name, createdAt: new Date(Date.now() - index * 60_000) })));

  const time = async (work: () => Promise<unknown>) => {
    for (let warm = 0; warm < 5; warm += 1) await work();
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await work();
      times.push(performance.now() - started);
    }
    return { "p50 ms": Number(percentile(times, 0.5).toFixed(1)), "p95 ms": Number(percentile(times, 0.95).toFixed(1)) };
  };
  const view = (more: Partial<WatchListView>): WatchListView => ({ sort: "andrad", filter: null, page: 1, ...more });
  const rows = [
    { case: "states of 1,000 watches (findWatchStates)", ...(await time(() => findWatchStates(db, USER_ID, new Date()))) },
    { case: "list page 1, default order", ...(await time(() => listWatchStatePage(db, USER_ID, view({})))) },
    { case: "list page 5, by name", ...(await time(() => listWatchStatePage(db, USER_ID, view({ sort: "namn", page: 5 })))) },
    { case: "list, filter registered", ...(await time(() => listWatchStatePage(db, USER_ID, view({ filter: "registered" })))) },
  ];
  console.log(`\nWatch list at 1,000 watches, PostgreSQL, ${size.toLocaleString("en")} demo names, ${runs} runs each`);
  console.table(rows);
} finally {
  await handle.db.delete(user).where(eq(user.id, USER_ID));
  await handle.close();
}
