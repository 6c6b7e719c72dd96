// What the registry's zone said of a name at a past moment (decision 0088), as SQL expressions over
// the zone store: the catch-risk forecast groups released names by their zone features as of their
// release, never as of today, or judging it on past days would read what happened after them (a
// caught name is back in the zone; a sibling registered since). The changes (zone_changes, kept 13
// months) say when each name came and went; before a TLD's first snapshot nothing is known.
//
// Each builder takes SQL expressions (a column, a parameter) and returns an expression; nothing
// spliced in is input. Qualify a column with its table ("d.name"): inside these subqueries a bare
// `name` or `tld` is the zone tables' own column.
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { siblingNameSql } from "./name-families.server";

const dialect = new PgDialect();

/** A Drizzle fragment without parameters as text, for the statements here, which are written as text. */
export function sqlText(fragment: SQL): string {
  return dialect.sqlToQuery(fragment).sql;
}

/** siblingNameSql over a string expression: the same label in the other TLD. */
function siblingOf(name: string): string {
  return sqlText(siblingNameSql(sql.raw(name)));
}

/** A released name is usually deactivated 67 days before its release (DOMAIN.md); the zone must have been read since before that to say it was not delegated. */
export const NOT_DELEGATED_AFTER_READ_DAYS = 70;
/** A stay in the zone shorter than this before the drop is "short": the first year is the least a .se/.nu name is registered for. */
export const LONG_STAY = "1 year";
/** Kinds of operator whose name servers mean the name was held for sale rather than used. */
const HELD_FOR_SALE_KINDS = "('parking', 'aftermarket')";

/** A succeeded snapshot of `tld` had been applied by `at`: the zone of that TLD was known then. */
export function zoneKnownAtSql(tld: string, at: string): string {
  return `exists (select 1 from zone_snapshots known where known.tld::text = ${tld} and known.state = 'succeeded' and known.applied_at <= ${at})`;
}

/**
 * `name` (ACE, lower case) was delegated at `at`, given that its TLD's zone was known then: its last
 * change by then says so; without one, it was in the snapshots since the first as it is now, so its
 * first change after `at` (or, with none, today's delegations) says so.
 */
export function delegatedAtSql(name: string, at: string): string {
  return `coalesce(
      (select prev_change.kind <> 'disappeared' from zone_changes prev_change where prev_change.name = ${name} and prev_change.seen_at <= ${at} order by prev_change.seen_at desc, prev_change.id desc limit 1),
      (select next_change.kind <> 'appeared' from zone_changes next_change where next_change.name = ${name} and next_change.seen_at > ${at} order by next_change.seen_at, next_change.id limit 1),
      exists (select 1 from zone_delegations now_in where now_in.name = ${name}))`;
}

/** The sibling (the same label under the other TLD) was delegated at `at`; null when that TLD's zone was not known then. */
export function siblingRegisteredAtSql(name: string, at: string): string {
  const sibling = siblingOf(name);
  return `case when ${zoneKnownAtSql(`right(${sibling}, 3)`, at)} then ${delegatedAtSql(sibling, at)} end`;
}

/**
 * A twin was delegated at `at` (the rule of twinRegisteredSql, as of then): a name with accented
 * letters folding to `folded` other than the name and its sibling, or, for an accented name, its
 * plain form in either TLD. The candidates are the twins delegated now (by the twin index) and the
 * accented names in `changedFolds` (a relation of name, fold: the accented names changed since `at`,
 * which holds every twin delegated then and gone since). Null when no TLD's zone was known then.
 */
export function twinRegisteredAtSql(name: string, folded: string, at: string, changedFolds: string): string {
  const sibling = siblingOf(name);
  return `case when exists (select 1 from zone_snapshots known where known.state = 'succeeded' and known.applied_at <= ${at}) then
      exists (select 1 from (select twin.name from zone_delegations twin where twin.name like 'xn--%' and zone_twin_fold(twin.name) = ${folded}
                             union select changed.name from ${changedFolds} changed where changed.fold = ${folded}) as candidate
               where candidate.name <> ${name} and candidate.name <> ${sibling} and ${delegatedAtSql("candidate.name", at)})
      or (${name} like 'xn--%' and (${delegatedAtSql(`${folded} || '.se'`, at)} or ${delegatedAtSql(`${folded} || '.nu'`, at)}))
    end`;
}

/**
 * How `name` was delegated before it last dropped out of the zone by `at` (DELEGATION_GROUPS,
 * app/domain/catch-risk.ts): 'parked' when any name server of its last stay was a parking or
 * aftermarket service's (name_server_operators, by host suffix); else 'long' when that stay began
 * a year or more before the drop or before the first snapshot (then at least as long as the zone
 * has been read), 'short' otherwise; 'none' when it did not drop in the zone's history and the
 * zone was read from NOT_DELEGATED_AFTER_READ_DAYS before `at`; 'unknown' when it was not.
 */
export function delegationGroupAtSql(name: string, tld: string, at: string): string {
  return `(select case
      when dropped.seen_at is null then
        case when ${zoneKnownAtSql(tld, `${at} - interval '${NOT_DELEGATED_AFTER_READ_DAYS} days'`)} then 'none' else 'unknown' end
      when exists (select 1 from unnest(dropped.old_name_servers) as host
                     join name_server_operators op on op.kind in ${HELD_FOR_SALE_KINDS}
                      and (host = op.pattern or right(host, length(op.pattern) + 1) = '.' || op.pattern)) then 'parked'
      when coalesce((select max(came.seen_at) from zone_changes came
                      where came.name = ${name} and came.kind = 'appeared' and came.seen_at < dropped.seen_at), '-infinity')
           <= dropped.seen_at - interval '${LONG_STAY}' then 'long'
      else 'short' end
    from (select 1) as one
    left join lateral (select gone.seen_at, gone.old_name_servers from zone_changes gone
                        where gone.name = ${name} and gone.kind = 'disappeared' and gone.seen_at <= ${at}
                        order by gone.seen_at desc limit 1) as dropped on true)`;
}
