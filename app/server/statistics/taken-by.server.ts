// "Vem tar de släppta namnen?" (docs/product.md, "Statistics"; decision 0073):
// the names released in the last 30 and 90 days that the registry's zone has again after their
// release, with the operator the name servers of that first snapshot point at.
//
// A released name is out of the zone from its deactivation until someone registers it again, so
// the first `appeared` change of its name at or after its release moment (04:00 UTC on the release
// date) is the first snapshot that has it again; its `new_name_servers` are the ones it came back
// with. The operator is the zone's own matcher's (nameServerOperatorMatcher: the site's table, else
// the first name server's registrable domain), applied here in memory over the released names of
// 90 days, a few tens of thousands at most; SQL finds each name's first appearance by its index.
import { charGroup, CHAR_GROUPS, lengthGroup, LENGTH_GROUPS } from "~/domain/statistics";
import {
  emptyKinds,
  median,
  TAKEN_BY_MAX_OPERATORS,
  TAKEN_BY_TOP_PER_GROUP,
  TAKEN_BY_WINDOWS,
  type TakenByGroup,
  type TakenByOperator,
  type TakenByWindow,
  type TakenByWindowDays,
} from "~/domain/statistics-taken-by";
import type { NameServerOperatorKind } from "~/domain/name-server-operators";
import { addDays } from "~/domain/utc-dates";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { TransactionQuery } from "~/server/db/with-transaction.server";
import { nameServerOperatorMatcher } from "~/server/zone/operators.server";
import { charGroupSql, lengthGroupSql, releaseMomentSql } from "./statistics-sql.server";

type TakenRow = { release_date: string; length: number; name_chars: number; seconds: number; name_servers: string[] };
type Operator = { operator: string; kind: NameServerOperatorKind; known: boolean };

/** `<kind>:<known>:<operator>`: an operator's key in stats_taken_by_groups (kind and flag hold no colon). */
const operatorKey = (operator: Operator) => `${operator.kind}:${operator.known ? 1 : 0}:${operator.operator}`;

function parseOperatorKey(key: string): Operator {
  const [kind, known, ...name] = key.split(":");
  return { kind: kind as NameServerOperatorKind, known: known === "1", operator: name.join(":") };
}

/**
 * Replaces stats_taken_by and stats_taken_by_groups for the periods ending on `lastReleased` (the
 * latest release day whose moment has passed): a period of N days holds the release days from
 * N days before today to it. Runs inside refreshStatistics' transaction for its part.
 */
export async function computeTakenBy(query: TransactionQuery, window: { today: string; lastReleased: string }): Promise<void> {
  const longest = Math.max(...TAKEN_BY_WINDOWS);
  const moment = releaseMomentSql("o.release_date");
  const first = addDays(window.today, -longest);
  const released = `o.release_date between $1::date and $2::date and o.released_at is not null`;
  // The names released per period and group, counted in SQL: most are never seen again and need no more.
  const releasedCounts = await query<{ release_date: string; length_group: string; char_group: string; names: number }>(
    `select o.release_date::text as release_date, ${lengthGroupSql("o.length")} as length_group, ${charGroupSql("o.name_chars")} as char_group,
            count(*)::int as names
       from release_outcomes o where ${released} group by 1, 2, 3`,
    [first, window.lastReleased],
  );
  // The ones back in the zone: each name's first appearance at or after its release moment (the name's
  // changes by zone_changes_name_idx), with the name servers it came back with.
  const taken = await query<TakenRow>(
    `select distinct on (o.domain_name) o.release_date::text as release_date, o.length, o.name_chars,
            extract(epoch from c.seen_at - ${moment})::float8 as seconds, c.new_name_servers as name_servers
       from release_outcomes o
       join zone_changes c on c.name = o.domain_name and c.kind = 'appeared' and c.seen_at >= ${moment}
      where ${released}
      order by o.domain_name, c.seen_at`,
    [first, window.lastReleased],
  );
  const patterns = await query<{ pattern: string; operator: string; kind: NameServerOperatorKind }>(
    // The table as loadNameServerOperatorMatcher reads it (patterns are unique; a tie goes to the first host's operator).
    "select pattern, operator, kind from name_server_operators order by pattern",
  );
  const operatorOf = nameServerOperatorMatcher(patterns);
  // Many names come back with the same name servers (a host's default pair): matched once per set.
  const matched = new Map<string, Operator | null>();
  const matchOnce = (nameServers: string[]) => {
    const key = nameServers.join(" ");
    if (!matched.has(key)) {
      const match = operatorOf(nameServers);
      matched.set(key, match && { operator: match.operator, kind: match.kind, known: match.known });
    }
    return matched.get(key)!;
  };

  await query("delete from stats_taken_by");
  await query("delete from stats_taken_by_groups");
  for (const days of TAKEN_BY_WINDOWS) {
    const from = addDays(window.today, -days);
    const counts = new Map<string, { operator: Operator; length: string; chars: string; names: number }>();
    const groups = new Map<string, { grouping: string; key: string; released: number | null; seconds: number[] }>();
    const group = (grouping: string, key: string, counted: boolean) => {
      const id = `${grouping}\u0000${key}`;
      let entry = groups.get(id);
      if (!entry) groups.set(id, (entry = { grouping, key, released: counted ? 0 : null, seconds: [] }));
      return entry;
    };
    for (const row of releasedCounts.filter((count) => count.release_date >= from)) {
      for (const entry of [group("all", "", true), group("length", row.length_group, true), group("chars", row.char_group, true)]) entry.released! += row.names;
    }
    for (const row of taken.filter((name) => name.release_date >= from)) {
      const operator = matchOnce(row.name_servers);
      if (!operator) continue;
      const length = lengthGroup(row.length);
      const chars = charGroup(row.name_chars);
      for (const entry of [group("all", "", true), group("length", length, true), group("chars", chars, true), group("operator", operatorKey(operator), false)]) {
        entry.seconds.push(row.seconds);
      }
      const id = [operatorKey(operator), length, chars].join("\u0000");
      const count = counts.get(id);
      if (count) count.names += 1;
      else counts.set(id, { operator, length, chars, names: 1 });
    }
    if (counts.size > 0) {
      const list = [...counts.values()];
      await query(
        `insert into stats_taken_by (window_days, operator, kind, known, length_group, char_group, names)
         select $1, * from unnest($2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::int[])`,
        [
          days,
          list.map((count) => count.operator.operator),
          list.map((count) => count.operator.kind),
          list.map((count) => count.operator.known),
          list.map((count) => count.length),
          list.map((count) => count.chars),
          list.map((count) => count.names),
        ],
      );
    }
    if (groups.size > 0) {
      const list = [...groups.values()];
      await query(
        `insert into stats_taken_by_groups (window_days, grouping, group_key, released, taken, median_seconds)
         select $1, * from unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::float8[])`,
        [
          days,
          list.map((entry) => entry.grouping),
          list.map((entry) => entry.key),
          list.map((entry) => entry.released),
          list.map((entry) => entry.seconds.length),
          list.map((entry) => median(entry.seconds)),
        ],
      );
    }
  }
}

