// Who a delegation's name servers belong to (docs/product.md, "Who the name
// servers belong to"; decision "name-server operators"): the table of host
// patterns (name_server_operators) read once, then matched per name in memory.
import { getDomain } from "tldts";
import { asc, eq } from "drizzle-orm";
import {
  normalizeHost,
  type NameServerOperatorKind,
  type NameServerOperatorMatch,
  type NameServerOperatorRow,
} from "~/domain/name-server-operators";
import type { Db } from "~/server/db/client.server";
import { nameServerOperators, zoneDelegations } from "~/server/db/schema/index.server";

type Pattern = { pattern: string; operator: string; kind: NameServerOperatorKind };

/** Every row, by pattern: the backoffice's list and the matcher's input. */
export async function listNameServerOperators(db: Db): Promise<NameServerOperatorRow[]> {
  return db.select().from(nameServerOperators).orderBy(asc(nameServerOperators.pattern));
}

/**
 * A matcher over `patterns`: for a delegation's name servers, the operator
 * of the most specific pattern each host matches (a host matches a pattern
 * it equals or ends with after a dot); where the hosts match different
 * operators, the one most of them match, a tie going to the one matched
 * first in the order given. When none matches, the registrable domain of the
 * first host (the public suffix list, bundled with tldts) as an unknown
 * operator of kind "other"; null for no name servers.
 */
export function nameServerOperatorMatcher(patterns: readonly Pattern[]) {
  const byPattern = new Map(patterns.map((row) => [normalizeHost(row.pattern), row]));

  function patternOf(host: string): Pattern | undefined {
    // From the whole host to its last two labels: the first hit is the longest, most specific pattern.
    for (let at = 0; host.indexOf(".", at) !== -1; at = host.indexOf(".", at) + 1) {
      const hit = byPattern.get(host.slice(at));
      if (hit) return hit;
    }
    return undefined;
  }

  return function operatorOf(nameServers: readonly string[]): NameServerOperatorMatch | null {
    const hosts = nameServers.map(normalizeHost).filter((host) => host !== "");
    if (hosts.length === 0) return null;
    const tally = new Map<string, { row: Pattern; count: number }>();
    for (const host of hosts) {
      const row = patternOf(host);
      if (!row) continue;
      // One operator may have several patterns (websupport.se, websupport.sk): counted as one.
      const key = `${row.kind}\u0000${row.operator}`;
      const entry = tally.get(key);
      if (entry) entry.count += 1;
      else tally.set(key, { row, count: 1 });
    }
    let best: { row: Pattern; count: number } | undefined;
    for (const entry of tally.values()) if (!best || entry.count > best.count) best = entry;
    if (best) return { operator: best.row.operator, kind: best.row.kind, known: true, pattern: normalizeHost(best.row.pattern) };
    const first = hosts[0];
    return { operator: getDomain(first) ?? first, kind: "other", known: false, pattern: null };
  };
}

/** A matcher over the table as it is now. */
export async function loadNameServerOperatorMatcher(db: Db) {
  return nameServerOperatorMatcher(await listNameServerOperators(db));
}

/** Who a delegated name's name servers belong to, or null when the zone in force does not delegate it (ACE form, lower case). */
export async function findDelegationOperator(db: Db, name: string): Promise<NameServerOperatorMatch | null> {
  const [delegation] = await db
    .select({ nameServers: zoneDelegations.nameServers })
    .from(zoneDelegations)
    .where(eq(zoneDelegations.name, name.toLowerCase()));
  if (!delegation) return null;
  return (await loadNameServerOperatorMatcher(db))(delegation.nameServers);
}
