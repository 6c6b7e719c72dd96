import { openDatabase } from "~/server/db/client.server";
import { NO_FILTERS } from "~/domain/public-filters";
import { searchSoonAvailable, searchSoonAvailableWalkingForTests } from "~/server/domains/search.server";
const handle = await openDatabase({ dataDir: "/tmp/snart-bench-filters-100000" });
const db = handle.db;
const cases = [
  { term: "bil", sort: "name-desc", filters: { ...NO_FILTERS, endsWith: "en" } },
  { term: "bil", sort: "name-desc", filters: NO_FILTERS },
  { term: "24", sort: "name-asc", filters: { ...NO_FILTERS, characters: ["letters"] } },
] as const;
for (const c of cases) {
  for (const walk of [10_000, 0]) {
    const t = performance.now();
    const r = walk === 10_000 ? await searchSoonAvailable(db, { ...c, filters: c.filters as never, now: new Date() }) : await searchSoonAvailableWalkingForTests(db, { ...c, filters: c.filters as never, now: new Date() }, 1);
    console.log(c.term, c.sort, JSON.stringify(c.filters).slice(80, 140), "walk", walk, r.length, (performance.now() - t).toFixed(0), "ms");
  }
}
const r = await handle.query("explain analyze select name from domains where status = 'soonavailable' and strpos(left(unicode_name, -3), 'x') = 0 and (unicode_name collate \"C\") like any (array['%en.se','%en.nu']) order by release_date, name limit 10000");
console.log(r.map((x: any) => x["QUERY PLAN"]).join("\n"));
await handle.close();