type CountRow = { window_days: number; operator: string; kind: NameServerOperatorKind; known: boolean; length_group: string; char_group: string; names: number };
type GroupRow = { window_days: number; grouping: string; group_key: string; released: number | null; taken: number; median_seconds: number | null };

/** Both periods as /statistik and the API show them, from the two small tables computeTakenBy fills. */
export async function loadTakenBy(handle: DatabaseHandle): Promise<TakenByWindow[]> {
  const countRows = await handle.query<CountRow>(
    "select window_days, operator, kind, known, length_group, char_group, names from stats_taken_by",
  );
  const groupRows = await handle.query<GroupRow>(
    "select window_days, grouping, group_key, released, taken, median_seconds from stats_taken_by_groups",
  );
  return TAKEN_BY_WINDOWS.map((days) => takenByWindow(
    days,
    countRows.filter((row) => row.window_days === days),
    groupRows.filter((row) => row.window_days === days),
  ));
}

/** Most names first; equal ones by name, so the order never depends on the rows' order. */
const byNames = <T extends { names: number; operator: string }>(a: T, b: T) => b.names - a.names || (a.operator < b.operator ? -1 : a.operator > b.operator ? 1 : 0);

function takenByWindow(days: TakenByWindowDays, counts: CountRow[], groups: GroupRow[]): TakenByWindow {
  const groupRow = (grouping: string, key: string) => groups.find((row) => row.grouping === grouping && row.group_key === key);
  const all = groupRow("all", "");
  const operators: TakenByOperator[] = groups
    .filter((row) => row.grouping === "operator")
    .map((row) => ({ ...parseOperatorKey(row.group_key), names: row.taken, medianSeconds: row.median_seconds ?? 0 }))
    .sort(byNames);
  const listed = operators.slice(0, TAKEN_BY_MAX_OPERATORS);
  const rest = operators.slice(TAKEN_BY_MAX_OPERATORS);

  const groupOf = (grouping: "length" | "chars", key: string, label: string): TakenByGroup => {
    const row = groupRow(grouping, key);
    const mine = counts.filter((count) => (grouping === "length" ? count.length_group : count.char_group) === key);
    const kinds = emptyKinds();
    const perOperator = new Map<string, { operator: string; kind: NameServerOperatorKind; known: boolean; names: number }>();
    for (const count of mine) {
      kinds[count.kind] += count.names;
      const id = operatorKey(count);
      const entry = perOperator.get(id);
      if (entry) entry.names += count.names;
      else perOperator.set(id, { operator: count.operator, kind: count.kind, known: count.known, names: count.names });
    }
    return {
      key,
      label,
      released: row?.released ?? 0,
      taken: row?.taken ?? 0,
      kinds,
      topOperators: [...perOperator.values()].sort(byNames).slice(0, TAKEN_BY_TOP_PER_GROUP),
      medianSeconds: row?.median_seconds ?? null,
    };
  };

  return {
    days,
    released: all?.released ?? 0,
    taken: all?.taken ?? 0,
    medianSeconds: all?.median_seconds ?? null,
    operators: listed,
    otherOperators: { operators: rest.length, names: rest.reduce((sum, operator) => sum + operator.names, 0) },
    byLength: LENGTH_GROUPS.map((group) => groupOf("length", group.key, group.label)),
    byChars: CHAR_GROUPS.map((group) => groupOf("chars", group.key, group.label)),
  };
}
