// npm run bench:siblings -- [--size 200000] [--zone-se 1500000] [--zone-nu 200000] [--embedded-size 50000]
//                            [--runs 40] [--engine both|postgres|pglite] [--database-url <url>]
// What siblings and twins add to the public lists (docs/product.md, "Siblings and twins"; decisions
// 0084, 0087 and 0089): `size` demo names (seedDemo, with its own zone history) and a zone filled to .se
// `zone-se` + .nu `zone-nu` delegated names, 3 % of them with å, ä or ö, among them the sibling of a
// fifth of the listed names and an accented twin of a twentieth. Then the time of the family flags'
// refresh (refreshFamilyFlags) over every listed name, first from nothing, then with nothing changed,
// and over the names 1,000 changes of a zone apply concern,
// and p50/p95 over `runs`: each list page alone (without its cards' families), as its loader reads it
// now (the stored flags with the page's query, decision 0089), as decision 0087 read them (a second
// statement, findNameFamilies) and as 0084 did (the zone probed per name), and the two filters on the soon list (first page, and the view's count) on the
// stored flags and, as before, probing the zone per row. On PostgreSQL the whole zone; on PGlite
// (--embedded-size names) the .nu zone's size alone.
// Target: the families add ≤ 2 ms to a page's p95 on PostgreSQL; PGlite within 3× of PostgreSQL.
// Writes bench/results/siblings.json. Run it under `flock /tmp/snart-bench.lock`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { readProcessOptions } from "~cli/command-line";
import { NO_FILTERS, type PublicFilters } from "~/domain/public-filters";
import { DEFAULT_SOON_SORT } from "~/lib/listing-params";
import type { DatabaseHandle, Db } from "~/server/db/client.server";
import { domains } from "~/server/db/schema/index.server";
import { seedDemo } from "~/server/demo/seed-demo.server";
import { type DomainPage, selectCardPage } from "~/server/domains/domain-card-data.server";
import { countListView, findAvailable, findSoonAvailable, FILTERED_COUNT_LIMIT, listViewWhere } from "~/server/domains/lists.server";
import { soonAvailableOrder } from "~/server/domains/order.server";
import { refreshFamilyFlags } from "~/server/zone/family-flags.server";
import {
  findNameFamilies,
  foldedLabelSql,
  readProbedFamilies,
  siblingRegisteredSql,
  twinRegisteredSql,
} from "~/server/zone/name-families.server";
import { percentile } from "~support/percentile";
import { fillBenchZone } from "./support/bench-zone";
import { openBenchDatabase, type BenchEngine } from "./support/import-bench-database";

const options = readProcessOptions("bench/siblings.ts", {
  size: { type: "string" },
  "embedded-size": { type: "string" },
  "zone-se": { type: "string" },
  "zone-nu": { type: "string" },
  runs: { type: "string" },
  engine: { type: "string" },
  "database-url": { type: "string" },
});
const runs = Number(options.runs ?? 40);
const zoneSe = Number(options["zone-se"] ?? 1_500_000);
const zoneNu = Number(options["zone-nu"] ?? 200_000);
const sizes: Record<BenchEngine, number> = {
  postgres: Number(options.size ?? 200_000),
  pglite: Number(options["embedded-size"] ?? 50_000),
};
const engineOption = String(options.engine ?? "both");
const engines = (engineOption === "both" ? ["postgres", "pglite"] : [engineOption]) as BenchEngine[];
const serverUrl = (typeof options["database-url"] === "string" ? options["database-url"] : undefined) ?? process.env.BENCH_DATABASE_URL;
if (engines.includes("postgres") && !serverUrl) {
  console.error("Give --database-url (or BENCH_DATABASE_URL), or pass --engine pglite");
  process.exit(2);
}
const TARGET_ADDED_MS = 2;
const now = new Date();

