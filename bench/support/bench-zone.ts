// A zone for the list benchmarks (bench/siblings.ts, bench/search.ts, bench/public-filters.ts): the
// registry's zone at a given size beside the demo names, so that the lists' siblings and twins
// (decisions 0084, 0087, 0089) are measured against a zone the size of the (.se 1.5 M + .nu 0.2 M).
import { domainToASCII } from "node:url";
import { sql } from "drizzle-orm";
import type { OptionSpecs, OptionValues } from "~cli/command-line";
import type { Db } from "~/server/db/client.server";
import { refreshFamilyFlags } from "~/server/zone/family-flags.server";

export type ZoneSizes = Record<".se" | ".nu", number>;

/** `--zone` (seed the zone) and its sizes, `--zone-se` and `--zone-nu` (the by default). */
export const ZONE_OPTIONS = {
  zone: { type: "boolean" },
  "zone-se": { type: "string" },
  "zone-nu": { type: "string" },
} as const satisfies OptionSpecs;

/** The zone's sizes the options ask for; null without `--zone`. */
export function zoneSizesOf(options: OptionValues<typeof ZONE_OPTIONS>): ZoneSizes | null {
  if (options.zone !== true) return null;
  return { ".se": Number(options["zone-se"] ?? 1_500_000), ".nu": Number(options["zone-nu"] ?? 200_000) };
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The zone at `sizes` (fillBenchZone), then the listed names' family flags as a zone apply leaves them
 * (refreshFamilyFlags) and fresh statistics. A database that already holds a zone of that size (a kept
 * benchmark database) is left as it is, its flags refreshed if any are missing.
 */
export async function seedBenchZone(db: Db, sizes: ZoneSizes): Promise<void> {
  const started = Date.now();
  const counts = await rows<{ tld: string; n: number }>(db, sql`select tld::text, count(*)::int as n from zone_delegations group by tld`);
  const present = (tld: string) => counts.find((row) => row.tld === tld)?.n ?? 0;
  if (present(".se") >= sizes[".se"] && present(".nu") >= sizes[".nu"]) {
    const [{ missing }] = await rows<{ missing: boolean }>(
      db,
      sql`select exists (select 1 from domains where twin_registered is null) as missing`,
    );
    if (!missing) return console.log(`Reusing the zone (.se ${present(".se")}, .nu ${present(".nu")} names).`);
  } else {
    await fillBenchZone(db, sizes);
    await db.execute(sql`vacuum analyze zone_delegations`);
  }
  const rewritten = await refreshFamilyFlags(db);
  await db.execute(sql`vacuum analyze domains`);
  console.log(
    `Zone .se ${sizes[".se"]} + .nu ${sizes[".nu"]} names, ${rewritten} rows' flags set, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

/**
 * Tops the demo's zone up to `sizes` names a TLD: the siblings of a fifth of the listed names, an
 * accented twin (its first a, o or u as ä, ö or ü) of a twentieth, then generated names, 3 % of
 * them with å, ä or ö, all in one snapshot a TLD. The family flags are left to the caller.
 */
export async function fillBenchZone(db: Db, sizes: ZoneSizes): Promise<void> {
  const listed = await rows<{ name: string; unicode_name: string }>(db, sql`select name, unicode_name from domains order by random_key`);
  for (const tld of [".se", ".nu"] as const) {
    if (sizes[tld] === 0) continue;
    const [snapshot] = await rows<{ id: number }>(
      db,
      sql`insert into zone_snapshots (tld, serial, source, trigger, state, started_at, applied_at)
          values (${tld}, 1, 'demo', 'bench', 'succeeded', now(), now()) returning id`,
    );
    const names: string[] = [];
    listed.forEach((row, index) => {
      const label = row.unicode_name.slice(0, -3);
      if (index % 5 === 0) names.push(`${row.name.slice(0, -3)}${tld}`);
      if (index % 20 === 1 && /[aou]/.test(label))
        names.push(domainToASCII(`${label.replace(/[aou]/, (letter) => ({ a: "ä", o: "ö", u: "ü" })[letter]!)}${tld}`));
    });
    const [{ present }] = await rows<{ present: number }>(
      db,
      sql`select count(*)::int as present from zone_delegations where tld = ${tld}`,
    );
    const wanted = Math.max(0, sizes[tld] - present - names.length);
    for (let i = 0; i < wanted; i++)
      names.push(i % 33 === 0 ? domainToASCII(`zöne${i.toString(36)}å${tld}`) : `zone${i.toString(36)}x${tld}`);
    for (let start = 0; start < names.length; start += 20_000) {
      await db.execute(
        sql`insert into zone_delegations (name, tld, name_servers, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id)
            select name, ${tld}, array['ns1.loopia.se', 'ns2.loopia.se'], now(), ${snapshot.id}, now(), ${snapshot.id}
            from unnest(${sql.param(names.slice(start, start + 20_000).filter(Boolean))}::text[]) as given(name)
            on conflict (name) do nothing`,
      );
    }
  }
}
