// npm run bench:similar -- [--size 1000000] [--names 150] [--database-url <url>] [--database-name snart_bench_search]
// A name page's similar names (findSimilarDomains) on PostgreSQL at --size demo names: the time of the
// query, one name at a time, and how many of the truly closest names it finds. The truth is pg_trgm's
// similarity() over every name a visitor can get (a full scan, ~1 s a name at a million names), so the
// recall says what the index's few candidates per piece miss. Names in an order unrelated to any list's.
import { readProcessOptions } from "~cli/command-line";
import { openDatabase } from "~/server/db/client.server";
import { parseDomainName } from "~/domain/names";
import { findSimilarDomains, SIMILAR_DOMAINS_LIMIT } from "~/server/domains/detail.server";
import { LISTED_STATUSES } from "~/server/domains/order.server";
import { describePostgresSettings } from "./support/database-settings";
import { percentile } from "~support/percentile";
import { prepareSearchBenchDatabase } from "~support/search-bench-database";

const options = readProcessOptions("bench/similar-names.ts", {
  size: { type: "string" },
  names: { type: "string" },
  "database-url": { type: "string" },
  "database-name": { type: "string" },
});
const size = Number(options.size ?? 1_000_000);
const sampleSize = Number(options.names ?? 150);
const serverUrl = String(options["database-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const databaseUrl = await prepareSearchBenchDatabase({ serverUrl, name: String(options["database-name"] ?? "snart_bench_search"), size, fresh: false });
const WARM_UP = 50;

const handle = await openDatabase({ databaseUrl, dataDir: "unused" });
try {
  const rows = await handle.query<{ unicode_name: string }>(
    `select unicode_name from domains order by md5(name || 'similar') limit ${WARM_UP + sampleSize}`,
  );
  const names = rows.map((row) => parseDomainName(row.unicode_name)).filter((parsed) => parsed.ok);
  for (const name of names.slice(0, WARM_UP)) await findSimilarDomains(handle.db, name);

  const times: number[] = [];
  let found = 0;
  let closestFound = 0;
  let closest = 0;
  for (const name of names.slice(WARM_UP)) {
    const started = performance.now();
    const similar = await findSimilarDomains(handle.db, name);
    times.push(performance.now() - started);
    const truth = await closestNames(name);
    found += similar.length;
    closest += truth.length;
    closestFound += similar.filter((domain) => truth.includes(domain.name)).length;
  }
  const measured = names.length - WARM_UP;
  console.log(`\nSimilar names, PostgreSQL, ${size.toLocaleString("en")} names (${await describePostgresSettings(databaseUrl)})`);
  console.table([
    {
      names: measured,
      "p50 ms": Number(percentile(times, 0.5).toFixed(2)),
      "p95 ms": Number(percentile(times, 0.95).toFixed(2)),
      "shown per name": Number((found / measured).toFixed(2)),
      "of the closest found": closest ? `${((100 * closestFound) / closest).toFixed(1)}%` : "–",
    },
  ]);
} finally {
  await handle.close();
}

/** The names a visitor can get closest to this one by similarity() (at least 0.3, as the page asks), from every name. */
async function closestNames(name: { ace: string; label: string }) {
  const rows = await handle.query<{ name: string }>(
    `select name from domains
      where status = any($3::domain_status[]) and name <> $1 and similarity(unicode_name, $2) >= 0.3
      order by similarity(unicode_name, $2) desc, name limit ${SIMILAR_DOMAINS_LIMIT}`,
    [name.ace, name.label.toLowerCase(), [...LISTED_STATUSES]],
  );
  return rows.map((row) => row.name);
}