type Case = { name: string; read: (handle: DatabaseHandle) => Promise<DomainPage | unknown>; families?: boolean };
const filters = (change: Partial<PublicFilters>): PublicFilters => ({ ...NO_FILTERS, ...change });
// Each page read without its cards' families (`families: false`), then as the loaders read it (decision
// 0089: the flags with the page's own query), as decision 0087 read them (a second statement,
// findNameFamilies) and as 0084 did (the zone probed per name).
type PageCase = { name: string; read: (handle: DatabaseHandle, families: boolean) => Promise<DomainPage> };
const pageCases: PageCase[] = [
  { name: "soon p1 (100 cards)", read: (handle, families) => findSoonAvailable(handle.db, { pageSize: 100, now, families }) },
  { name: "soon p1 table (500 rows)", read: (handle, families) => findSoonAvailable(handle.db, { pageSize: 500, now, families }) },
  { name: "available p1 (100 cards)", read: (handle, families) => findAvailable(handle.db, { pageSize: 100, now, families }) },
];
// Decision 0084's filters, the zone probed per row, for the comparison: the soon list's first page and count.
const probedSibling = () => siblingRegisteredSql(sql`${domains.name}`);
const probedTwin = () => twinRegisteredSql(sql`${domains.name}`, foldedLabelSql(sql`${domains.name}`, sql`${domains.unicodeName}`));
const soonProbed = (db: Db, probe: SQL) =>
  selectCardPage(db, sql`${listViewWhere("soon-available", { now })} and ${probe}`, soonAvailableOrder(DEFAULT_SOON_SORT), {
    pageSize: 100,
  });
const countProbed = (db: Db, probe: SQL) =>
  db.select({ n: sql<number>`count(*)` }).from(
    db
      .select({ one: sql`1` })
      .from(domains)
      .where(sql`${listViewWhere("soon-available", { now })} and ${probe}`)
      .limit(FILTERED_COUNT_LIMIT + 1)
      .as("matches"),
  );
const filterCases: Case[] = [
  { name: "0084 probed: soon ?syskon=ja p1", read: (handle) => soonProbed(handle.db, probedSibling()) },
  { name: "0084 probed: soon ?tvilling=ja p1", read: (handle) => soonProbed(handle.db, probedTwin()) },
  { name: "0084 probed: soon both p1", read: (handle) => soonProbed(handle.db, sql`${probedSibling()} and ${probedTwin()}`) },
  { name: "0084 probed: soon ?syskon=ja count", read: (handle) => countProbed(handle.db, probedSibling()) },
  { name: "0084 probed: soon ?tvilling=ja count", read: (handle) => countProbed(handle.db, probedTwin()) },
  {
    name: "soon ?syskon=ja p1",
    read: (handle) => findSoonAvailable(handle.db, { pageSize: 100, now, filters: filters({ siblingRegistered: true }) }),
  },
  {
    name: "soon ?tvilling=ja p1",
    read: (handle) => findSoonAvailable(handle.db, { pageSize: 100, now, filters: filters({ twinRegistered: true }) }),
  },
  {
    name: "soon ?syskon=ja&tvilling=ja p1",
    read: (handle) =>
      findSoonAvailable(handle.db, { pageSize: 100, now, filters: filters({ siblingRegistered: true, twinRegistered: true }) }),
  },
  {
    name: "soon ?syskon=ja count (≤ 10,001)",
    read: (handle) => countListView(handle.db, "soon-available", { filters: filters({ siblingRegistered: true }), now }),
  },
  {
    name: "soon ?tvilling=ja count (≤ 10,001)",
    read: (handle) => countListView(handle.db, "soon-available", { filters: filters({ twinRegistered: true }), now }),
  },
];

