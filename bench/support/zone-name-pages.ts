// bench:zone's page step: `/d/{name}` rendered on every request by the built
// server, one visitor at a time, over a database holding a whole zone. Names
// of four kinds, as links from elsewhere reach them: delegated and on no list,
// gone from the zone and on no list, never seen, and listed (half of those
// delegated, registered again; half soon to be released, out of the zone).
import { readFileSync } from "node:fs";
import type { DatabaseHandle } from "~/server/db/client.server";
import { seededRandom } from "~/domain/seeded-random";
import { startBuiltServer } from "~support/built-server";
import { percentile } from "~support/percentile";
import { createDomains } from "~tests/factories/domains";

export const NAME_PAGE_KINDS = ["in the zone, on no list", "gone from the zone, on no list", "never seen", "listed"] as const;
export type NamePageKind = (typeof NAME_PAGE_KINDS)[number];
export type NamePageTimes = { kind: NamePageKind | "all"; requests: number; p50: number; p95: number; cpuMsPerPage: number };

const WARM_UP = 100;

/** Times `requests` pages of each kind (after a warm-up on other names), interleaved in a seeded order. */
export async function timeNamePages(
  handle: DatabaseHandle,
  options: { databaseUrl: string; tld: "se" | "nu"; buildDir: string; port: number; requests: number },
): Promise<NamePageTimes[]> {
  const each = options.requests + WARM_UP;
  const names = await pickNames(handle, options.tld, each);
  const server = await startBuiltServer({
    port: options.port,
    buildDir: options.buildDir,
    env: { DATABASE_URL: options.databaseUrl, JOBS_ENABLED: "false", SEED_DEMO: "false", ZONE_TLDS: "none", LOG_LEVEL: "silent" },
    startTimeoutMs: 180_000,
    outputTo: "stderr",
  });
  const cpuMs = () => {
    // /proc/<pid>/stat: utime and stime (fields 14 and 15) in clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const get = async (name: string) => {
    const response = await fetch(`${server.url}/d/${encodeURIComponent(name)}`, { headers: { "Cache-Control": "no-cache" } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/d/${name} answered ${response.status}`);
  };
  try {
    // The modules' first use, the first plans and V8's optimised code, on names not measured below.
    for (let index = 0; index < WARM_UP; index++) for (const kind of NAME_PAGE_KINDS) await get(names[kind][index]);
    const random = seededRandom(43);
    const order = NAME_PAGE_KINDS.flatMap((kind) => names[kind].slice(WARM_UP).map((name) => ({ kind, name })))
      .map((entry) => ({ entry, key: random() }))
      .sort((a, b) => a.key - b.key)
      .map(({ entry }) => entry);
    const times = new Map<NamePageKind, number[]>(NAME_PAGE_KINDS.map((kind) => [kind, []]));
    const cpuBefore = cpuMs();
    for (const { kind, name } of order) {
      const started = performance.now();
      await get(name);
      times.get(kind)!.push(performance.now() - started);
    }
    const cpuMsPerPage = (cpuMs() - cpuBefore) / order.length;
    const summary = (kind: NamePageKind | "all", values: number[]): NamePageTimes => ({
      kind,
      requests: values.length,
      p50: percentile(values, 0.5),
      p95: percentile(values, 0.95),
      cpuMsPerPage,
    });
    return [...NAME_PAGE_KINDS.map((kind) => summary(kind, times.get(kind)!)), summary("all", [...times.values()].flat())];
  } finally {
    await server.stop();
  }
}

/** `each` names of every kind (ACE form), the listed ones written into `domains` first. */
async function pickNames(handle: DatabaseHandle, tld: "se" | "nu", each: number): Promise<Record<NamePageKind, string[]>> {
  const delegated = (await handle.query<{ name: string }>(`select name from zone_delegations order by md5(name) limit ${2 * each}`)).map(
    (row) => row.name,
  );
  const gone = (
    await handle.query<{ name: string }>(
      `select name from (select distinct name from zone_changes where kind = 'disappeared'
         and not exists (select 1 from zone_delegations d where d.name = zone_changes.name)) gone order by md5(name) limit ${each}`,
    )
  ).map((row) => row.name);
  if (delegated.length < 2 * each || gone.length < each) {
    throw new Error(`The zone has too few names for ${each} pages of each kind (${delegated.length} delegated, ${gone.length} gone)`);
  }
  const listedInZone = delegated.slice(each, each + Math.ceil(each / 2));
  const listedSoon = Array.from({ length: each - listedInZone.length }, (_, index) => `snart-bench-${index}.${tld}`);
  await createDomains(handle.db, [
    ...listedInZone.map((name) => ({ name, status: "registered" as const })),
    ...listedSoon.map((name) => ({ name, status: "soonavailable" as const })),
  ]);
  await handle.query("analyze domains");
  // The listed kind interleaved, so its warm-up and its measured names hold both halves.
  const listed = listedInZone.flatMap((name, index) => [name, listedSoon[index]]).filter((name) => name !== undefined);
  return {
    "in the zone, on no list": delegated.slice(0, each),
    "gone from the zone, on no list": gone,
    "never seen": Array.from({ length: each }, (_, index) => `ledig-bench-${index}.${tld}`),
    listed: listed.slice(0, each),
  };
}