type Result = {
  engine: BenchEngine;
  name: string;
  p50: number;
  p95: number;
  withFamiliesP50?: number;
  withFamiliesP95?: number;
  secondStatementP50?: number;
  secondStatementP95?: number;
  probedFamiliesP50?: number;
  probedFamiliesP95?: number;
};
type Refresh = {
  engine: BenchEngine;
  listed: number;
  firstMs: number;
  firstRewritten: number;
  againMs: number;
  againRewritten: number;
  changedMs: number;
  changedRewritten: number;
};
const refreshes: Refresh[] = [];
const results: Result[] = [];
const workDir = mkdtempSync(join(tmpdir(), "snart-bench-siblings-"));
try {
  for (const engine of engines) {
    const opened = await openBenchDatabase(engine, { serverUrl, workDir, databaseName: "snart_bench_siblings" });
    try {
      const started = Date.now();
      await seedDemo(opened.handle, { size: sizes[engine], now });
      const zone = engine === "postgres" ? { ".se": zoneSe, ".nu": zoneNu } : { ".se": 0, ".nu": zoneNu };
      await fillBenchZone(opened.handle.db, zone);
      await opened.handle.query("vacuum analyze");
      // The flags from nothing (as after migration 0043; seedDemo refreshed them over its own small zone,
      // so they are cleared first), then again with nothing changed (what a refresh after an import costs).
      await opened.handle.query("update domains set sibling_registered = null, twin_registered = null");
      await opened.handle.query("vacuum analyze domains");
      let started0 = performance.now();
      const firstRewritten = await refreshFamilyFlags(opened.handle.db);
      const firstMs = performance.now() - started0;
      started0 = performance.now();
      const againRewritten = await refreshFamilyFlags(opened.handle.db);
      const againMs = performance.now() - started0;
      // After an apply that is not a TLD's first: the names its changes concern. A run of 1,000 changes
      // (more than an hour's), drawn from the zone so that as many of them are siblings and twins as there are.
      const [run] = await opened.handle.query<{ id: number }>(
        "insert into zone_snapshots (tld, serial, source, trigger, state, started_at, applied_at) values ('.se', 2, 'demo', 'bench', 'succeeded', now(), now()) returning id",
      );
      await opened.handle.query(
        `insert into zone_changes (snapshot_id, tld, name, kind, new_name_servers, seen_at)
         select $1, tld, name, 'appeared', name_servers, now() from zone_delegations order by md5(name) limit 1000`,
        [run.id],
      );
      started0 = performance.now();
      const changedRewritten = await refreshFamilyFlags(opened.handle.db, { changesOf: run.id });
      const changedMs = performance.now() - started0;
      refreshes.push({ engine, listed: sizes[engine], firstMs, firstRewritten, againMs, againRewritten, changedMs, changedRewritten });
      console.log(
        `  flag refresh: ${firstMs.toFixed(0)} ms (${firstRewritten} rows written), again ${againMs.toFixed(0)} ms (${againRewritten}), ` +
          `after 1,000 changes ${changedMs.toFixed(0)} ms (${changedRewritten})`,
      );
      await opened.handle.query("vacuum analyze domains");
      const counts = await opened.handle.query<{ tld: string; n: number; idn: number }>(
        "select tld::text, count(*)::int as n, count(*) filter (where name like 'xn--%')::int as idn from zone_delegations group by tld order by tld",
      );
      console.log(
        `${engine}: ${sizes[engine].toLocaleString("sv-SE")} listed names, zone ${JSON.stringify(counts)}, filled in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      for (const benchCase of pageCases) {
        const alone = await time(() => benchCase.read(opened.handle, false));
        const withFamilies = await time(() => benchCase.read(opened.handle, true));
        const names = async () => (await benchCase.read(opened.handle, false)).domains.map((domain) => domain.name);
        const secondStatement = await time(async () => findNameFamilies(opened.handle.db, await names(), now));
        const probed = await time(async () => readProbedFamilies(opened.handle.db, await names()));
        results.push({
          engine,
          name: benchCase.name,
          ...alone,
          withFamiliesP50: withFamilies.p50,
          withFamiliesP95: withFamilies.p95,
          secondStatementP50: secondStatement.p50,
          secondStatementP95: secondStatement.p95,
          probedFamiliesP50: probed.p50,
          probedFamiliesP95: probed.p95,
        });
        print(results.at(-1)!);
      }
      for (const benchCase of filterCases) {
        results.push({ engine, name: benchCase.name, ...(await time(() => benchCase.read(opened.handle))) });
        print(results.at(-1)!);
      }
    } finally {
      await opened.close();
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const load = loadavg()
  .map((value) => value.toFixed(1))
  .join(" ");
console.log(
  `\n${cpus().length} cores, load average ${load}; target: the families add ≤ ${TARGET_ADDED_MS} ms to a page's p95 on PostgreSQL`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/siblings.json",
  JSON.stringify({ ranAt: now.toISOString(), runs, sizes, zone: { se: zoneSe, nu: zoneNu }, load, refreshes, results }, null, 2),
);
console.log("Wrote bench/results/siblings.json");

async function time(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

function print(result: Result) {
  const added =
    result.withFamiliesP95 === undefined
      ? ""
      : `  with families p50 ${ms(result.withFamiliesP50!)} p95 ${ms(result.withFamiliesP95)} (+${ms(result.withFamiliesP95 - result.p95)})` +
        `  0087 second statement p50 ${ms(result.secondStatementP50!)} p95 ${ms(result.secondStatementP95!)}` +
        `  probed (0084) p50 ${ms(result.probedFamiliesP50!)} p95 ${ms(result.probedFamiliesP95!)}`;
  console.log(`  ${result.name.padEnd(36)} p50 ${ms(result.p50)}  p95 ${ms(result.p95)}${added}`);
}

function ms(value: number): string {
  return value.toFixed(2);
}
